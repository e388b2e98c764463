import { z } from "zod";

/** A column of the uploaded file, as its header names it. */
const columnName = z.string().trim().min(1, "validation.required").max(200, "validation.tooLong");
/** A protected attribute's key in the results (`gender`, `ethnicity`, `age_band`…). */
const attributeKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "testing.validation.attributeKey");

/**
 * How a `fairness_llm_user` file is read: one row per response, rows sharing a prompt id being the same prompt
 * varied only in the protected attributes; the language (`en`/`es`) is guessed per response when not mapped.
 */
export const llmColumnsSchema = z.strictObject({
  prompt_id: columnName,
  prompt: columnName,
  response: columnName,
  language: columnName.optional(),
  protected: z
    .record(attributeKey, columnName)
    .refine((columns) => Object.keys(columns).length > 0, "testing.validation.protectedRequired"),
});
export type LlmColumns = z.infer<typeof llmColumnsSchema>;

/** The columns a mapping names, each with the path of the field that names it (`protected.gender`). */
export function llmMappedColumns(columns: LlmColumns): [path: string, column: string][] {
  return [
    ["prompt_id", columns.prompt_id],
    ["prompt", columns.prompt],
    ["response", columns.response],
    ...(columns.language ? [["language", columns.language] as [string, string]] : []),
    ...Object.entries(columns.protected).map(([key, column]) => [`protected.${key}`, column] as [string, string]),
  ];
}
