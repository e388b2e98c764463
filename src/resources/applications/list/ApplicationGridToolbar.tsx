import { ColumnsPanelTrigger, Toolbar } from "@mui/x-data-grid";
import ViewColumnOutlined from "@mui/icons-material/ViewColumnOutlined";
import { useTranslation } from "react-i18next";

/**
 * Only the column chooser: search and filters live above the grid as server filters, so the
 * grid's own quick filter and filter panel (client-side models) are left out.
 */
export function ApplicationGridToolbar() {
  const { t } = useTranslation();
  return (
    <Toolbar>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlined fontSize="small" />}>
        {t("applications.columns")}
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}
