import { lazy, Suspense } from "react";
import { Alert, Skeleton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmAttribute } from "../../../../domain/entities/llm-results";
import { SectionCard } from "../../../components/layout/SectionCard";
import type { ResultFormats } from "../results/result-formats";
import { categoryLabel, groupLabel } from "../task-text";
import { LlmConsistency } from "./LlmConsistency";
import { LlmGroupTable } from "./LlmGroupTable";

const LlmGroupCharts = lazy(() => import("./LlmGroupCharts"));

/** The verdict on one protected attribute: flagged or not and by which rule, its groups, charts and consistency. */
export function LlmAttributeSection({ attribute, formats }: { attribute: LlmAttribute; formats: ResultFormats }) {
  const { t } = useTranslation();
  const label = categoryLabel(t, attribute.attribute);
  const flagged = attribute.groups.filter((g) => g.flags.length > 0);
  const rules = [...new Set(flagged.flatMap((g) => g.flags.map((f) => f.rule)))];
  const id = `llm-attribute-${attribute.attribute}`;
  return (
    <SectionCard titleId={id} title={t("testing-llm.attribute", { attribute: label })}>
      {attribute.flagged ? (
        rules.map((rule) => (
          <Alert key={rule} severity="warning">
            {t("testing-llm.verdict.flagged", {
              rule: t(`testing-llm.rules.${rule}`),
              groups: flagged
                .filter((g) => g.flags.some((f) => f.rule === rule))
                .map((g) => `${groupLabel(t, g.group)} (${formats.ratio(g.favourable_ratio)})`)
                .join(", "),
            })}
          </Alert>
        ))
      ) : (
        <Alert severity="success">{t("testing-llm.verdict.fine")}</Alert>
      )}
      <Typography variant="body2">
        {t("testing-llm.verdict.best", { group: attribute.best_group === null ? t("testing-llm.none") : groupLabel(t, attribute.best_group) })}
        {" · "}
        {t("testing-llm.verdict.unknown", { count: attribute.unknown, formatted: formats.count(attribute.unknown) })}
      </Typography>
      <LlmGroupTable attribute={attribute} label={label} formats={formats} />
      {attribute.groups.length > 0 && (
        <Suspense fallback={<Skeleton variant="rectangular" height={120} />}>
          <LlmGroupCharts attribute={attribute} label={label} />
        </Suspense>
      )}
      <Typography variant="subtitle1" component="h3">
        {t("testing-llm.consistency.label", { attribute: label })}
      </Typography>
      <LlmConsistency consistency={attribute.consistency} label={label} formats={formats} />
    </SectionCard>
  );
}
