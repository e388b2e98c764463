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
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { useControlDetail } from "./control-api";
import { ControlNotesForm } from "./ControlNotesForm";
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
  const refresh = () => {
    void query.refetch();
    onChanged();
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
            <ControlNotesForm applicationId={applicationId} control={control} canEdit={canEdit} onSaved={refresh} />
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
