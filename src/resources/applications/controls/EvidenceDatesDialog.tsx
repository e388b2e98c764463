import { z } from "zod";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { evidenceDateErrors, evidenceUpdateSchema } from "../../../../domain/entities/evidence-dates";
import { todayIso, type Evidence } from "../../../../domain/entities/framework";
import { FormDialog } from "../../../components/dialogs/FormDialog";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { useEvidenceUpdate } from "./control-api";

interface DatesFormValues {
  name: string;
  effective_on: string;
  expires_on: string;
}

/** The dialog's fields as the domain's update sees them: a blank validity end is none; the dates checked against what is stored. */
const datesFormSchema = (stored: Evidence) =>
  z
    .object({ name: z.string(), effective_on: z.string(), expires_on: z.string() })
    .transform(({ name, effective_on, expires_on }): z.input<typeof evidenceUpdateSchema> => ({ name, effective_on, expires_on: expires_on || null }))
    .pipe(evidenceUpdateSchema)
    .superRefine((update, ctx) => {
      for (const error of evidenceDateErrors(stored, update)) ctx.addIssue({ code: "custom", path: [error.path], message: error.message });
    });

/** Changes a piece of evidence's name, the day it speaks for and the end of its validity. */
export function EvidenceDatesDialog({ applicationId, evidence, onClose, onSaved }: { applicationId: string; evidence: Evidence; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const update = useEvidenceUpdate(applicationId);
  const schema = datesFormSchema(evidence);
  const form = useResourceForm<typeof schema, Evidence, DatesFormValues>({
    schema,
    values: { name: evidence.name, effective_on: evidence.effective_on, expires_on: evidence.expires_on ?? "" },
    save: (values) => update(evidence.control_id, evidence.id, values),
    success: "controls.evidence.datesSaved",
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  const dateProps = { shrink: true };
  return (
    <FormDialog
      titleId={`evidence-dates-${evidence.id}`}
      title={t("controls.evidence.editTitle", { name: evidence.name })}
      help={t("controls.evidence.editHelp")}
      form={form}
      submitLabel={t("controls.evidence.saveDates")}
      onClose={onClose}
    >
      <TextField size="small" label={t("controls.evidence.name")} {...form.field("name")} />
      <TextField
        size="small"
        type="date"
        label={t("controls.evidence.effective")}
        {...form.field("effective_on")}
        slotProps={{ inputLabel: dateProps, htmlInput: { max: todayIso() } }}
      />
      <TextField size="small" type="date" label={t("controls.evidence.expiry")} {...form.field("expires_on")} slotProps={{ inputLabel: dateProps }} />
    </FormDialog>
  );
}
