import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, Chip, Skeleton, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import { useTranslation } from "react-i18next";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { SectionCard } from "../../../components/layout/SectionCard";
import { useResourceUrl } from "../../links";
import { useResultFormats } from "../results/result-formats";
import { TESTING_RESOURCE } from "../task-api";
import { useLlmExplanation, useLlmRun } from "./llm-api";
import { useLocaleAreas } from "../../../i18n/use-all-areas";
import { LLM_AREAS } from "./llm-areas";

/** The metrics in the order the summary shows them. */
const METRICS = ["refusal", "sentiment", "length", "favourable", "consistency", "divergent"] as const;
const ASPECTS = ["measures", "computed", "read", "limits", "flag"] as const;

/** /application-testing/results/llm/{documentId}/explanation: each metric in plain words, and the patterns and lexicon behind them. */
export default function LlmExplanationPage() {
  useLocaleAreas(LLM_AREAS);
  const { t } = useTranslation();
  const { documentId = "" } = useParams<{ documentId: string }>();
  const url = useResourceUrl();
  // The breadcrumbs read the document's name instead of its id.
  const { run } = useLlmRun(documentId);
  useEntityTitle(documentId, run?.task.document?.name);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={url(TESTING_RESOURCE, "llmSummary", { documentId })} startIcon={<ArrowBackOutlined />} size="small">
          {t("testing-llm.explanation.back")}
        </Button>
      </Box>
      <Typography variant="h5" component="h1">
        {t("testing-llm.explanation.title")}
      </Typography>
      <Typography sx={{ maxWidth: 860 }}>{t("testing-llm.explanation.intro")}</Typography>
      {METRICS.map((metric) => (
        <SectionCard key={metric} titleId={`llm-metric-${metric}`} title={t(`testing-llm.explanation.metrics.${metric}.title`)} gap={1}>
          <Box component="dl" sx={{ m: 0, display: "grid", gap: 0.5 }}>
            {ASPECTS.map((aspect) => (
              <Box key={aspect}>
                <Typography component="dt" variant="subtitle2">
                  {t(`testing-llm.explanation.${aspect}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1 }}>
                  {t(`testing-llm.explanation.metrics.${metric}.${aspect}`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
      ))}
      <PatternsAndLexicon />
    </Box>
  );
}

/** The refusal patterns and the lexicon as the server applies them, so a reader can see why a response counted. */
function PatternsAndLexicon() {
  const { t } = useTranslation();
  const formats = useResultFormats();
  const { explanation, query } = useLlmExplanation();
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("testing-llm.explanation.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!explanation) return <Skeleton variant="rectangular" height={120} />;
  const { refusal_patterns: patterns, lexicon } = explanation;
  const languageName = (language: string) => (language === "en" || language === "es" ? t(`testing-llm.explanation.language.${language}`) : language);
  return (
    <SectionCard titleId="llm-patterns" title={t("testing-llm.explanation.patterns", { version: patterns.version, chars: formats.count(patterns.window_chars) })}>
      {Object.entries(patterns.languages).map(([language, list]) => (
        <Box key={language} component="section" aria-label={languageName(language)} sx={{ display: "grid", gap: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {languageName(language)}
          </Typography>
          <Box component="ul" sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, p: 0, m: 0, listStyle: "none" }}>
            {list.map((pattern) => (
              <Chip key={pattern} component="li" size="small" variant="outlined" label={pattern} sx={{ fontFamily: "monospace" }} />
            ))}
          </Box>
        </Box>
      ))}
      <Typography variant="body2">{t("testing-llm.explanation.lexicon", { version: lexicon.version, window: formats.count(lexicon.negation_window_words) })}</Typography>
      {lexicon.analyser && <Typography variant="body2">{t("testing-llm.explanation.analyser", { analyser: t(`testing-llm.analysers.${lexicon.analyser}`, { version: lexicon.version }) })}</Typography>}
      <Box component="ul" sx={{ m: 0 }}>
        {Object.entries(lexicon.words).map(([language, count]) => {
          const source = lexicon.sources?.[language];
          return (
            <Typography key={language} component="li" variant="body2">
              {t("testing-llm.explanation.lexiconWords", { language: languageName(language), count: formats.count(count) })}
              {source && t("testing-llm.explanation.lexiconSource", source)}
            </Typography>
          );
        })}
      </Box>
      <Typography variant="subtitle2" component="h3">
        {t("testing-llm.explanation.thresholds")}
      </Typography>
      <Box component="ul" sx={{ m: 0 }}>
        {Object.entries(explanation.thresholds).map(([name, value]) => (
          <Typography key={name} component="li" variant="body2">
            <code>{name}</code>: {formats.score(value)}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("testing-llm.explanation.definitions", { version: explanation.metric_definitions_version })}
      </Typography>
    </SectionCard>
  );
}
