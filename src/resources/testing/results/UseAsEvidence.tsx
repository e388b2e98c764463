import { useState } from "react";
import { Alert, Button, CircularProgress, MenuItem, TextField, Typography } from "@mui/material";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { notify } from "../../../providers/notifications";
import type { DataSource } from "../../../../domain/entities/testing-task";
import { useAddTestEvidence, useEvidenceControls, type EvidenceControl } from "./evidence-api";

const controlText = (c: EvidenceControl) => `${c.control_id} — ${c.name} (${c.framework})`;

/** "Use as evidence": the test, once finished, becomes evidence of one of the application's bias-testing controls. */
export function UseAsEvidence({ applicationId, taskId, dataSource }: { applicationId: string; taskId: string; dataSource?: DataSource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [controlId, setControlId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { controls, query } = useEvidenceControls(applicationId, open, dataSource);
  const add = useAddTestEvidence(applicationId, taskId);

  const close = () => {
    setOpen(false);
    setControlId("");
    setError(null);
  };
  const confirm = async () => {
    const control = controls.find((c) => c.control_id === controlId);
    if (!control) {
      setError(t("testing-results.evidence.pick"));
      // The dialog stays open: there is nothing to add yet.
      throw new Error("no control picked");
    }
    setError(null);
    try {
      await add(control.control_id);
    } catch (failure) {
      setError(t("testing-results.evidence.failed", { message: (failure as Error).message }));
      throw failure;
    }
    notify({ severity: "success", message: t("testing-results.evidence.added", { control: controlText(control) }) });
  };

  return (
    <>
      <Button variant="outlined" startIcon={<FactCheckOutlined />} onClick={() => setOpen(true)}>
        {t("testing-results.evidence.button")}
      </Button>
      <ConfirmDialog open={open} title={t("testing-results.evidence.title")} confirmLabel={t("testing-results.evidence.confirm")} error={error} onClose={close} onConfirm={confirm}>
        <Typography sx={{ mb: 2 }}>{t("testing-results.evidence.body")}</Typography>
        {query.isLoading && <CircularProgress size={24} aria-label={t("testing-results.evidence.loading")} />}
        {query.error && (
          <Alert severity="error" role="alert">
            {t("testing-results.evidence.loadFailed", { message: query.error.message })}
          </Alert>
        )}
        {!query.isLoading && !query.error && controls.length === 0 && <Alert severity="info">{t("testing-results.evidence.none")}</Alert>}
        {controls.length > 0 && (
          <TextField select fullWidth label={t("testing-results.evidence.control")} value={controlId} onChange={(e) => setControlId(e.target.value)}>
            {controls.map((c) => (
              <MenuItem key={c.control_id} value={c.control_id}>
                {controlText(c)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ConfirmDialog>
    </>
  );
}
