import { Link as RouterLink } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ImportEntity } from "../../../domain/imports/fields";
import { useResourceUrl } from "../links";

/** Import…: opens the import wizard for the list's records. */
export function ImportButton({ entity }: { entity: ImportEntity }) {
  const { t } = useTranslation();
  const resourceUrl = useResourceUrl();
  return (
    <Button variant="outlined" component={RouterLink} to={resourceUrl("imports", "wizard", { entity })}>
      {t("common.import.button")}
    </Button>
  );
}
