import { useEffect, useRef, useState } from "react";
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
import { useControlDetail, useControlUpdate } from "./control-api";
import { ConflictDialog, type ConflictRow } from "../../../components/forms/conflict/ConflictDialog";
import { isStaleVersion } from "../../../components/forms/conflict/stale-version";
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
  const updateControl = useControlUpdate(applicationId);
  const [notes, setNotes] = useState("");
  const [justification, setJustification] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The text a refused save held, shown beside what is stored now.
  const [conflict, setConflict] = useState<{ notes: string; justification: string; version: number } | null>(null);
  // The version the text shown was loaded from: a save made on it never overwrites a newer one.
  const editedVersion = useRef(control?.version ?? 0);

  useEffect(() => {
    setNotes(control?.notes ?? "");
    setJustification(control?.justification ?? "");
    editedVersion.current = control?.version ?? 0;
  }, [control?.notes, control?.justification, control?.version]);

  const conflictRows = (yours: { notes: string; justification: string }): ConflictRow[] => {
    const text = (value: string | null | undefined) => (value?.trim() ? value : t("common.conflict.empty"));
    const fields = [
      { field: "notes", label: t("controls.notes"), yours: text(yours.notes), current: text(control?.notes) },
      { field: "justification", label: t("controls.justification"), yours: text(yours.justification), current: text(control?.justification) },
    ];
    return fields.filter((row) => row.yours !== row.current);
  };

  const refresh = () => {
    void query.refetch();
    onChanged();
  };

  const saveText = async () => {
    setSaving(true);
    setError(null);
    try {
      await updateControl(controlId, { notes, ...(control?.status === "not_applicable" || justification ? { justification } : {}) }, editedVersion.current);
      notify({ severity: "success", message: t("controls.saved") });
      refresh();
    } catch (e) {
      if (isStaleVersion(e)) {
        setConflict({ notes, justification, version: editedVersion.current });
        refresh();
        return;
      }
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
      <ConflictDialog
        rows={conflict && conflictRows(conflict)}
        onReload={() => setConflict(null)}
        onClose={() => {
          // Back to the refused text, still made on the old version: saving it again is refused again.
          setNotes(conflict!.notes);
          setJustification(conflict!.justification);
          editedVersion.current = conflict!.version;
          setConflict(null);
        }}
      />
    </Dialog>
  );
}
