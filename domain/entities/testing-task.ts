import { z } from "zod";
import { listQuerySchema, listResponseSchema, multiValue } from "../api/list";
import { llmResultsSchema, type LlmResults } from "./llm-results";

/** What a testing task analyses: decisions a user supplies, a synthetic counterfactual population, or LLM responses. */
export const DATA_SOURCES = ["fairness_ml_user", "fairness_ml_synthetic", "fairness_llm_user"] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/** A testing task's status is its processing item's: created → waiting → analyzing → ready | error; error → waiting on retry. */
export const TESTING_STATUSES = ["created", "waiting", "analyzing", "ready", "error"] as const;
export type TestingStatus = (typeof TESTING_STATUSES)[number];

/** Why a task ended in `error`: i18n keys (locales/<lng>/testing.json), with `error_params` filling their placeholders. */
export const TESTING_ERRORS = {
  documentMissing: "testing.errors.documentMissing",
  documentType: "testing.errors.documentType",
  noRows: "testing.errors.noRows",
  columnMissing: "testing.errors.columnMissing",
  noOutcome: "testing.errors.noOutcome",
  unreadable: "testing.errors.unreadable",
  endpointRefused: "testing.errors.endpointRefused",
  endpointTimeout: "testing.errors.endpointTimeout",
  endpointStatus: "testing.errors.endpointStatus",
  endpointAnswer: "testing.errors.endpointAnswer",
  endpointMissing: "testing.errors.endpointMissing",
  failed: "testing.errors.failed",
} as const;

/** The largest synthetic population a task generates. */
export const POPULATION_MAX_ROWS = 100_000;

/** A column of the uploaded file, as its header names it. */
const columnName = z.string().trim().min(1, "validation.required").max(200, "validation.tooLong");
/** A protected attribute's key in the results (`sex`, `race_ethnicity`, `age_band`…). */
const attributeKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "testing.validation.attributeKey");

/** The protected attributes the law names; any other attribute the user maps is reported under its own key. */
export const SEX = "sex";
export const RACE_ETHNICITY = "race_ethnicity";
/** The intersectional category, computed whenever both sex and race/ethnicity are mapped. */
export const SEX_RACE_ETHNICITY = "sex_race_ethnicity";
/** The group name of an intersectional row: `"<sex> × <race/ethnicity>"`. */
export const intersectionalGroup = (sex: string, raceEthnicity: string) => `${sex} × ${raceEthnicity}`;

const protectedColumnsSchema = z
  .record(attributeKey, columnName)
  .refine((columns) => Object.keys(columns).length > 0, "testing.validation.protectedRequired")
  .refine((columns) => !(SEX_RACE_ETHNICITY in columns), "testing.validation.attributeKey");

/** How the decisions in a file of `fairness_ml_user` (or a scored synthetic population) are read. */
export const mlColumnsSchema = z.strictObject({
  outcome: columnName,
  outcome_type: z.enum(["binary", "score"]),
  /** The outcome value that means selected (binary outcomes); "1" when absent. Compared trimmed and case-insensitively. */
  positive_value: z.string().trim().min(1).max(200).optional(),
  /** The actual outcome, 1 or 0: with it, true and false positive rates are computed. */
  label: columnName.optional(),
  protected: protectedColumnsSchema,
});
export type MlColumns = z.infer<typeof mlColumnsSchema>;

/** The columns of a scored synthetic population: the protected attributes are the population's own. */
export const scoredColumnsSchema = mlColumnsSchema.pick({ outcome: true, outcome_type: true, positive_value: true });

/** A model input feature of a synthetic population: a number in a range, or one of a list of values. */
export const featureSchema = z.discriminatedUnion("kind", [
  z.strictObject({ name: columnName, kind: z.literal("number"), min: z.number(), max: z.number(), integer: z.boolean().optional() }),
  z.strictObject({ name: columnName, kind: z.literal("category"), values: z.array(z.string().trim().min(1).max(200)).min(1).max(100) }),
]);

/** A protected attribute of a synthetic population, with its values and their shares of the base profiles. */
export const populationAttributeSchema = z.strictObject({
  attribute: attributeKey,
  values: z
    .array(z.strictObject({ value: z.string().trim().min(1).max(200), share: z.number().positive().max(1) }))
    .min(2, "testing.validation.twoValues")
    .max(50),
});

/** How a synthetic population is made and scored: `endpoint` through the application's model endpoint, `offline` by the user. */
export const populationSchema = z.strictObject({
  size: z.number().int().min(10).max(POPULATION_MAX_ROWS),
  seed: z.number().int().min(0).max(2_147_483_647),
  features: z.array(featureSchema).min(1).max(50),
  protected: z.array(populationAttributeSchema).min(1).max(5),
  scoring: z.enum(["endpoint", "offline"]),
  /** How the model's answers are read: a decision (1/0) or a score. */
  outcome_type: z.enum(["binary", "score"]),
});
export type Population = z.infer<typeof populationSchema>;

export const testingTaskCreateSchema = z.strictObject({
  data_source: z.enum(DATA_SOURCES),
  name: z.string().trim().max(200, "validation.tooLong").optional(),
  /** A CSV or .xlsx document of the same application. */
  document_id: z.uuid().optional(),
  columns: z.record(z.string(), z.unknown()).optional(),
  population: populationSchema.optional(),
});
export type TestingTaskCreate = z.infer<typeof testingTaskCreateSchema>;

/** The scored file of an offline synthetic task: a document of the application and how to read its outcome. */
export const scoredUploadSchema = z.strictObject({ document_id: z.uuid(), columns: scoredColumnsSchema });

