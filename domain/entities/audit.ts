import { z } from "zod";
import { listQuerySchema, listResponseSchema, multiValue } from "../api/list";

/** The company's audit trail (Admin → Audit log): every governance change, chained by hashes (domain/audit/chain.ts). */

export const AUDIT_ACTOR_TYPES = ["user", "api_client", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** The entry's place in the company's chain: 1, 2, 3 … */
  seq: z.number().int(),
  actor: z.object({ id: z.uuid().nullable(), type: z.enum(AUDIT_ACTOR_TYPES), name: z.string() }),
  entity_type: z.string(),
  entity_id: z.uuid(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
  prev_hash: z.string().nullable(),
  /** Null only for an entry written before the chain that the start-up has not hashed yet. */
  hash: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** `created_at` orders by the entries' places in the chain, which is the order they were written in. */
export const AUDIT_SORT_KEYS = ["created_at"] as const;

const isoInstant = z.iso.datetime({ offset: true });

/**
 * The filters of the audit log, shared by the list and its export: who (an actor's id, or part of their name),
 * what (entity type and id, actions) and when (from inclusive, to exclusive).
 */
export const auditFilterSchema = z.object({
  /** One entry (the one verify named, say). */
  id: z.uuid().optional(),
  actor_id: z.uuid().optional(),
  actor: z.string().trim().min(1).max(200).optional(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES).optional(),
  entity_type: z.string().trim().min(1).max(100).optional(),
  entity_id: z.uuid().optional(),
  action: multiValue(z.string().trim().min(1).max(100)),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = listQuerySchema(AUDIT_SORT_KEYS).omit({ q: true }).extend(auditFilterSchema.shape);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListResponseSchema = listResponseSchema(auditEntrySchema);

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /audit/export: the list's filters and sort, every matching entry (no paging), as CSV or .xlsx. */
export const auditExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS),
  sort: auditListQuerySchema.shape.sort,
  ...auditFilterSchema.shape,
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** What the filters can choose from: the entity types and actions the company's trail holds. */
export const auditFacetsSchema = z.object({ entity_types: z.array(z.string()), actions: z.array(z.string()) });

export const chainVerdictSchema = z.union([
  z.object({ ok: z.literal(true), entries: z.number().int(), head: z.string().nullable() }),
  z.object({
    ok: z.literal(false),
    entries: z.number().int(),
    broken_at: z.uuid(),
    /** The broken entry's place in the chain. */
    broken_seq: z.number().int(),
    reason: z.enum(["missing_hash", "unlinked", "changed", "unkeyed"]),
  }),
]);
