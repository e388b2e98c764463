import { z } from "zod";
import { PROMPT_LANGUAGES } from "./attributes";
import { PROMPT_SET_IDS } from "./templates";

/**
 * Counterfactual prompt sets for testing an LLM for bias: every template rendered once per group of an
 * attribute. Bump PROMPT_SETS_VERSION whenever a template, a name or an id changes: a file of responses
 * is only comparable with another made from the same version.
 */
export const PROMPT_SETS_VERSION = "1.0.0";

export { AGE_BANDS, ETHNICITY_GROUPS, GENDERS, PROMPT_ATTRIBUTES, PROMPT_LANGUAGES, type PromptAttribute, type PromptLanguage } from "./attributes";
export { INSTANCES_PER_ATTRIBUTE, neutralizeAttributeWords, NEUTRAL_WORD, PROMPT_COLUMNS, promptSetRows, type PromptRow } from "./render";
export { PROMPT_SET_IDS, type PromptSetId } from "./templates";

/** A set as the list answers it: title and description in the asked language, prompts per language. */
export const promptSetSchema = z.object({
  id: z.enum(PROMPT_SET_IDS),
  title: z.string(),
  description: z.string(),
  languages: z.array(z.enum(PROMPT_LANGUAGES)),
  prompts: z.record(z.enum(PROMPT_LANGUAGES), z.number().int()),
  version: z.string(),
});
export type PromptSet = z.infer<typeof promptSetSchema>;

export const promptSetListSchema = z.object({ items: z.array(promptSetSchema) });

/** Running a set through the application's model endpoint. */
export const promptRunBodySchema = z.strictObject({
  set_id: z.enum(PROMPT_SET_IDS),
  language: z.enum(PROMPT_LANGUAGES),
});
export type PromptRunBody = z.infer<typeof promptRunBodySchema>;
