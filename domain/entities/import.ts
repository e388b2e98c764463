import { z } from "zod";
import { queryBoolean } from "../api/list";
import { IMPORT_ENTITIES } from "../imports/fields";
import { DESCRIPTOR_KEYS, RISK_TIERS } from "../risk";
import { VENDOR_RISK_LEVELS } from "../vendors";

export { IMPORT_ENTITIES, type ImportEntity } from "../imports/fields";

/** What a commit does with invalid rows: import the valid ones, or nothing at all unless every row is valid. */
export const IMPORT_MODES = ["valid_rows", "all_or_nothing"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** Field key (`name`, `details.ai_type`) → the header of the file's column it is read from. */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(200)).describe("Field → the file's column header it is read from");
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importQuerySchema = z.strictObject({
  entity: z.enum(IMPORT_ENTITIES).describe("What the file holds"),
  dry_run: queryBoolean.optional().describe("true (the default): check and preview only; false: import at once with `mode`"),
  mode: z.enum(IMPORT_MODES).optional().describe("With dry_run=false: valid_rows imports the valid rows, all_or_nothing (the default) imports nothing unless every row is valid"),
});

export const importIdParamsSchema = z.object({ id: z.uuid() });

export const importRowErrorSchema = z.object({
  /** The field the error is about (`details.ai_type`), null for the row as a whole. */
  field: z.string().nullable(),
  /** The file's column the field is read from, when mapped. */
  column: z.string().nullable(),
  /** An i18n key (`imports.errors.notAnOption`, `validation.required`). */
  message: z.string(),
  /** What fills the message's placeholders: the value found, the allowed ones. */
  params: z.record(z.string(), z.string()).optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string().nullable(),
  /** What importing it does: add a record, or update the one of the same name. Null when the row cannot be imported. */
  action: z.enum(["create", "update"]).nullable(),
  /** Applications: the tier and flagged descriptors it would get (classify() over its answers). */
  risk_tier: z.enum(RISK_TIERS).nullable().optional(),
  risk_descriptors: z.array(z.enum(DESCRIPTOR_KEYS)).optional(),
  /** Vendors: the risk level it would get. */
  risk_level: z.enum(VENDOR_RISK_LEVELS).optional(),
  errors: z.array(importRowErrorSchema),
  /** After a commit: what happened to the row, and the record it made or changed. */
  outcome: z.enum(["created", "updated", "skipped"]).optional(),
  record_id: z.uuid().optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSchema = z.object({
  id: z.uuid(),
  entity: z.enum(IMPORT_ENTITIES),
  file_name: z.string(),
  status: z.enum(["preview", "committed"]),
  /** The file's column headers, in order. */
  columns: z.array(z.string()),
  mapping: importMappingSchema,
  rows: z.array(importRowSchema),
  counts: z.object({ rows: z.number().int(), valid: z.number().int(), invalid: z.number().int(), create: z.number().int(), update: z.number().int() }),
  mode: z.enum(IMPORT_MODES).nullable(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importMappingUpdateSchema = z.strictObject({ mapping: importMappingSchema });
export const importCommitSchema = z.strictObject({ mode: z.enum(IMPORT_MODES) });

export const importTemplateQuerySchema = z.strictObject({
  entity: z.enum(IMPORT_ENTITIES),
  format: z.enum(["csv", "xlsx"]),
  lang: z.enum(["en", "es"]).optional(),
});
