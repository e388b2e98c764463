import { useCallback, useEffect, useMemo, useRef } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { Alert, Box, Button, IconButton, LinearProgress, TextField, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import { useDocumentColumns } from "../documents/document-columns";
import { SamplePreview } from "../documents/SamplePreview";
import { TableDocumentPicker } from "../documents/TableDocumentPicker";
import { suggestedLlmMapping } from "./new-test-form";
import { useGroupError, type NewTestForm } from "./new-test-fields";
import { PromptSetsSection } from "./PromptSetsSection";

/**
 * `fairness_llm_user`: the prompt sets to produce responses with, the responses file (a document, an upload or
 * a run through the endpoint), and which of its columns hold the prompt id, prompt, response, language and
 * protected attributes. A file made from a prompt set is mapped as soon as it is chosen.
 */
export function ResponsesFields({ applicationId, form, canRun }: { applicationId: string; form: NewTestForm; canRun: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = form;
  const groupError = useGroupError(control);
  const documentId = useWatch({ control, name: "document_id" });
  const { columns, sample, loading, error } = useDocumentColumns(applicationId, documentId);
  const { fields, append, remove, replace } = useFieldArray({ control, name: "others" });
  const columnOptions = useMemo(() => columns.map((c) => ({ value: c, label: c })), [columns]);
  const optionalOptions = useMemo(() => [{ value: "", label: t("testing.create.notMapped") }, ...columnOptions], [columnOptions, t]);

  // Each newly read file gets the mapping its column names suggest; the user's choices for it are kept after.
  const suggestedFor = useRef("");
  useEffect(() => {
    if (!documentId || columns.length === 0 || suggestedFor.current === documentId) return;
    suggestedFor.current = documentId;
    const { llm, others } = suggestedLlmMapping(columns);
    const options = { shouldDirty: true };
    setValue("llm.prompt_id", llm.prompt_id, options);
    setValue("llm.prompt", llm.prompt, options);
    setValue("llm.response", llm.response, options);
    setValue("llm.language", llm.language, options);
    replace(others);
  }, [documentId, columns, setValue, replace]);

  const choose = useCallback((id: string) => setValue("document_id", id, { shouldDirty: true, shouldValidate: true }), [setValue]);
  const protectedError = groupError("others");

  return (
    <>
      <PromptSetsSection applicationId={applicationId} canRun={canRun} onRan={(document) => choose(document.id)} />
      <Controller
        control={control}
        name="document_id"
        render={({ field: picked, fieldState }) => (
          <TableDocumentPicker
            applicationId={applicationId}
            value={picked.value}
            onChange={picked.onChange}
            label={t("testing.create.llm.document")}
            error={fieldState.error ? groupError("document_id") : undefined}
            canUpload
          />
        )}
      />
      {loading && <LinearProgress aria-label={t("testing.create.columnsLoading")} />}
      {error && <Alert severity="error">{t("testing.create.columnsFailed", { message: error.message })}</Alert>}
      {columns.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t("testing.create.sampleTitle")}
          </Typography>
          <SamplePreview columns={columns} sample={sample} />
          <Typography variant="subtitle2" component="h3">
            {t("testing.create.llm.columnsTitle")}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <SelectField control={control} name="llm.prompt_id" label={t("testing.create.llm.promptId")} required options={columnOptions} />
            <SelectField control={control} name="llm.prompt" label={t("testing.create.llm.prompt")} required options={columnOptions} />
            <SelectField control={control} name="llm.response" label={t("testing.create.llm.response")} required options={columnOptions} />
            <SelectField control={control} name="llm.language" label={t("testing.create.llm.language")} options={optionalOptions} help={t("testing.create.llm.languageHelp")} />
          </Box>
          <Typography variant="subtitle2" component="h3">
            {t("testing.create.llm.protectedTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("testing.create.llm.protectedHelp")}
          </Typography>
          {fields.map((row, i) => (
            <Box key={row.id} role="group" aria-label={t("testing.create.otherLabel", { number: i + 1 })} sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr auto", alignItems: "start" }}>
              <TextField label={t("testing.create.otherKey")} placeholder="gender" {...form.field(`others.${i}.key`)} />
              <SelectField control={control} name={`others.${i}.column`} label={t("testing.create.otherColumn")} options={columnOptions} />
              <IconButton aria-label={t("testing.create.removeOther", { number: i + 1 })} onClick={() => remove(i)} sx={{ mt: 1 }}>
                <DeleteOutlined />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button size="small" startIcon={<AddOutlined />} onClick={() => append({ key: "", column: "" })}>
              {t("testing.create.llm.addAttribute")}
            </Button>
          </Box>
          {protectedError && (
            <Typography variant="body2" color="error" role="alert">
              {protectedError}
            </Typography>
          )}
        </>
      )}
    </>
  );
}
