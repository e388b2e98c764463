import { lazy, Suspense } from "react";
import { Box, Skeleton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessCategory, FairnessResults } from "../../../../domain/entities/testing-task";
import { SectionCard } from "../../../components/layout/SectionCard";
import { FairnessGroupTable } from "./FairnessGroupTable";
import { FOUR_FIFTHS, undefinedRatioGroups } from "./impact-ratio-bars";
import { MetricsTable } from "./MetricsTable";
import type { ResultFormats } from "./result-formats";
import { categoryLabel } from "../task-text";

const ImpactRatioChart = lazy(() => import("./ImpactRatioChart"));

interface Props {
  category: FairnessCategory;
  outcomeType: FairnessResults["outcome_type"];
  hasLabel: boolean;
  formats: ResultFormats;
}

/** One protected category: its groups, the chart of their impact ratios and its parity and odds metrics. */
export function CategorySection({ category, outcomeType, hasLabel, formats }: Props) {
  const { t } = useTranslation();
  const label = categoryLabel(t, category.category);
  const undefinedGroups = undefinedRatioGroups(category.groups);
  const id = `results-category-${category.category}`;
  return (
    <SectionCard titleId={id} title={label}>
      <Typography variant="body2">
        {t(`testing-results.category.mostSelected.${outcomeType}`, { group: category.most_selected ?? t("testing-results.none") })}
        {" · "}
        {t("testing-results.category.unknown", { count: category.unknown, formatted: formats.count(category.unknown) })}
      </Typography>
      <FairnessGroupTable category={category} label={label} rateLabel={t(`testing-results.table.rate.${outcomeType}`)} formats={formats} />
      <Box component="figure" sx={{ m: 0, display: "grid", gap: 1 }}>
        <Typography component="figcaption" variant="subtitle2">
          {t("testing-results.chart.title", { threshold: formats.ratio(FOUR_FIFTHS) })}
        </Typography>
        {category.groups.length > 0 && (
          <Suspense fallback={<Skeleton variant="rectangular" height={120} aria-label={t("testing-results.chart.loading")} />}>
            <ImpactRatioChart groups={category.groups} label={t("testing-results.chart.label", { category: label })} />
          </Suspense>
        )}
        {undefinedGroups.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("testing-results.chart.noBar", { groups: undefinedGroups.join(", ") })}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t("testing-results.metrics.title")}
      </Typography>
      <MetricsTable category={category} label={label} hasLabel={hasLabel} formats={formats} />
    </SectionCard>
  );
}
