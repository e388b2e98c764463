import { Navigate, useParams } from "react-router";
import { isFairnessResults } from "../../../../domain/entities/testing-task";
import { Alert, Box, LinearProgress } from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { EntityNotFound } from "../../../pages/errors/EntityNotFound";
import { useCanOnRecord } from "../../../providers/ability";
import { useApplication } from "../../applications/detail/application-api";
import { useResourceUrl } from "../../links";
import { useTestingTask } from "../task-api";
import { CategorySection } from "./CategorySection";
import { hasLabel } from "./column-mapping";
import { CounterfactualSection } from "./CounterfactualSection";
import { NotReadyNotice } from "./NotReadyNotice";
import { ProvenanceSection } from "./ProvenanceSection";
import { ResultDownloads } from "./ResultDownloads";
import { mlResultFiles } from "./result-downloads";
import { useResultFormats } from "./result-formats";
import { useTaskUrls } from "../task-links";
import { taskTitle } from "../task-text";
import { ResultsHeader } from "./ResultsHeader";
import { ResultsSummary } from "./ResultsSummary";
import { UseAsEvidence } from "./UseAsEvidence";
import { useLocaleAreas } from "../../../i18n/use-all-areas";

const isMissing = (error: HttpError | null) => error?.statusCode === 404 || error?.statusCode === 400;

/** /application-testing/results/{applicationId}/{taskId}: a fairness test's results, how to read them, and what the data was. */
export default function TestingResultsPage() {
  useLocaleAreas(["testing-results"]);
  const { t } = useTranslation();
  const { applicationId = "", taskId = "" } = useParams<{ applicationId: string; taskId: string }>();
  const { task, query } = useTestingTask(applicationId, taskId);
  const { result: application } = useApplication(applicationId);
  const canOn = useCanOnRecord();
  const url = useResourceUrl();
  const formats = useResultFormats();
  const { resultsUrl } = useTaskUrls();
  const title = task ? taskTitle(t, task) : undefined;
  // The breadcrumbs read the application's and the test's names instead of their ids.
  useEntityTitle(applicationId, application?.name);
  useEntityTitle(taskId, title);

  // 400 is an id that is no UUID: as missing as an unknown one.
  if (isMissing(query.error)) {
    return (
      <EntityNotFound title={t("testing-results.notFound")} backTo={url("applications", "show", { id: applicationId }, { tab: "testing" })} backLabel={t("testing-results.back")}>
        {t("testing-results.notFoundBody")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("testing-results.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!task || !title) return <LinearProgress aria-label={t("testing-results.loading")} />;
  // An LLM test's results live on its own pages, keyed by the analysed document.
  if (task.data_source === "fairness_llm_user" && task.document) return <Navigate to={resultsUrl(task)} replace />;

  // LLM results have pages of their own, keyed by the analysed document.
  const results = task.status === "ready" && task.results && isFairnessResults(task.results) ? task.results : null;
  // Only those who may change the application's controls may add evidence to them, as the API checks.
  const canAddEvidence = Boolean(application) && canOn("update", "Application", application!);
  const actions = results && (
    <>
      <ResultDownloads files={mlResultFiles(applicationId, taskId)} names={{ application: application?.name ?? "", test: title }} />
      {canAddEvidence && <UseAsEvidence applicationId={applicationId} taskId={taskId} />}
    </>
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ResultsHeader task={task} title={title} applicationName={application?.name} actions={actions} />
      {!results ? (
        <NotReadyNotice task={task} />
      ) : (
        <>
          <ResultsSummary results={results} formats={formats} />
          {results.categories.map((category) => (
            <CategorySection key={category.category} category={category} outcomeType={results.outcome_type} hasLabel={hasLabel(results)} formats={formats} />
          ))}
          {results.counterfactual && results.counterfactual.length > 0 && <CounterfactualSection counterfactual={results.counterfactual} formats={formats} />}
          <ProvenanceSection results={results} formats={formats} />
        </>
      )}
    </Box>
  );
}
