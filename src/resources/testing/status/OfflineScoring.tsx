import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Alert, Box, Button, LinearProgress, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { SelectField } from "../../../components/forms/SelectField";
import { useFieldMessage } from "../../../components/forms/field-errors";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { SectionCard } from "../../../components/layout/SectionCard";
import { apiBlob } from "../../../providers/api-client";
import { saveBlob } from "../../applications/documents/document-format";
import { useDocumentColumns } from "../documents/document-columns";
import { SamplePreview } from "../documents/SamplePreview";
import { TableDocumentPicker } from "../documents/TableDocumentPicker";
import { onInputs } from "../field-refusals";
import { testingTasksPath, useRefreshTasks } from "../task-api";
import { scoresFormSchema, scoresValuesOf, type ScoresValues } from "./scores-form";

/**
 * An offline synthetic test waits for its scores: the user downloads the population, scores it with their own
 * tooling, uploads the scored file and says which column holds the model's answer; the test then runs.
 */
export function OfflineScoring({ task, canUpdate }: { task: TestingTask; canUpdate: boolean }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const refresh = useRefreshTasks();
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { mutateAsync } = useCustomMutation<TestingTask>();
  const taskPath = `/${testingTasksPath(task.application_id)}/${task.id}`;

  const form = useResourceForm<typeof scoresFormSchema, TestingTask, ScoresValues>({
    schema: scoresFormSchema,
    values: scoresValuesOf(task.population),
    success: "testing.scores.sent",
    failure: "testing.scores.failed",
    save: async (body) => {
      try {
        const { data } = await mutateAsync({ url: `${taskPath}/scores`, method: "post", values: body, successNotification: false, errorNotification: false });
        await refresh();
        return data;
      } catch (error) {
        throw onInputs(error as HttpError);
      }
    },
  });
  const [documentId, outcomeType] = useWatch({ control: form.control, name: ["document_id", "columns.outcome_type"] });
  const { columns, sample, loading, error } = useDocumentColumns(task.application_id, documentId);
  const positive = form.field("columns.positive_value");

  const download = async () => {
    setDownloadFailure(null);
    setDownloading(true);
    try {
      saveBlob(await apiBlob(`${taskPath}/population.csv`), `population-${task.id.slice(0, 8)}.csv`);
    } catch (failure) {
      setDownloadFailure(t("testing.scores.downloadFailed", { message: (failure as HttpError).message }));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SectionCard titleId="testing-scores-title" title={t("testing.scores.title")}>
      <Typography variant="body2" color="text.secondary">
        {t("testing.scores.help")}
      </Typography>
      <Box sx={{ display: "grid", gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t("testing.scores.step1")}
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={downloading}>
            {t("testing.scores.download")}
          </Button>
        </Box>
        {downloadFailure && (
          <Alert severity="error" role="alert" onClose={() => setDownloadFailure(null)}>
            {downloadFailure}
          </Alert>
        )}
      </Box>
      {canUpdate ? (
        <Box component="form" noValidate aria-labelledby="testing-scores-title" onSubmit={form.submit} sx={{ display: "grid", gap: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t("testing.scores.step2")}
          </Typography>
          {form.failure && <Alert severity="error">{form.failure}</Alert>}
          <Controller
            control={form.control}
            name="document_id"
            render={({ field, fieldState }) => (
              <TableDocumentPicker
                applicationId={task.application_id}
                value={field.value}
                onChange={(id) => {
                  if (id !== field.value) form.setValue("columns.outcome", "");
                  field.onChange(id);
                }}
                label={t("testing.scores.document")}
                error={fieldMessage(fieldState.error?.message)}
                canUpload
              />
            )}
          />
          {loading && <LinearProgress aria-label={t("testing.create.columnsLoading")} />}
          {error && <Alert severity="error">{t("testing.create.columnsFailed", { message: error.message })}</Alert>}
          {columns.length > 0 && (
            <>
              <SamplePreview columns={columns} sample={sample} />
              <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" } }}>
                <SelectField control={form.control} name="columns.outcome" label={t("testing.create.outcome")} required options={columns.map((c) => ({ value: c, label: c }))} />
                <SelectField
                  control={form.control}
                  name="columns.outcome_type"
                  label={t("testing.create.outcomeType")}
                  options={(["binary", "score"] as const).map((v) => ({ value: v, label: t(`testing.outcomeTypes.${v}`) }))}
                />
                {outcomeType === "binary" && <TextField label={t("testing.create.positiveValue")} {...positive} helperText={positive.helperText ?? t("testing.create.positiveValueHelp")} />}
              </Box>
            </>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={form.busy}>
              {t("testing.scores.submit")}
            </Button>
          </Box>
        </Box>
      ) : (
        <Typography variant="body2">{t("testing.scores.readOnly")}</Typography>
      )}
    </SectionCard>
  );
}
