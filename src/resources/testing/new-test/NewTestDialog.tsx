import { useState } from "react";
import { useNavigate } from "react-router";
import { Controller, useWatch } from "react-hook-form";
import { FormControl, FormControlLabel, FormLabel, LinearProgress, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { useCreate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { FormDialog } from "../../../components/dialogs/FormDialog";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { track } from "../../../telemetry/analytics";
import { useModelEndpoint } from "../endpoint/endpoint-api";
import { TESTING_RESOURCE, testingTasksPath } from "../task-api";
import { useTaskUrls } from "../task-links";
import { DecisionsFields } from "./DecisionsFields";
import { onInputs } from "../field-refusals";
import { fieldOfServerPath, newTestFormSchema, newTestValues, randomSeed, type NewTestSource, type NewTestValues } from "./new-test-form";
import { PopulationFields } from "./PopulationFields";
import { ResponsesFields } from "./ResponsesFields";
import { useFeatureFlag } from "../../../providers/feature-flags";

const SOURCES: readonly NewTestSource[] = ["fairness_ml_user", "fairness_ml_synthetic", "fairness_llm_user"];

/** Starts a fairness test (POST …/testing/tasks), then opens its status page. */
export function NewTestDialog({ applicationId, onClose }: { applicationId: string; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const llmTesting = useFeatureFlag("llm-testing");
  const sources = llmTesting ? SOURCES : SOURCES.filter((s) => s !== "fairness_llm_user");
  const { statusUrl } = useTaskUrls();
  const { endpoint, loading: endpointLoading } = useModelEndpoint(applicationId);
  // Drawn once per dialog, so a rerun with the same seed is the same population.
  const [seed] = useState(randomSeed);
  const { mutateAsync } = useCreate<TestingTask, HttpError>();
  const form = useResourceForm<typeof newTestFormSchema, TestingTask, NewTestValues>({
    resource: TESTING_RESOURCE,
    schema: newTestFormSchema,
    values: newTestValues(seed, endpoint ? "endpoint" : "offline"),
    success: "testing.create.created",
    failure: "testing.create.failed",
    save: async (body) => {
      try {
        const { data } = await mutateAsync({ resource: TESTING_RESOURCE, values: body, meta: { path: testingTasksPath(applicationId) }, successNotification: false, errorNotification: false });
        return data;
      } catch (error) {
        // Another attribute's column is a row of its own in the dialog.
        throw onInputs(error as HttpError, (path) => fieldOfServerPath(path, body));
      }
    },
    onSaved: (task) => {
      track("test_started", { application_id: applicationId, task_id: task.id });
      onClose();
      navigate(statusUrl(task));
    },
  });
  const source = useWatch({ control: form.control, name: "data_source" });
  const name = form.field("name");

  return (
    <FormDialog
      titleId="new-test-title"
      title={t("testing.create.title")}
      help={t("testing.create.help")}
      form={form}
      submitLabel={t("testing.create.submit")}
      onClose={onClose}
      maxWidth="md"
      contentSx={{ display: "grid", gap: 2, pt: "8px !important" }}
    >
      <TextField label={t("testing.create.name")} autoComplete="off" {...name} helperText={name.helperText ?? t("testing.create.nameHelp")} />
      <Controller
        control={form.control}
        name="data_source"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="new-test-source">{t("testing.create.dataSource")}</FormLabel>
            <RadioGroup aria-labelledby="new-test-source" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              {sources.map((s) => (
                <FormControlLabel
                  key={s}
                  value={s}
                  control={<Radio />}
                  label={
                    <>
                      <Typography component="span">{t(`testing.dataSources.${s}`)}</Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                        {t(`testing.dataSourceHelp.${s}`)}
                      </Typography>
                    </>
                  }
                  sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { pt: 0.5 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {source === "fairness_ml_user" && <DecisionsFields applicationId={applicationId} form={form} />}
      {source === "fairness_ml_synthetic" &&
        (endpointLoading ? <LinearProgress aria-label={t("testing.endpoint.loading")} /> : <PopulationFields form={form} hasEndpoint={Boolean(endpoint)} />)}
      {source === "fairness_llm_user" && <ResponsesFields applicationId={applicationId} form={form} canRun={endpoint?.protocol === "openai_chat"} />}
    </FormDialog>
  );
}
