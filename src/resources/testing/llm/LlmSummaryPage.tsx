import type { ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, LinearProgress } from "@mui/material";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import { useTranslation } from "react-i18next";
import { LEXICON_VERSION, sentimentAnalyser } from "../../../../domain/testing/llm/sentiment/versions";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { useCanOnRecord } from "../../../providers/ability";
import { useApplication } from "../../applications/detail/application-api";
import { useResourceUrl } from "../../links";
import { NotReadyNotice } from "../results/NotReadyNotice";
import { ResultDownloads } from "../results/ResultDownloads";
import type { ResultFile } from "../results/result-downloads";
import { useResultFormats } from "../results/result-formats";
import { ResultsHeader } from "../results/ResultsHeader";
import { UseAsEvidence } from "../results/UseAsEvidence";
import { TaskStatusChip } from "../TaskStatusChip";
import { TESTING_RESOURCE } from "../task-api";
import { llmPath, useLlmRun } from "./llm-api";
import { LlmAttributeSection } from "./LlmAttributeSection";
import { LlmRunNotFound } from "./LlmRunNotFound";
import { LlmTableLinks } from "./LlmTableLinks";
import { isMissing } from "./missing";
import { useLocaleAreas } from "../../../i18n/use-all-areas";
import { LLM_AREAS } from "./llm-areas";

/** The sentiment analyser a run was scored with, named by the version it recorded. */
function useAnalyserText() {
  const { t } = useTranslation();
  return (version: string) => t(`testing-llm.analysers.${sentimentAnalyser(version) ?? "unknown"}`, { version });
}

/** /application-testing/results/llm/{documentId}: the verdict of the latest LLM fairness test over a responses file. */
export default function LlmSummaryPage() {
  useLocaleAreas(LLM_AREAS);
  const { t } = useTranslation();
  const { documentId = "" } = useParams<{ documentId: string }>();
  const { run, query } = useLlmRun(documentId);
  const { result: application } = useApplication(run?.application.id ?? "");
  const canOn = useCanOnRecord();
  const url = useResourceUrl();
  const formats = useResultFormats();
  const analyserText = useAnalyserText();
  // The breadcrumbs read the document's name instead of its id.
  useEntityTitle(documentId, run?.task.document?.name);

  if (isMissing(query.error)) return <LlmRunNotFound />;
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("testing-llm.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!run) return <LinearProgress aria-label={t("testing-llm.loading")} />;

  const { task, results } = run;
  const title = t("testing-llm.title", { document: task.document?.name ?? documentId });
  // Only those who may change the application's controls may add evidence to them, as the API checks.
  const canAddEvidence = Boolean(results && application && canOn("update", "Application", application));
  const facts: [string, ReactNode][] = [
    [t("testing-llm.facts.status"), <TaskStatusChip key="status" task={task} />],
    [t("testing-llm.facts.rows"), formats.count(results?.provenance.rows_read ?? task.rows_read)],
    ...(results
      ? ([
          [t("testing-llm.facts.responses"), formats.count(results.responses)],
          [t("testing-llm.facts.empty"), formats.count(results.empty_responses)],
          [t("testing-llm.facts.languages"), t("testing-llm.facts.languageCounts", { en: formats.count(results.languages.en), es: formats.count(results.languages.es) })],
          [t("testing-llm.facts.sentiment"), analyserText(results.provenance.lexicon_version)],
          [t("testing-llm.facts.definitions"), results.provenance.metric_definitions_version],
        ] as [string, ReactNode][])
      : []),
  ];
  const actions = (
    <>
      <Button variant="outlined" component={RouterLink} to={url(TESTING_RESOURCE, "llmExplanation", { documentId })} startIcon={<HelpOutlineOutlined />}>
        {t("testing-llm.explanationLink")}
      </Button>
      {results && <ResultDownloads files={[llmSummaryFile(documentId)]} names={{ application: run.application.name, test: task.name?.trim() || task.document?.name || "" }} />}
      {canAddEvidence && <UseAsEvidence applicationId={run.application.id} taskId={task.id} dataSource="fairness_llm_user" />}
    </>
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ResultsHeader task={task} title={title} applicationName={run.application.name} facts={facts} actions={actions} />
      {results && results.provenance.lexicon_version !== LEXICON_VERSION && (
        <Alert severity="info">{t("testing-llm.olderAnalyser", { analyser: analyserText(results.provenance.lexicon_version), current: analyserText(LEXICON_VERSION) })}</Alert>
      )}
      {!results ? (
        <NotReadyNotice task={task} />
      ) : (
        <>
          {results.attributes.map((attribute) => (
            <LlmAttributeSection key={attribute.attribute} attribute={attribute} formats={formats} />
          ))}
          <LlmTableLinks documentId={documentId} tables={results.tables} />
        </>
      )}
    </Box>
  );
}

/** An LLM test's download: its bias summary as PDF, in the reader's language. */
const llmSummaryFile = (documentId: string): ResultFile => ({
  kind: "pdf",
  label: "llmPdf",
  path: (lang) => `${llmPath(documentId)}/bias-audit.pdf?lang=${lang}`,
  file: (lang) => `llm-bias-summary-${lang}.pdf`,
});
