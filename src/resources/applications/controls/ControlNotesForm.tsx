import { Alert, Box, Button, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { applicationControlUpdateSchema, type ApplicationControlDetail } from "../../../../domain/entities/framework";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { useControlUpdate } from "./control-api";

const notesSchema = applicationControlUpdateSchema.pick({ notes: true, justification: true });
type NotesValues = { notes: string; justification: string };

/** A control's justification and notes, saved together on the version shown. */
export function ControlNotesForm({ applicationId, control, canEdit, onSaved }: { applicationId: string; control: ApplicationControlDetail; canEdit: boolean; onSaved(): void }) {
  const { t } = useTranslation();
  const updateControl = useControlUpdate(applicationId);
  const form = useResourceForm<typeof notesSchema, ApplicationControlDetail, NotesValues>({
    schema: notesSchema,
    values: { notes: control.notes ?? "", justification: control.justification ?? "" },
    version: control.version,
    conflictFields: [
      { name: "notes", label: t("controls.notes") },
      { name: "justification", label: t("controls.justification") },
    ],
    refetch: onSaved,
    // The justification goes along when the control needs one (not applicable) or has one.
    save: ({ notes, justification }, version) =>
      updateControl(control.id, { notes, ...(control.status === "not_applicable" || justification ? { justification } : {}) }, version ?? control.version),
    success: "controls.saved",
    onSaved,
  });
  const justification = form.field("justification");

  return (
    <Box component="form" noValidate aria-label={t("controls.saveNotes")} onSubmit={form.submit} sx={{ display: "grid", gap: 2 }}>
      <TextField
        label={t("controls.justification")}
        multiline
        minRows={2}
        disabled={!canEdit}
        required={control.status === "not_applicable"}
        {...justification}
        helperText={justification.helperText ?? t("controls.justificationHelp")}
      />
      <TextField label={t("controls.notes")} multiline minRows={2} disabled={!canEdit} {...form.field("notes")} />
      {form.failure && (
        <Alert severity="error" role="alert">
          {form.failure}
        </Alert>
      )}
      {canEdit && (
        <Box>
          <Button type="submit" variant="outlined" disabled={form.busy}>
            {t("controls.saveNotes")}
          </Button>
        </Box>
      )}
      {form.conflictDialog}
    </Box>
  );
}
