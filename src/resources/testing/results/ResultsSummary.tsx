import { Alert, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessResults } from "../../../../domain/entities/testing-task";
import { SectionCard } from "../../../components/layout/SectionCard";
import type { ResultFormats } from "./result-formats";

/** The run at a glance: how many people, whether any group shows adverse impact, and for scores what "selected" meant. */
export function ResultsSummary({ results, formats }: { results: FairnessResults; formats: ResultFormats }) {
  const { t } = useTranslation();
  const adverse = results.categories.flatMap((c) => c.groups.filter((g) => g.adverse_impact).map((g) => ({ category: c.category, group: g.group })));
  return (
    <SectionCard titleId="results-summary" title={t("testing-results.summary.title")}>
      <Typography variant="body2">
        {t(`testing-results.summary.sample.${results.outcome_type}`, { count: results.sample_size, formatted: formats.count(results.sample_size) })}
      </Typography>
      {adverse.length > 0 ? (
        <Alert severity="warning" role="status">{t("testing-results.summary.adverse", { count: adverse.length, groups: adverse.map((a) => a.group).join(", ") })}</Alert>
      ) : (
        <Alert severity="success" role="status">{t("testing-results.summary.noAdverse")}</Alert>
      )}
      {results.outcome_type === "score" && results.median_score !== undefined && (
        <Typography variant="body2">
          {t("testing-results.summary.median", { median: formats.score(results.median_score) })} {t("testing-results.summary.medianMeaning")}
        </Typography>
      )}
    </SectionCard>
  );
}
