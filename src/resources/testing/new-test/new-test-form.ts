import { z } from "zod";
import {
  mlColumnsSchema,
  populationSchema,
  POPULATION_MAX_ROWS,
  RACE_ETHNICITY,
  SEX,
  SEX_RACE_ETHNICITY,
  testingTaskCreateSchema,
} from "../../../../domain/entities/testing-task";

export type OutcomeType = "binary" | "score";
export type NewTestSource = "fairness_ml_user" | "fairness_ml_synthetic" | "fairness_llm_user";

/** A model input feature as its inputs hold it; a category's values are typed comma-separated. */
export interface FeatureValues {
  name: string;
  kind: "number" | "category";
  min: string;
  max: string;
  integer: boolean;
  values: string;
}

export interface AttributeValues {
  attribute: string;
  values: { value: string; share: string }[];
}

/**
 * The dialog's fields, shaped like the request body (`columns.outcome`, `population.size`…) so that a field
 * error the server names lands on its input. Other protected attributes are rows of key and column (`others`)
 * that become entries of `columns.protected`.
 */
export interface NewTestValues {
  data_source: NewTestSource;
  name: string;
  document_id: string;
  columns: {
    outcome: string;
    outcome_type: OutcomeType;
    positive_value: string;
    label: string;
    protected: { sex: string; race_ethnicity: string };
  };
  /** The protected attributes beyond the named ones (ML), or all of them (LLM). */
  others: { key: string; column: string }[];
  /** Which columns of an LLM responses file hold the prompt id, the prompt, the response and its language (optional). */
  llm: LlmColumnValues;
  population: {
    size: string;
    seed: string;
    features: FeatureValues[];
    protected: AttributeValues[];
    scoring: "endpoint" | "offline";
    outcome_type: OutcomeType;
  };
}

export interface LlmColumnValues {
  prompt_id: string;
  prompt: string;
  response: string;
  language: string;
}
export const LLM_COLUMN_FIELDS = ["prompt_id", "prompt", "response", "language"] as const;

/** The largest seed a population takes (a 31-bit integer). */
export const SEED_MAX = 2_147_483_647;
export const randomSeed = () => Math.floor(Math.random() * SEED_MAX);

export const aFeature = (): FeatureValues => ({ name: "", kind: "number", min: "", max: "", integer: false, values: "" });
export const anAttribute = (attribute = ""): AttributeValues => ({ attribute, values: [{ value: "", share: "" }, { value: "", share: "" }] });

export const newTestValues = (seed: number, scoring: "endpoint" | "offline"): NewTestValues => ({
  data_source: "fairness_ml_user",
  name: "",
  document_id: "",
  columns: { outcome: "", outcome_type: "binary", positive_value: "1", label: "", protected: { sex: "", race_ethnicity: "" } },
  others: [],
  llm: { prompt_id: "", prompt: "", response: "", language: "" },
  population: {
    size: "10000",
    seed: String(seed),
    features: [aFeature()],
    protected: [{ attribute: SEX, values: [{ value: "female", share: "0.5" }, { value: "male", share: "0.5" }] }],
    scoring,
    outcome_type: "score",
  },
});

const required = z.string().trim().min(1, "validation.required");
const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;
/** Keys the named fields or the intersectional category already use. */
const RESERVED_KEYS: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY];

const numberOf = (text: string) => (text.trim() === "" ? NaN : Number(text));
const integerIn = (min: number, max: number, message: string) =>
  z.string().refine((text) => {
    const n = numberOf(text);
    return Number.isInteger(n) && n >= min && n <= max;
  }, message);

