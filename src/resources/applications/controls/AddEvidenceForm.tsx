import { useRef } from "react";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert, Box, Button, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ACCEPT } from "../../../../domain/entities/document";
import { evidenceCreateSchema, todayIso, type Evidence } from "../../../../domain/entities/framework";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { useAddEvidence } from "./control-api";

interface EvidenceFormValues {
  kind: "link" | "file";
  name: string;
  url: string;
  effective_on: string;
  expires_on: string;
  file: File | null;
}

const EMPTY: EvidenceFormValues = { kind: "link", name: "", url: "", effective_on: "", expires_on: "", file: null };

/**
 * The inputs as the domain's evidence rules see them: a file's name defaults to the file's own, a blank
 * effective date is today, a blank validity end is none, and a file must be chosen (the file itself travels
 * beside the checked values).
 */
const evidenceFormSchema = z
  .object({ kind: z.enum(["link", "file"]), name: z.string(), url: z.string(), effective_on: z.string(), expires_on: z.string(), file: z.custom<File | null>() })
  .superRefine((v, ctx) => {
    if (v.kind === "file" && !v.file) ctx.addIssue({ code: "custom", path: ["file"], message: "validation.required" });
  })
  .transform(({ kind, name, url, effective_on, expires_on, file }): z.input<typeof evidenceCreateSchema> => {
    const common = { name: name.trim() || (kind === "file" ? (file?.name ?? "") : ""), effective_on: effective_on || null, expires_on: expires_on || null };
    return kind === "link" ? { kind, url, ...common } : { kind, ...common };
  })
  .pipe(evidenceCreateSchema);

/** The form adding a link or a file as evidence of one control. */
export function AddEvidenceForm({ applicationId, controlId, onAdded }: { applicationId: string; controlId: string; onAdded(): void }) {
  const { t } = useTranslation();
  const { add, progress, uploading } = useAddEvidence(applicationId, controlId);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useResourceForm<typeof evidenceFormSchema, Evidence, EvidenceFormValues>({
    schema: evidenceFormSchema,
    values: EMPTY,
    save: (evidence): Promise<Evidence> => {
      const dates = { effective_on: evidence.effective_on ?? undefined, expires_on: evidence.expires_on ?? undefined };
      const file: File | null = form.getValues("file");
      return add(evidence.kind === "link" ? { ...evidence, ...dates } : { kind: "file", name: evidence.name, ...dates, file: file! });
    },
    success: "controls.evidence.added",
    onSaved: () => {
      if (fileInput.current) fileInput.current.value = "";
      onAdded();
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const file = useWatch({ control: form.control, name: "file" });
  const { errors } = form.formState;
  const url = form.field("url");
  const effective = form.field("effective_on");

  return (
    <Box component="form" noValidate aria-label={t("controls.evidence.addTitle")} onSubmit={form.submit} sx={{ display: "grid", gap: 1.5, mt: 1 }}>
      <Typography variant="subtitle2" component="h4">
        {t("controls.evidence.addTitle")}
      </Typography>
      <Controller
        name="kind"
        control={form.control}
        render={({ field }) => (
          <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} aria-label={t("controls.evidence.kind")}>
            <FormControlLabel value="link" control={<Radio />} label={t("controls.evidence.kinds.link")} />
            <FormControlLabel value="file" control={<Radio />} label={t("controls.evidence.kinds.file")} />
          </RadioGroup>
        )}
      />
      <TextField size="small" label={t("controls.evidence.name")} {...form.field("name")} />
      {kind === "link" ? (
        <TextField size="small" type="url" label={t("controls.evidence.url")} {...url} helperText={url.helperText ?? t("controls.evidence.urlHelp")} />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Button variant="outlined" component="label">
            {t("controls.evidence.chooseFile")}
            <input
              ref={fileInput}
              hidden
              type="file"
              accept={DOCUMENT_ACCEPT}
              onChange={(e) => form.setValue("file", e.target.files?.[0] ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              aria-label={t("controls.evidence.chooseFile")}
            />
          </Button>
          <Typography variant="body2" color={errors.file ? "error" : "text.secondary"}>
            {file?.name ?? form.fieldMessage(errors.file?.message) ?? t("controls.evidence.noFile")}
          </Typography>
        </Stack>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <TextField
          size="small"
          type="date"
          label={t("controls.evidence.effective")}
          {...effective}
          helperText={effective.helperText ?? t("controls.evidence.effectiveHelp")}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
        />
        <TextField
          size="small"
          type="date"
          label={t("controls.evidence.expiry")}
          {...form.field("expires_on")}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
        />
      </Stack>
      {form.failure && (
        <Alert severity="error" role="alert">
          {form.failure}
        </Alert>
      )}
      {uploading && <LinearProgress variant="determinate" value={progress ?? 0} aria-label={t("controls.evidence.uploadProgress")} />}
      {uploading && <Alert severity="info">{t("controls.evidence.uploading", { percent: progress ?? 0 })}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {t("controls.evidence.add")}
        </Button>
      </Box>
    </Box>
  );
}
