import type { ProblemFieldError } from "../../../domain/api/problem";
import { SEX_RACE_ETHNICITY, type Population } from "../../../domain/entities/testing-task";
import { mulberry32 } from "./seeded-random";

/**
 * A synthetic population of counterfactual twins, generated from its spec alone (so the same spec always
 * gives the same rows, on any machine):
 *
 * - A seeded PRNG (mulberry32) draws **base profiles**. Each base draws every feature in order — a number
 *   uniformly in [min, max] (with `integer`, uniformly among the whole numbers of that range; otherwise kept
 *   to 4 decimals), a category uniformly among its values — then every protected attribute by its values'
 *   `share`s (normalised to sum 1).
 * - For each base profile and each protected attribute A, the **twin set** `"<base>-<A>"` repeats the base
 *   once per value of A, every other feature and every other protected value equal to the base's. Only A
 *   varies inside a twin set, so a model whose decision changes within one is using A.
 * - One base therefore yields Σ|values(A)| rows; there are floor(size ÷ Σ|values(A)|) bases, at least 1.
 *   Base numbers start at 1; rows are numbered from 1 in generation order.
 * - Columns: `row_id`, `twin_set`, `varied_attribute`, the features, then one column per protected attribute.
 *
 * Draws happen only per base, in a fixed order, so base n is the same whatever the size: a larger population
 * extends a smaller one with the same seed.
 */

/** The leading columns of a population (and of the scored file the user sends back). */
export const TWIN_SET_COLUMN = "twin_set";
export const VARIED_ATTRIBUTE_COLUMN = "varied_attribute";
export const ROW_ID_COLUMN = "row_id";
const LEADING_COLUMNS = [ROW_ID_COLUMN, TWIN_SET_COLUMN, VARIED_ATTRIBUTE_COLUMN] as const;

export type FeatureValue = number | string;

export interface PopulationRow {
  row_id: number;
  twin_set: string;
  varied_attribute: string;
  /** In the order of the spec's `features`. */
  features: FeatureValue[];
  /** In the order of the spec's `protected` attributes. */
  protected: string[];
}

export interface PopulationLayout {
  /** Rows one base profile yields: Σ|values(A)| over the protected attributes. */
  twinsPerBase: number;
  bases: number;
  rows: number;
}

export function populationLayout(population: Population): PopulationLayout {
  const twinsPerBase = population.protected.reduce((sum, attribute) => sum + attribute.values.length, 0);
  const bases = Math.max(1, Math.floor(population.size / twinsPerBase));
  return { twinsPerBase, bases, rows: bases * twinsPerBase };
}

/** The CSV header and the columns of every row, in order. */
export function populationHeader(population: Population): string[] {
  return [...LEADING_COLUMNS, ...population.features.map((f) => f.name), ...population.protected.map((a) => a.attribute)];
}

type Feature = Population["features"][number];

function drawFeature(feature: Feature, random: () => number): FeatureValue {
  if (feature.kind === "category") return feature.values[Math.min(feature.values.length - 1, Math.floor(random() * feature.values.length))];
  const low = Math.min(feature.min, feature.max);
  const high = Math.max(feature.min, feature.max);
  if (feature.integer) {
    const first = Math.ceil(low);
    const last = Math.floor(high);
    // Rounding a uniform draw would give the two ends half the weight of the other whole numbers.
    if (last >= first) return first + Math.min(last - first, Math.floor(random() * (last - first + 1)));
    return Math.round(low + random() * (high - low));
  }
  return Math.round((low + random() * (high - low)) * 10_000) / 10_000;
}

/** Cumulative normalised shares of an attribute's values, so a draw is one pass over them. */
function cumulativeShares(attribute: Population["protected"][number]): number[] {
  const total = attribute.values.reduce((sum, v) => sum + v.share, 0);
  let running = 0;
  return attribute.values.map((v) => (running += v.share / total));
}

function drawValue(values: readonly { value: string }[], cumulative: readonly number[], random: () => number): string {
  const r = random();
  const index = cumulative.findIndex((edge) => r < edge);
  return values[index === -1 ? values.length - 1 : index].value;
}

/** Every row of the population, generated lazily: 100,000 rows never sit in memory at once. */
export function* populationRows(population: Population): Generator<PopulationRow> {
  const random = mulberry32(population.seed);
  const shares = population.protected.map(cumulativeShares);
  const { bases } = populationLayout(population);
  let rowId = 0;
  for (let base = 1; base <= bases; base++) {
    const features = population.features.map((feature) => drawFeature(feature, random));
    const protectedValues = population.protected.map((attribute, i) => drawValue(attribute.values, shares[i], random));
    for (const [a, attribute] of population.protected.entries()) {
      const twinSet = `${base}-${attribute.attribute}`;
      for (const { value } of attribute.values) {
        const values = [...protectedValues];
        values[a] = value;
        yield { row_id: ++rowId, twin_set: twinSet, varied_attribute: attribute.attribute, features, protected: values };
      }
    }
  }
}

/** A row as the model receives it: every feature and every protected attribute, by name (the test is whether they change the decision). */
export function modelInstance(population: Population, row: PopulationRow): Record<string, FeatureValue> {
  const instance: Record<string, FeatureValue> = {};
  population.features.forEach((feature, i) => (instance[feature.name] = row.features[i]));
  population.protected.forEach((attribute, i) => (instance[attribute.attribute] = row.protected[i]));
  return instance;
}

/**
 * What the schema cannot say about a population spec, as field errors: every column name once (features,
 * protected attributes and the leading columns share one header), each attribute's values once, min ≤ max.
 */
export function populationProblems(population: Population, path = "population"): ProblemFieldError[] {
  const problems: ProblemFieldError[] = [];
  const taken = new Set<string>(LEADING_COLUMNS);
  const claim = (name: string, at: string) => {
    if (taken.has(name)) problems.push({ path: at, message: "validation.nameTaken" });
    taken.add(name);
  };
  population.features.forEach((feature, i) => {
    claim(feature.name, `${path}.features.${i}.name`);
    if (feature.kind === "number" && feature.min > feature.max) problems.push({ path: `${path}.features.${i}.max`, message: "testing.validation.range" });
    if (feature.kind === "category") {
      const seen = new Set<string>();
      feature.values.forEach((value, j) => {
        if (seen.has(value)) problems.push({ path: `${path}.features.${i}.values.${j}`, message: "validation.nameTaken" });
        seen.add(value);
      });
    }
  });
  population.protected.forEach((attribute, i) => {
    claim(attribute.attribute, `${path}.protected.${i}.attribute`);
    // The intersectional category is computed, never supplied.
    if (attribute.attribute === SEX_RACE_ETHNICITY) problems.push({ path: `${path}.protected.${i}.attribute`, message: "testing.validation.attributeKey" });
    const seen = new Set<string>();
    attribute.values.forEach(({ value }, j) => {
      if (seen.has(value)) problems.push({ path: `${path}.protected.${i}.values.${j}.value`, message: "validation.nameTaken" });
      seen.add(value);
    });
  });
  return problems;
}