/** Adds `message` at `path` for each item whose key occurs before (a second attribute or feature of the same name). */
function refuseRepeats(keys: string[], ctx: z.RefinementCtx, path: (i: number) => (string | number)[]) {
  keys.forEach((key, i) => {
    if (key && keys.indexOf(key) !== i) ctx.addIssue({ code: "custom", path: path(i), message: "testing.validation.duplicate" });
  });
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

const mlCreateSchema = testingTaskCreateSchema.extend({ columns: mlColumnsSchema });
const syntheticCreateSchema = testingTaskCreateSchema.extend({ population: populationSchema });

const mlInput = z
  .object({
    data_source: z.literal("fairness_ml_user"),
    name: z.string(),
    document_id: z.string().min(1, "testing.validation.documentRequired"),
    columns: z.object({
      outcome: required,
      outcome_type: z.enum(["binary", "score"]),
      positive_value: z.string(),
      label: z.string(),
      protected: z.object({ sex: z.string(), race_ethnicity: z.string() }),
    }),
    others: z.array(z.object({ key: z.string().trim(), column: required })),
  })
  .superRefine(({ columns, others }, ctx) => {
    others.forEach(({ key }, i) => {
      if (!ATTRIBUTE_KEY.test(key)) ctx.addIssue({ code: "custom", path: ["others", i, "key"], message: "testing.validation.attributeKey" });
      else if (RESERVED_KEYS.includes(key)) ctx.addIssue({ code: "custom", path: ["others", i, "key"], message: "testing.validation.reservedKey" });
    });
    refuseRepeats(others.map((o) => o.key), ctx, (i) => ["others", i, "key"]);
    if (!columns.protected.sex && !columns.protected.race_ethnicity && others.length === 0) {
      ctx.addIssue({ code: "custom", path: ["columns", "protected"], message: "testing.validation.protectedRequired" });
    }
  })
  .transform(({ data_source, name, document_id, columns, others }): z.input<typeof mlCreateSchema> => ({
    data_source,
    ...(name.trim() ? { name: name.trim() } : {}),
    document_id,
    columns: {
      outcome: columns.outcome,
      outcome_type: columns.outcome_type,
      // What "selected" is matters for decisions only: a score is selected above the median.
      ...(columns.outcome_type === "binary" && optional(columns.positive_value) ? { positive_value: optional(columns.positive_value) } : {}),
      ...(optional(columns.label) ? { label: columns.label } : {}),
      protected: {
        ...(columns.protected.sex ? { [SEX]: columns.protected.sex } : {}),
        ...(columns.protected.race_ethnicity ? { [RACE_ETHNICITY]: columns.protected.race_ethnicity } : {}),
        ...Object.fromEntries(others.map((o) => [o.key, o.column])),
      },
    },
  }))
  .pipe(mlCreateSchema);

const featureInput = z
  .object({ name: required, kind: z.enum(["number", "category"]), min: z.string(), max: z.string(), integer: z.boolean(), values: z.string() })
  .superRefine((feature, ctx) => {
    if (feature.kind === "category") {
      if (splitValues(feature.values).length === 0) ctx.addIssue({ code: "custom", path: ["values"], message: "testing.validation.valuesRequired" });
      return;
    }
    const [min, max] = [numberOf(feature.min), numberOf(feature.max)];
    if (!Number.isFinite(min)) ctx.addIssue({ code: "custom", path: ["min"], message: "testing.validation.number" });
    if (!Number.isFinite(max)) ctx.addIssue({ code: "custom", path: ["max"], message: "testing.validation.number" });
    else if (Number.isFinite(min) && min > max) ctx.addIssue({ code: "custom", path: ["max"], message: "testing.validation.range" });
  });

/** "a, b ,, c" → ["a", "b", "c"]: a category's values as typed. */
export const splitValues = (text: string) => [...new Set(text.split(",").map((v) => v.trim()).filter(Boolean))];

const share = z.string().refine((text) => {
  const n = numberOf(text);
  return n > 0 && n <= 1;
}, "testing.validation.share");

const attributeInput = z.object({
  attribute: z.string().trim().regex(ATTRIBUTE_KEY, "testing.validation.attributeKey"),
  values: z.array(z.object({ value: required, share })).min(2, "testing.validation.twoValues"),
});

const syntheticInput = z
  .object({
    data_source: z.literal("fairness_ml_synthetic"),
    name: z.string(),
    population: z.object({
      size: integerIn(10, POPULATION_MAX_ROWS, "testing.validation.size"),
      seed: integerIn(0, SEED_MAX, "testing.validation.seed"),
      features: z.array(featureInput).min(1, "testing.validation.featureRequired"),
      protected: z.array(attributeInput).min(1, "testing.validation.protectedRequired"),
      scoring: z.enum(["endpoint", "offline"]),
      outcome_type: z.enum(["binary", "score"]),
    }),
  })
  .superRefine(({ population }, ctx) => {
    refuseRepeats(population.features.map((f) => f.name.trim()), ctx, (i) => ["population", "features", i, "name"]);
    refuseRepeats(population.protected.map((a) => a.attribute.trim()), ctx, (i) => ["population", "protected", i, "attribute"]);
    population.protected.forEach((a, i) => refuseRepeats(a.values.map((v) => v.value.trim()), ctx, (j) => ["population", "protected", i, "values", j, "value"]));
  })
  .transform(({ data_source, name, population }): z.input<typeof syntheticCreateSchema> => ({
    data_source,
    ...(name.trim() ? { name: name.trim() } : {}),
    population: {
      size: Number(population.size),
      seed: Number(population.seed),
      features: population.features.map((f) =>
        f.kind === "number"
          ? { name: f.name.trim(), kind: "number" as const, min: Number(f.min), max: Number(f.max), ...(f.integer ? { integer: true } : {}) }
          : { name: f.name.trim(), kind: "category" as const, values: splitValues(f.values) },
      ),
      protected: population.protected.map((a) => ({ attribute: a.attribute.trim(), values: a.values.map((v) => ({ value: v.value.trim(), share: Number(v.share) })) })),
      scoring: population.scoring,
      outcome_type: population.outcome_type,
    },
  }))
  .pipe(syntheticCreateSchema);

const llmCreateSchema = testingTaskCreateSchema.extend({
  document_id: z.uuid(),
  columns: z.object({
    prompt_id: z.string(),
    prompt: z.string(),
    response: z.string(),
    language: z.string().optional(),
    protected: z.record(z.string(), z.string()),
  }),
});

const llmInput = z
  .object({
    data_source: z.literal("fairness_llm_user"),
    name: z.string(),
    document_id: z.string().min(1, "testing.validation.documentRequired"),
    llm: z.object({ prompt_id: required, prompt: required, response: required, language: z.string() }),
    others: z.array(z.object({ key: z.string().trim(), column: required })).min(1, "testing.validation.protectedRequired"),
  })
  .superRefine(({ others }, ctx) => {
    others.forEach(({ key }, i) => {
      if (!ATTRIBUTE_KEY.test(key)) ctx.addIssue({ code: "custom", path: ["others", i, "key"], message: "testing.validation.attributeKey" });
    });
    refuseRepeats(others.map((o) => o.key), ctx, (i) => ["others", i, "key"]);
  })
  .transform(({ data_source, name, document_id, llm, others }): z.input<typeof llmCreateSchema> => ({
    data_source,
    ...(name.trim() ? { name: name.trim() } : {}),
    document_id,
    columns: {
      prompt_id: llm.prompt_id,
      prompt: llm.prompt,
      response: llm.response,
      // Unmapped, each response's language is guessed from its words.
      ...(optional(llm.language) ? { language: llm.language } : {}),
      protected: Object.fromEntries(others.map((o) => [o.key, o.column])),
    },
  }))
  .pipe(llmCreateSchema);

/** POST …/testing/tasks from the "New test" dialog: the chosen data source's fields, read by the domain's schemas. */
export const newTestFormSchema = z.discriminatedUnion("data_source", [mlInput, syntheticInput, llmInput]);
export type NewTestBody = z.output<typeof newTestFormSchema>;

/**
 * The field a server error on `path` belongs to: an attribute of `columns.protected` other than the named
 * ones is a row of `others` (in the order the body lists them); the rest are the body's own paths.
 */
export function fieldOfServerPath(path: string, body: NewTestBody): string {
  if (body.data_source === "fairness_llm_user") return llmFieldOfServerPath(path, body);
  const match = /^columns\.protected\.([^.]+)$/.exec(path);
  if (!match || match[1] === SEX || match[1] === RACE_ETHNICITY) return path;
  const mapped = (body.columns as { protected?: Record<string, string> } | undefined)?.protected ?? {};
  const others = Object.keys(mapped).filter((key) => key !== SEX && key !== RACE_ETHNICITY);
  const index = others.indexOf(match[1]);
  return index === -1 ? path : `others.${index}.column`;
}

/** An LLM body's columns are the dialog's `llm` fields, and every protected attribute a row of `others`. */
function llmFieldOfServerPath(path: string, body: NewTestBody): string {
  const column = /^columns\.([^.]+)$/.exec(path)?.[1];
  if (column && (LLM_COLUMN_FIELDS as readonly string[]).includes(column)) return `llm.${column}`;
  const attribute = /^columns\.protected\.([^.]+)$/.exec(path)?.[1];
  if (attribute === undefined) return path === "columns.protected" ? "others" : path;
  const index = Object.keys((body.columns as { protected?: Record<string, string> } | undefined)?.protected ?? {}).indexOf(attribute);
  return index === -1 ? path : `others.${index}.column`;
}

/** The columns a file made from a prompt set names as the mapping expects: filled in when the file has them. */
export const PROMPT_SET_COLUMNS = { prompt_id: "prompt_id", prompt: "prompt", response: "response", language: "language" } as const;
export const PROMPT_SET_ATTRIBUTES = ["gender", "ethnicity", "age_band"] as const;

/** The mapping a responses file suggests by its column names (a prompt set's download, filled in): empty where it has none. */
export function suggestedLlmMapping(columns: readonly string[]): { llm: LlmColumnValues; others: { key: string; column: string }[] } {
  const has = (name: string) => (columns.includes(name) ? name : "");
  return {
    llm: { prompt_id: has(PROMPT_SET_COLUMNS.prompt_id), prompt: has(PROMPT_SET_COLUMNS.prompt), response: has(PROMPT_SET_COLUMNS.response), language: has(PROMPT_SET_COLUMNS.language) },
    others: PROMPT_SET_ATTRIBUTES.filter((a) => columns.includes(a)).map((a) => ({ key: a, column: a })),
  };
}
