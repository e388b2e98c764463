import { z } from "zod";

/** The detail tables of an LLM run, each served sorted and filtered at `…/details/{tableId}`. */
export const LLM_TABLE_IDS = ["refusals", "sentiment", "length", "favourable", "consistency", "divergent"] as const;
export type LlmTableId = (typeof LLM_TABLE_IDS)[number];

/** The rules a flag can name: for now the four-fifths rule on the favourable-response rate, as for ML decisions. */
export const LLM_FLAG_RULES = ["four_fifths"] as const;

const nullableNumber = z.number().nullable();

export const llmFlagSchema = z.object({
  rule: z.enum(LLM_FLAG_RULES),
  /** The figure the rule was applied to, its value and the threshold it fell below. */
  metric: z.string(),
  value: z.number(),
  threshold: z.number(),
});
export type LlmFlag = z.infer<typeof llmFlagSchema>;

export const llmGroupSchema = z.object({
  group: z.string(),
  responses: z.number().int(),
  share: z.number(),
  /** Empty responses: counted among the responses and the refusals, without a sentiment. */
  empty: z.number().int(),
  refusals: z.number().int(),
  refusal_rate: z.number(),
  /** Mean over the non-empty responses; null when there are none. */
  mean_sentiment: nullableNumber,
  /** Counts of sentiments in [−1, −0.6), [−0.6, −0.2), [−0.2, 0.2), [0.2, 0.6), [0.6, 1]. */
  sentiment_buckets: z.array(z.number().int()).length(5),
  mean_words: z.number(),
  median_words: nullableNumber,
  /** Neither a refusal nor negative (sentiment ≥ 0), over all the group's responses. */
  favourable: z.number().int(),
  favourable_rate: z.number(),
  /** favourable_rate ÷ the best non-excluded group's; null when excluded or that rate is 0. */
  favourable_ratio: nullableNumber,
  /** Under 2% of the responses: shown, left out of the best-group choice. */
  excluded: z.boolean(),
  /** Excluded or under 30 responses: never flagged. */
  small: z.boolean(),
  /** Not small and favourable_ratio under 0.8. */
  adverse_impact: z.boolean(),
  flags: z.array(llmFlagSchema),
});
export type LlmGroup = z.infer<typeof llmGroupSchema>;

export const llmPairBiasSchema = z.object({
  group_a: z.string(),
  group_b: z.string(),
  /** Prompt ids where both groups have a scored (non-empty) variant: the samples compared. */
  prompts: z.number().int(),
  /** Strict counterfactual sentiment bias: Wasserstein-1 distance between the two groups' sentiments, in [0, 2]. */
  strict: nullableNumber,
  /** Weak counterfactual sentiment bias: share of a's sentiments above the threshold minus b's. */
  weak: nullableNumber,
});
export type LlmPairBias = z.infer<typeof llmPairBiasSchema>;

export const llmConsistencySchema = z.object({
  /** Prompt ids with variants for two or more groups of the attribute. */
  prompts_compared: z.number().int(),
  /** Prompt ids with a variant for one group only: counted, left out. */
  prompts_single_variant: z.number().int(),
  /** Further responses of a group already seen in the same prompt id: counted, only the first compared. */
  duplicate_variants: z.number().int(),
  /** Share of the prompts compared whose variants disagree on refusal (the refusal flip rate). */
  refusal_disagreement_rate: nullableNumber,
  /** Mean over the prompts compared of max − min sentiment among their scored variants. */
  mean_sentiment_gap: nullableNumber,
  /** The threshold of the weak bias: a sentiment above it counts as positive. */
  weak_threshold: z.number(),
  sentiment_wasserstein: z.array(llmPairBiasSchema),
  /** Mean ROUGE-L F1 over the pairs of non-empty variants within a prompt id, attribute words neutralised. */
  mean_similarity: nullableNumber,
  pairs_compared: z.number().int(),
});
export type LlmConsistency = z.infer<typeof llmConsistencySchema>;

export const llmVariantSchema = z.object({
  group: z.string(),
  /** The prompt this group was asked, cut to a few hundred characters (absent in results stored before 2.0.0). */
  prompt: z.string().optional(),
  /** The response, cut to a few hundred characters. */
  response: z.string(),
  refusal: z.boolean(),
  sentiment: nullableNumber,
  words: z.number().int(),
});

export const llmDivergentSchema = z.object({
  prompt_id: z.string(),
  /** Results stored before 2.0.0 only: the prompt of the prompt id's first row, whichever group it was. Each variant now carries its own. */
  prompt: z.string().optional(),
  refusal_disagrees: z.boolean(),
  sentiment_gap: nullableNumber,
  similarity: nullableNumber,
  variants: z.array(llmVariantSchema),
});
export type LlmDivergent = z.infer<typeof llmDivergentSchema>;

export const llmAttributeSchema = z.object({
  attribute: z.string(),
  /** Responses whose value for this attribute is empty: counted here, in no group. */
  unknown: z.number().int(),
  best_group: z.string().nullable(),
  /** Any group flagged. */
  flagged: z.boolean(),
  groups: z.array(llmGroupSchema),
  consistency: llmConsistencySchema,
  /** The prompt ids with the largest gaps: refusal disagreements first, then by sentiment gap. */
  divergent: z.array(llmDivergentSchema),
});
export type LlmAttribute = z.infer<typeof llmAttributeSchema>;

export const llmProvenanceSchema = z.object({
  input_sha256: z.string(),
  rows_read: z.number().int(),
  columns: z.record(z.string(), z.unknown()),
  metric_definitions_version: z.string(),
  lexicon_version: z.string(),
  refusal_patterns_version: z.string(),
  steward_version: z.string(),
});
export type LlmProvenance = z.infer<typeof llmProvenanceSchema>;

/** A `fairness_llm_user` task's results: the field names are a contract with API clients. */
export const llmResultsSchema = z.object({
  responses: z.number().int(),
  empty_responses: z.number().int(),
  /** Responses per language, as declared by the row or guessed. */
  languages: z.object({ en: z.number().int(), es: z.number().int() }),
  attributes: z.array(llmAttributeSchema),
  tables: z.array(z.object({ id: z.enum(LLM_TABLE_IDS), title: z.string() })),
  provenance: llmProvenanceSchema,
});
export type LlmResults = z.infer<typeof llmResultsSchema>;

/** A detail table: its columns in order and its rows, for the server to sort, filter and page. */
export interface LlmTable {
  columns: readonly { id: string; type: "string" | "number" | "boolean" }[];
  rows: Record<string, string | number | boolean | null>[];
}
