import { useEffect, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { notify } from "../../../providers/notifications";
import { updateControl, useControlDetail } from "./control-api";
import { EvidenceSection } from "./EvidenceSection";

/** One control in full: what it asks, the requirements it meets, notes, justification and evidence. */
export function ControlDialog({
  applicationId,
  controlId,
  canEdit,
  onClose,
  onChanged,
}: {
  applicationId: string;
  controlId: string;
  canEdit: boolean;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const { control, query } = useControlDetail(applicationId, controlId);
  const [notes, setNotes] = useState("");
  const [justification, setJustification] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setNotes(control?.notes ?? "");
    setJustification(control?.justification ?? "");
  }, [control?.notes, control?.justification]);

  const refresh = () => {
    void query.refetch();
    onChanged();
  };

  const saveText = async () => {
    setSaving(true);
    setError(null);
    try {
      await updateControl(applicationId, controlId, { notes, ...(control?.status === "not_applicable" || justification ? { justification } : {}) });
      notify({ severity: "success", message: t("controls.saved") });
      refresh();
    } catch (e) {
      const http = e as HttpError;
      const field = http.errors?.justification;
      setError(Array.isArray(field) ? t(String(field[0])) : http.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="control-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="control-dialog-title">{control ? `${control.id} ${control.name}` : controlId}</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {query.isLoading && <LinearProgress aria-label={t("controls.loading")} />}
        {query.error && (
          <Alert severity="error" role="alert">
            {query.error.message}
          </Alert>
        )}
        {control && (
          <>
            <Typography>{control.description}</Typography>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t("controls.guidance")}
              </Typography>
              <Typography variant="body2">{control.guidance}</Typography>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t("controls.evidenceExpected")}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {control.evidence_expected.map((e) => (
                  <li key={e}>
                    <Typography variant="body2">{e}</Typography>
                  </li>
                ))}
              </Box>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t("controls.requirements")}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
                {control.requirements.map((r) => (
                  <Chip key={r.id} size="small" variant="outlined" label={`${r.framework_short_name} ${r.ref} — ${r.title}`} />
                ))}
              </Stack>
            </Box>
            <Divider />
            <TextField
              label={t("controls.justification")}
              value={justification}
              onChange={(e) => setJustification(e.target.value)}
              multiline
              minRows={2}
              disabled={!canEdit}
              required={control.status === "not_applicable"}
              error={Boolean(error)}
              helperText={error ?? t("controls.justificationHelp")}
            />
            <TextField label={t("controls.notes")} value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} disabled={!canEdit} />
            {canEdit && (
              <Box>
                <Button variant="outlined" onClick={() => void saveText()} disabled={saving}>
                  {t("controls.saveNotes")}
                </Button>
              </Box>
            )}
            <Divider />
            <EvidenceSection applicationId={applicationId} controlId={controlId} evidence={control.evidence} canEdit={canEdit} onChanged={refresh} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
