import { isFairnessResults, type DataSource, type TestingResults, type TestingSummary } from "../../domain/entities/testing-task";
import { summarizeResults } from "../../domain/testing/fairness";
import { summarizeLlmResults } from "../../domain/testing/llm";
import type { Analyzer } from "./analyzer";
import { analyzeLlmUser } from "./llm/analyze";
import { analyzeMlUser } from "./ml-user";
import { analyzeSynthetic } from "./synthetic/analyze";

/** Each data source's analysis: the worker runs the one its task names. A data source without one ends in `error`. */
export const ANALYZERS: Partial<Record<DataSource, Analyzer>> = {
  fairness_ml_user: analyzeMlUser,
  fairness_ml_synthetic: analyzeSynthetic,
  fairness_llm_user: analyzeLlmUser,
};

/** A finished run's summary for lists and trends: LLM runs by their favourable-response ratios, ML runs by their impact ratios. */
export function summaryOf(results: TestingResults): TestingSummary {
  return isFairnessResults(results) ? summarizeResults(results.categories) : summarizeLlmResults(results.attributes);
}
