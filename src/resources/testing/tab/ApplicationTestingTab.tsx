import { Suspense, useState } from "react";
import { Alert, Box, Button, Typography } from "@mui/material";
import ScienceOutlined from "@mui/icons-material/ScienceOutlined";
import { useTranslation } from "react-i18next";
import type { ApplicationTabProps } from "../../types";
import { ModelEndpointCard } from "../endpoint/model-endpoint-card";
import { NewTestDialog } from "../new-test/new-test-dialog";
import { useTestingTaskTable } from "./task-table";
import { useTestingPermissions } from "../testing-permissions";
import { TaskGrid } from "./TaskGrid";
import { TrendSection } from "./TrendSection";

/**
 * The application's Testing tab: its fairness tests with their status and findings, how the lowest impact
 * ratios moved across runs, "New test" for those who may start one, and the model endpoint synthetic tests call.
 */
export default function ApplicationTestingTab({ applicationId, canEdit }: ApplicationTabProps) {
  const { t } = useTranslation();
  const table = useTestingTaskTable(applicationId);
  const { canCreate, canDelete } = useTestingPermissions(applicationId);
  const [creating, setCreating] = useState(false);
  const error = table.tableQuery.error;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
          {t("testing.tab.help")}
        </Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<ScienceOutlined />} onClick={() => setCreating(true)}>
            {t("testing.create.button")}
          </Button>
        )}
      </Box>
      {error && <Alert severity="error">{t("testing.tab.loadFailed", { message: error.message })}</Alert>}
      <TaskGrid applicationId={applicationId} table={table} canDelete={canDelete} noRowsLabel={canCreate ? t("testing.tab.emptyEditable") : t("testing.tab.empty")} />
      <TrendSection applicationId={applicationId} />
      <Suspense fallback={null}>
        <ModelEndpointCard applicationId={applicationId} canEdit={canEdit} />
      </Suspense>
      {creating && (
        <Suspense fallback={null}>
          <NewTestDialog applicationId={applicationId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
