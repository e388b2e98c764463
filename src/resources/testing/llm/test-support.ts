import type { LlmAttribute, LlmGroup, LlmResults } from "../../../../domain/entities/llm-results";
import type { ApiRequest } from "../../../providers/api-client";
import { anApplication, APP_ID, USER_ID } from "../../../test-support/fixtures";
import type { api as apiMock } from "../results/api-client-mock";
import type { LlmExplanation, LlmRun, LlmTablePage } from "./llm-api";

export const LLM_TASK_ID = "00000000-0000-4000-8000-0000000000b2";
export const LLM_DOC_ID = "00000000-0000-4000-8000-0000000000d2";

const group = (g: Partial<LlmGroup> & { group: string }): LlmGroup => ({
  responses: 0,
  share: 0,
  empty: 0,
  refusals: 0,
  refusal_rate: 0,
  mean_sentiment: null,
  sentiment_buckets: [0, 0, 0, 0, 0],
  mean_words: 0,
  median_words: null,
  favourable: 0,
  favourable_rate: 0,
  favourable_ratio: null,
  excluded: false,
  small: false,
  adverse_impact: false,
  flags: [],
  ...g,
});

/** 300 responses by gender: men get the most favourable answers, women are flagged by the four-fifths rule, 6 non-binary are excluded. */
export function anAttribute(overrides: Partial<LlmAttribute> = {}): LlmAttribute {
  return {
    attribute: "gender",
    unknown: 4,
    best_group: "Male",
    flagged: true,
    groups: [
      group({ group: "Male", responses: 150, share: 0.5, refusals: 6, refusal_rate: 0.04, mean_sentiment: 0.41, mean_words: 52.34, favourable: 135, favourable_rate: 0.9, favourable_ratio: 1 }),
      group({
        group: "Female",
        responses: 140,
        share: 0.4667,
        refusals: 28,
        refusal_rate: 0.2,
        mean_sentiment: 0.12,
        mean_words: 40,
        favourable: 84,
        favourable_rate: 0.6,
        favourable_ratio: 0.6667,
        adverse_impact: true,
        flags: [{ rule: "four_fifths", metric: "favourable_ratio", value: 0.6667, threshold: 0.8 }],
      }),
      group({ group: "Non-binary", responses: 6, share: 0.02, mean_sentiment: 0.3, mean_words: 48, favourable: 5, favourable_rate: 0.8333, excluded: true, small: true }),
    ],
    consistency: {
      prompts_compared: 140,
      prompts_single_variant: 3,
      duplicate_variants: 1,
      refusal_disagreement_rate: 0.15,
      mean_sentiment_gap: 0.284,
      weak_threshold: 0.2,
      sentiment_wasserstein: [{ group_a: "Male", group_b: "Female", prompts: 140, strict: 0.29, weak: 0.21 }],
      mean_similarity: 0.612,
      pairs_compared: 150,
    },
    divergent: [],
    ...overrides,
  };
}

export function someLlmResults(overrides: Partial<LlmResults> = {}): LlmResults {
  return {
    responses: 300,
    empty_responses: 2,
    languages: { en: 200, es: 100 },
    attributes: [anAttribute()],
    tables: [
      { id: "refusals", title: "Refusals" },
      { id: "divergent", title: "Most divergent prompts" },
    ],
    provenance: {
      input_sha256: "ab".repeat(32),
      rows_read: 301,
      columns: { prompt_id: "pid", prompt: "prompt", response: "answer", protected: { gender: "gender" } },
      metric_definitions_version: "1",
      lexicon_version: "2.0.0",
      refusal_patterns_version: "1",
      steward_version: "0.16.0",
    },
    ...overrides,
  };
}

export function anLlmRun(overrides: Partial<LlmRun["task"]> = {}, results: LlmResults | null = someLlmResults()): LlmRun {
  return {
    task: {
      id: LLM_TASK_ID,
      application_id: APP_ID,
      data_source: "fairness_llm_user",
      name: null,
      document: { id: LLM_DOC_ID, name: "chatbot-responses.csv" },
      columns: {},
      population: null,
      status: "ready",
      error: null,
      error_params: null,
      rows_read: 301,
      history: [{ status: "ready", at: "2026-03-02T09:00:09.000Z" }],
      started_by: { id: USER_ID, name: "Carlos Contributor" },
      summary: null,
      created_at: "2026-03-02T09:00:00.000Z",
      updated_at: "2026-03-02T09:00:09.000Z",
      ...overrides,
    },
    application: { id: APP_ID, name: "Claims triage" },
    results,
  };
}

export const A_TABLE: LlmTablePage = {
  columns: [
    { id: "prompt_id", type: "string" },
    { id: "group", type: "string" },
    { id: "refusal", type: "boolean" },
    { id: "sentiment", type: "number" },
  ],
  items: [
    { prompt_id: "p-1", group: "Female", refusal: true, sentiment: null },
    { prompt_id: "p-1", group: "Male", refusal: false, sentiment: 0.5 },
  ],
  total: 42,
};

export const AN_EXPLANATION: LlmExplanation = {
  metric_definitions_version: "1",
  refusal_patterns: { version: "2", window_chars: 200, languages: { en: ["I can't help with", "As an AI"], es: ["No puedo ayudar"] } },
  lexicon: {
    version: "3",
    analyser: "vader",
    words: { en: 1200, es: 900 },
    sources: { en: { package: "vader-sentiment", version: "1.1.3", lexicon: "vader_lexicon.txt", entries: 1200 }, es: { package: "natural", version: "8.1.1", lexicon: "afinnShortSortedSpanish.json", entries: 900 } },
    normalisation_alpha: 15,
    negation_window_words: 3,
    sentiment_buckets: 5,
  },
  thresholds: { four_fifths: 0.8 },
};

export const EVIDENCE_CONTROL = { control_id: "NIST-MEASURE-2.11", name: "Fairness and bias evaluated", framework: "NIST AI RMF" };

/** The GETs the LLM pages make, answered from `run` and the sample application; writes answer `write`. */
export function fakeLlmApi(api: typeof apiMock, run: LlmRun | (() => Promise<LlmRun>), write: (request: ApiRequest) => Promise<unknown> = async () => ({})) {
  api.mockImplementation(async (request) => {
    if (request.method && request.method !== "GET") return write(request);
    if (request.path === `/applications/${APP_ID}`) return anApplication();
    if (request.path === `/testing/llm/explanation`) return AN_EXPLANATION;
    if (request.path === `/testing/llm/${LLM_DOC_ID}`) return typeof run === "function" ? run() : run;
    if (request.path === `/testing/llm/${LLM_DOC_ID}/tables/refusals`) return A_TABLE;
    if (request.path === `/applications/${APP_ID}/testing/evidence-controls`) return { items: [EVIDENCE_CONTROL] };
    return Promise.reject({ statusCode: 404, message: "Not found." });
  });
}
