import { z } from "zod";
import { listQuerySchema, listResponseSchema } from "../api/list";
import { CONTROL_STATUSES } from "../frameworks/types";
import { DESCRIPTOR_KEYS, RISK_TIERS } from "../risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../workflow";

/**
 * An approval snapshot: what an application was when it was approved or rejected, frozen at that moment and
 * never changed afterwards. It is taken in the transaction of the decision, stored with the SHA-256 of its
 * canonical JSON (domain/audit/canonical-json.ts), and that hash is written into the decision's audit entry,
 * so the hash chain of the audit trail vouches for the snapshot too.
 *
 * The shape, version 1 (`format_version`), as GET /applications/{id}/approval-snapshots/{snapshotId} answers it
 * under `content` and latestApprovalSnapshot() (server/approvals/store.ts) returns it:
 *
 *   decision            "approved" | "rejected", with `decided_at` (ISO 8601) and `decided_by` { id, name }
 *   application         id, name, description, owner { id, name } | null, development_status, the approval status
 *                       it was decided from, and its version at that moment
 *   classification      risk_tier (null: not assessed), rules_fired (rule ids, domain/risk), risk_descriptors
 *                       ({ key, rules } of each flagged descriptor, domain/risk/descriptors.ts)
 *   answers             the questionnaire's answers, every question present (domain/risk applicationDetailsSchema)
 *   vendors             the vendors it lists: id, name, status, risk_level, risk_reasons
 *   controls            every control that applied, in catalogue order: control_id, name, status, justification,
 *                       owner, due_date, and its live evidence: id, name, kind, url, effective_on, expires_on,
 *                       expired (on the day of the decision), and for a file its content_type, the size and
 *                       SHA-256 of the bytes stored at that moment (sha256 null when no file had been uploaded)
 *   tests               its fairness tests with results: id, name, data_source, finished_at, and results_sha256,
 *                       the SHA-256 of the canonical JSON of { summary, results } as stored
 */

export const SNAPSHOT_FORMAT_VERSION = 1;
export const SNAPSHOT_DECISIONS = ["approved", "rejected"] as const;
export type SnapshotDecision = (typeof SNAPSHOT_DECISIONS)[number];

const person = z.object({ id: z.uuid().nullable(), name: z.string() });

const snapshotEvidenceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(["file", "link"]),
  url: z.string().nullable(),
  effective_on: z.string(),
  expires_on: z.string().nullable(),
  expired: z.boolean(),
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  /** SHA-256 (hex) of the file's bytes at the moment of the decision; null for a link or a file never uploaded. */
  sha256: z.string().nullable(),
});

const snapshotControlSchema = z.object({
  control_id: z.string(),
  name: z.string(),
  status: z.enum(CONTROL_STATUSES),
  justification: z.string().nullable(),
  owner: person.nullable(),
  due_date: z.string().nullable(),
  evidence: z.array(snapshotEvidenceSchema),
});

export const snapshotContentSchema = z.object({
  format_version: z.literal(SNAPSHOT_FORMAT_VERSION),
  decision: z.enum(SNAPSHOT_DECISIONS),
  decided_at: z.string(),
  decided_by: person,
  application: z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    owner: person.nullable(),
    development_status: z.enum(DEVELOPMENT_STATUSES),
    decided_from: z.enum(APPROVAL_STATUSES),
    version: z.number().int(),
  }),
  classification: z.object({
    risk_tier: z.enum(RISK_TIERS).nullable(),
    rules_fired: z.array(z.string()),
    risk_descriptors: z.array(z.object({ key: z.enum(DESCRIPTOR_KEYS), rules: z.array(z.string()) })),
  }),
  answers: z.record(z.string(), z.unknown()),
  vendors: z.array(z.object({ id: z.uuid(), name: z.string(), status: z.string(), risk_level: z.string(), risk_reasons: z.array(z.string()) })),
  controls: z.array(snapshotControlSchema),
  tests: z.array(
    z.object({
      id: z.uuid(),
      name: z.string().nullable(),
      data_source: z.string(),
      finished_at: z.string(),
      /** SHA-256 (hex) of the canonical JSON of { summary, results } as stored at the moment of the decision. */
      results_sha256: z.string(),
    }),
  ),
});
export type SnapshotContent = z.infer<typeof snapshotContentSchema>;

/** A snapshot as listed: who decided what and when, the tier decided on, and the hash of its content. */
export const snapshotSummarySchema = z.object({
  id: z.uuid(),
  application_id: z.uuid(),
  decision: z.enum(SNAPSHOT_DECISIONS),
  decided_at: z.string(),
  decided_by: person,
  risk_tier: z.enum(RISK_TIERS).nullable(),
  /** SHA-256 (hex) of the canonical JSON of `content`. */
  sha256: z.string(),
});
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;

export const snapshotSchema = snapshotSummarySchema.extend({ content: snapshotContentSchema });
export type ApprovalSnapshot = z.infer<typeof snapshotSchema>;

export const snapshotListSchema = listResponseSchema(snapshotSummarySchema);
export const snapshotListQuerySchema = listQuerySchema(["decided_at"]).omit({ q: true });
