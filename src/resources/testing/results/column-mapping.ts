import type { TFunction } from "i18next";
import type { FairnessResults, Population } from "../../../../domain/entities/testing-task";
import { categoryLabel } from "../task-text";

/** One line of "what the data was": a term and what it stood for in this run. */
export interface Fact {
  term: string;
  value: string;
  /** A code to copy exactly (a hash): written in a fixed-width font. */
  code?: boolean;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

/** Whether the run had the actual outcomes (a label column), which the error-rate metrics need. */
export const hasLabel = (results: Pick<FairnessResults, "provenance">) => text(results.provenance.columns.label) !== undefined;

/**
 * The column mapping as the run recorded it, in words: which column held the outcome, what counted as
 * selected, the label, and which column held each protected attribute.
 */
export function mappingFacts(t: TFunction, columns: Record<string, unknown>, outcomeType: FairnessResults["outcome_type"]): Fact[] {
  const facts: Fact[] = [];
  const outcome = text(columns.outcome);
  if (outcome) facts.push({ term: t("testing-results.provenance.mapping.outcome"), value: outcome });
  facts.push({ term: t("testing-results.provenance.mapping.outcomeType"), value: t(`testing-results.provenance.outcomeTypes.${outcomeType}`) });
  if (outcomeType === "binary") facts.push({ term: t("testing-results.provenance.mapping.positiveValue"), value: text(columns.positive_value) ?? "1" });
  if (outcome) facts.push({ term: t("testing-results.provenance.mapping.label"), value: text(columns.label) ?? t("testing-results.provenance.mapping.noLabel") });
  const protectedColumns = columns.protected;
  if (protectedColumns && typeof protectedColumns === "object") {
    for (const [attribute, column] of Object.entries(protectedColumns)) {
      const name = text(column);
      if (name) facts.push({ term: t("testing-results.provenance.mapping.attribute", { attribute: categoryLabel(t, attribute) }), value: name });
    }
  }
  return facts;
}

/** How a synthetic population was made, so a rerun with the same seed reproduces it. */
export function populationFacts(t: TFunction, population: Population, count: (n: number) => string): Fact[] {
  return [
    { term: t("testing-results.provenance.population.size"), value: count(population.size) },
    { term: t("testing-results.provenance.population.seed"), value: String(population.seed) },
    { term: t("testing-results.provenance.population.scoring"), value: t(`testing-results.provenance.population.scorings.${population.scoring}`) },
    { term: t("testing-results.provenance.population.features"), value: population.features.map((f) => f.name).join(", ") },
    ...population.protected.map((a) => ({
      term: t("testing-results.provenance.population.attribute", { attribute: categoryLabel(t, a.attribute) }),
      value: a.values.map((v) => v.value).join(", "),
    })),
  ];
}
