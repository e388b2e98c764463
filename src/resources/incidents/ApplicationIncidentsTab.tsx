import { Suspense, useState } from "react";
import { Alert, Box, Button, Typography } from "@mui/material";
import ReportProblemOutlined from "@mui/icons-material/ReportProblemOutlined";
import { useTranslation } from "react-i18next";
import type { ApplicationTabProps } from "../types";
import { IncidentCreateDialog } from "./create-dialog";
import { IncidentGrid, useIncidentTable } from "./IncidentGrid";

/** The application's Incidents tab: its incidents, newest first, and "Record incident" for those who may change it. */
export default function ApplicationIncidentsTab({ applicationId, canEdit }: ApplicationTabProps) {
  const { t } = useTranslation();
  const table = useIncidentTable(applicationId);
  const [creating, setCreating] = useState(false);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
          {t("incidents.tab.help")}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<ReportProblemOutlined />} onClick={() => setCreating(true)}>
            {t("incidents.create")}
          </Button>
        )}
      </Box>
      {table.tableQuery.error && <Alert severity="error">{t("incidents.loadFailed", { message: table.tableQuery.error.message })}</Alert>}
      <IncidentGrid table={table} withApplication={false} noRowsLabel={canEdit ? t("incidents.tab.emptyEditable") : t("incidents.tab.empty")} />
      {creating && (
        <Suspense fallback={null}>
          <IncidentCreateDialog applicationId={applicationId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
