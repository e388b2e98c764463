import type { ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, LinearProgress, Link, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import { useTranslation } from "react-i18next";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { useCanOnRecord } from "../../../providers/ability";
import { useApplication } from "../../applications/detail/application-api";
import { viewerPath } from "../../applications/documents/document-format";
import { useResourceUrl } from "../../links";
import { useResultFormats } from "../results/result-formats";
import { UseAsEvidence } from "../results/UseAsEvidence";
import { TaskStatusChip } from "../TaskStatusChip";
import { TESTING_RESOURCE } from "../task-api";
import { useLlmRun } from "./llm-api";
import { LlmAttributeSection } from "./LlmAttributeSection";
import { LlmNotReady } from "./LlmNotReady";
import { LlmRunNotFound } from "./LlmRunNotFound";
import { LlmTableLinks } from "./LlmTableLinks";
import { isMissing } from "./missing";
import { useLocaleAreas } from "../../../i18n/use-all-areas";
import { LLM_AREAS } from "./llm-areas";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
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
  const documentName = task.document?.name ?? documentId;
  // Only those who may change the application's controls may add evidence to them, as the API checks.
  const canAddEvidence = Boolean(results && application && canOn("update", "Application", application));

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box component="header" sx={{ display: "grid", gap: 2 }}>
        <Box>
          <Button component={RouterLink} to={url("applications", "show", { id: run.application.id }, { tab: "testing" })} startIcon={<ArrowBackOutlined />} size="small">
            {t("testing-llm.back")}
          </Button>
        </Box>
        <Typography variant="h5" component="h1">
          {t("testing-llm.title", { document: documentName })}
        </Typography>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Fact term={t("testing-llm.facts.application")}>
            <Link component={RouterLink} to={url("applications", "show", { id: run.application.id })}>
              {run.application.name}
            </Link>
          </Fact>
          <Fact term={t("testing-llm.facts.document")}>
            <Link component={RouterLink} to={viewerPath(run.application.id, documentId)}>
              {documentName}
            </Link>
          </Fact>
          <Fact term={t("testing-llm.facts.status")}>
            <TaskStatusChip task={task} />
          </Fact>
          <Fact term={t("testing-llm.facts.rows")}>{formats.count(results?.provenance.rows_read ?? task.rows_read)}</Fact>
          {results && (
            <>
              <Fact term={t("testing-llm.facts.responses")}>{formats.count(results.responses)}</Fact>
              <Fact term={t("testing-llm.facts.empty")}>{formats.count(results.empty_responses)}</Fact>
              <Fact term={t("testing-llm.facts.languages")}>
                {t("testing-llm.facts.languageCounts", { en: formats.count(results.languages.en), es: formats.count(results.languages.es) })}
              </Fact>
            </>
          )}
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>
          <Button variant="outlined" component={RouterLink} to={url(TESTING_RESOURCE, "llmExplanation", { documentId })} startIcon={<HelpOutlineOutlined />}>
            {t("testing-llm.explanationLink")}
          </Button>
          {canAddEvidence && <UseAsEvidence applicationId={run.application.id} taskId={task.id} dataSource="fairness_llm_user" />}
        </Box>
      </Box>
      {!results ? (
        <LlmNotReady task={task} />
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