const nullableRatio = z.number().nullable();

export const fairnessGroupSchema = z.object({
  group: z.string(),
  count: z.number().int(),
  share: z.number(),
  positives: z.number().int(),
  rate: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
  /** rate ÷ the most-selected group's rate; null for an excluded group or when that rate is 0 (undefined). */
  impact_ratio: nullableRatio,
  /** Under 2% of the sample: shown, left out of the most-selected choice and the metrics. */
  excluded: z.boolean(),
  /** Excluded or under 30 rows: too small for a stable rate, never flagged. */
  small: z.boolean(),
  /** Not small and impact ratio under 0.8 (the four-fifths rule). */
  adverse_impact: z.boolean(),
  /** Two-sided Fisher exact test against the most-selected group; null for that group and excluded ones. */
  p_value: nullableRatio,
  /** True and false positive rates, when the label is mapped and the group has such rows. */
  tpr: nullableRatio.optional(),
  fpr: nullableRatio.optional(),
});
export type FairnessGroup = z.infer<typeof fairnessGroupSchema>;

export const FAIRNESS_METRICS = [
  "demographic_parity_difference",
  "demographic_parity_ratio",
  "equal_opportunity_difference",
  "equal_opportunity_ratio",
  "equalized_odds_difference",
  "equalized_odds_ratio",
] as const;
export type FairnessMetric = (typeof FAIRNESS_METRICS)[number];

export const fairnessCategorySchema = z.object({
  category: z.string(),
  /** Rows whose value for this category is empty: counted here, left out of its groups. */
  unknown: z.number().int(),
  most_selected: z.string().nullable(),
  metrics: z.record(z.enum(FAIRNESS_METRICS), nullableRatio),
  groups: z.array(fairnessGroupSchema),
});
export type FairnessCategory = z.infer<typeof fairnessCategorySchema>;

/** Counterfactual twins of a synthetic population: how often changing only the attribute changed the decision. */
export const counterfactualSchema = z.object({
  attribute: z.string(),
  twin_sets: z.number().int(),
  flip_rate: nullableRatio,
  largest_gaps: z.array(z.object({ twin_set: z.string(), gap: z.number(), scores: z.record(z.string(), z.number()) })),
});
export type Counterfactual = z.infer<typeof counterfactualSchema>;

export const provenanceSchema = z.object({
  input_sha256: z.string(),
  rows_read: z.number().int(),
  /** Rows left out of the sample because their outcome was empty or not a number. */
  rows_without_outcome: z.number().int(),
  columns: z.record(z.string(), z.unknown()),
  metric_definitions_version: z.string(),
  steward_version: z.string(),
  population: populationSchema.optional(),
});

/** A `fairness_ml_*` task's results: the field names are a contract with API clients. */
export const fairnessResultsSchema = z.object({
  sample_size: z.number().int(),
  outcome_type: z.enum(["binary", "score"]),
  median_score: z.number().optional(),
  categories: z.array(fairnessCategorySchema),
  counterfactual: z.array(counterfactualSchema).optional(),
  provenance: provenanceSchema,
});
export type FairnessResults = z.infer<typeof fairnessResultsSchema>;

/** A finished task's results: ML decisions (`fairness_ml_*`) or LLM responses (`fairness_llm_user`). */
export type TestingResults = FairnessResults | LlmResults;
export const isFairnessResults = (results: TestingResults): results is FairnessResults => "categories" in results;

/** What lists and trends show of a finished run without loading its results. */
export const testingSummarySchema = z.object({
  /** Any group with adverse impact. */
  flagged: z.boolean(),
  adverse_impact_groups: z.number().int(),
  /** Per category, its lowest impact ratio over the non-excluded groups (null when undefined). */
  lowest_impact_ratio: z.record(z.string(), nullableRatio),
});
export type TestingSummary = z.infer<typeof testingSummarySchema>;

/** The lowest impact ratio of a run across its categories; null when none is defined. */
export function lowestRatio(summary: TestingSummary | null | undefined): number | null {
  const ratios = Object.values(summary?.lowest_impact_ratio ?? {}).filter((r): r is number => r !== null && Number.isFinite(r));
  return ratios.length ? Math.min(...ratios) : null;
}

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string() });

export const testingTaskSchema = z.object({
  id: z.uuid(),
  application_id: z.uuid(),
  data_source: z.enum(DATA_SOURCES),
  name: z.string().nullable(),
  document: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  columns: z.record(z.string(), z.unknown()).nullable(),
  population: populationSchema.nullable(),
  status: z.enum(TESTING_STATUSES),
  /** A TESTING_ERRORS key when status is `error`. */
  error: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** Rows read so far while analyzing, and in all once ready. */
  rows_read: z.number().int(),
  /** Every status the task has been in, oldest first. */
  history: z.array(z.object({ status: z.enum(TESTING_STATUSES), at: z.string() })),
  started_by: personSchema,
  summary: testingSummarySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Only on the single task: a list leaves the results out. */
  results: z.union([fairnessResultsSchema, llmResultsSchema]).nullable().optional(),
});
export type TestingTask = z.infer<typeof testingTaskSchema>;

export const testingTaskListQuerySchema = listQuerySchema(["created_at"]).extend({
  data_source: multiValue(z.enum(DATA_SOURCES)),
  status: multiValue(z.enum(TESTING_STATUSES)),
});
export const testingTaskListResponseSchema = listResponseSchema(testingTaskSchema);

export const testingTaskParamsSchema = z.object({ id: z.uuid(), taskId: z.uuid() });
