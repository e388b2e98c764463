import { ColumnsPanelTrigger, Toolbar, useGridApiContext } from "@mui/x-data-grid";
import ViewColumnOutlined from "@mui/icons-material/ViewColumnOutlined";
import { ExportMenu, type ExportTarget } from "./ExportMenu";

declare module "@mui/x-data-grid" {
  interface ToolbarPropsOverrides {
    /** The list the Export menu exports; no menu without it. */
    exportTarget?: ExportTarget;
    /** The column chooser's label; no chooser without it. */
    columnsLabel?: string;
  }
}

/** Columns that are controls, not data (a row's buttons), never exported. */
const NOT_DATA = new Set(["actions", "__check__"]);

/**
 * A list grid's toolbar: the column chooser where the page offers one, and Export, which sends the grid's
 * visible columns in their order. Search and filters live above the grid as server filters, so the grid's own
 * quick filter and filter panel (client-side models) are left out.
 */
export function ListGridToolbar({ exportTarget, columnsLabel }: { exportTarget?: ExportTarget; columnsLabel?: string }) {
  const apiRef = useGridApiContext();
  const visibleColumns = () =>
    apiRef.current
      .getVisibleColumns()
      .filter((c) => !NOT_DATA.has(c.field) && !c.disableExport)
      .map((c) => c.field);
  return (
    <Toolbar>
      {columnsLabel && (
        <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlined fontSize="small" />}>
          {columnsLabel}
        </ColumnsPanelTrigger>
      )}
      {exportTarget && <ExportMenu target={exportTarget} columns={visibleColumns} />}
    </Toolbar>
  );
}
