/**
 * The fairness metrics of ML decisions, defined once for the server's analyses and the browser's
 * explanations. Bump METRIC_DEFINITIONS_VERSION whenever a definition changes: every run records it.
 */
export const METRIC_DEFINITIONS_VERSION = "1.0.0";

export { FairnessAccumulator, isPositiveOutcome, matchesPositive, type AccumulatorOptions } from "./accumulator";
export { categoryResults, EXCLUSION_SHARE, FOUR_FIFTHS, SMALL_GROUP_ROWS, type GroupTally } from "./category";
export { counterfactualResults, type TwinRow } from "./counterfactual";
export { fisherExactTwoSided, medianInPlace, wilsonInterval, Z_95 } from "./statistics";
export { summarizeResults } from "./summary";
