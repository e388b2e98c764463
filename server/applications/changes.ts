import { and, eq } from "drizzle-orm";
import workflowEn from "../../locales/en/workflow.json";
import { applicationRoleNames, roleMatches, type AbilityUser } from "../../domain/access/abilities";
import type { ApplicationUpdate } from "../../domain/entities/application";
import { applicationDetailsSchema, nextReviewDue, type ApplicationDetails } from "../../domain/risk";
import {
  checkApprovalMove,
  checkDevelopmentMove,
  type ApprovalStatus,
  type DevelopmentStatus,
  type MoveCheck,
} from "../../domain/workflow";
import { takeApprovalSnapshot } from "../approvals/store";
import { recordAudit, type Actor, type AuditEntry } from "../audit/record";
import { notifyApprovalMove } from "../notifications/application-events";
import type { Db } from "../db/client";
import { applications } from "../db/schema";
import { badRequest, HttpProblem } from "../plugins/problem";
import type { Storage } from "../storage/types";
import { reclassify } from "./classification";
import type { ApplicationRow } from "./row";
import { assertCompanyVendors, listedVendorIds, replaceListedVendors, usedVendorIds, vendorContext } from "./vendors";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Refusals about who the caller is are 403; about the application's state, 409. */
const FORBIDDEN_REASONS = new Set(["contributorRoleRequired", "reviewerRoleRequired", "approverRoleRequired", "approverIsSubmitter"]);

/** A refused move: the detail in English, the field error carrying the workflow.errors key the browser translates. */
function refusedMove(check: Extract<MoveCheck, { ok: false }>, path: string): HttpProblem {
  const key = check.reason.replace("workflow.errors.", "") as keyof typeof workflowEn.errors;
  return new HttpProblem(FORBIDDEN_REASONS.has(key) ? 403 : 409, workflowEn.errors[key], [{ path, message: check.reason }]);
}

/** Merges a partial set of answers over the stored ones and checks the whole (dependencies between answers). */
export function mergeDetails(current: ApplicationDetails, patch: Partial<ApplicationDetails>): ApplicationDetails {
  const parsed = applicationDetailsSchema.safeParse({ ...current, ...patch });
  if (!parsed.success) {
    throw badRequest(
      "The answers are not valid.",
      parsed.error.issues.map((i) => ({ path: ["details", ...i.path].join("."), message: i.message })),
    );
  }
  return parsed.data;
}

/**
 * An edit: name, description, owner, answers, vendors. New answers or vendors are classified in the vendor
 * context (server/applications/classification.ts: assessment, approval reset). Everything that changes
 * governance state is audited in the same transaction (`audit` adds to every entry, e.g. the import that made the change).
 */
export async function applyEdit(tx: Tx, row: ApplicationRow, body: ApplicationUpdate, actor: Actor, audit: Record<string, unknown> = {}): Promise<void> {
  const set: Partial<typeof applications.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description || null;
  if (body.owner_id !== undefined) set.ownerId = body.owner_id;

  if (body.details !== undefined || body.vendor_ids !== undefined) {
    const audits: AuditEntry[] = [];
    const details = body.details !== undefined ? mergeDetails(row.details, body.details) : row.details;
    const listedBefore = await listedVendorIds(tx, row.id);
    const listed = body.vendor_ids ?? listedBefore;
    if (body.details !== undefined) {
      await assertCompanyVendors(tx, row.companyId, [details.foundation_model_vendor_id], "details.foundation_model_vendor_id");
      set.details = details;
      audits.push({ entityType: "application", entityId: row.id, action: "details.updated", before: { details: row.details }, after: { details } });
    }
    if (body.vendor_ids !== undefined) {
      await assertCompanyVendors(tx, row.companyId, listed, "vendor_ids");
      await replaceListedVendors(tx, row.companyId, row.id, listed);
      audits.push({ entityType: "application", entityId: row.id, action: "vendors.updated", before: { vendor_ids: listedBefore }, after: { vendor_ids: listed } });
    }
    const context = await vendorContext(tx, row.companyId, usedVendorIds(listed, details));
    Object.assign(set, await reclassify(tx, row, details, context, actor, audits));
    await recordAudit(tx, actor, ...audits.map((entry) => ({ ...entry, after: { ...(entry.after as object), ...audit } })));
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(applications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(applications.id, row.id), eq(applications.companyId, row.companyId)));
}

/**
 * An approval move, allowed by the roles the user holds on this application (domain/workflow's move table), through
 * its groups (`groupIds`, read with the row) or a grant on it. An
 * approval or a rejection freezes what was decided on (server/approvals): the snapshot's id and hash go into the
 * move's audit entry, so the audit chain vouches for the snapshot.
 */
export async function applyApprovalMove(
  tx: Tx,
  storage: Storage,
  row: ApplicationRow,
  groupIds: string[],
  to: ApprovalStatus,
  user: AbilityUser,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const names = applicationRoleNames(user, { id: row.id, resource_group_ids: groupIds });
  const check = checkApprovalMove({
    from: row.approvalStatus,
    to,
    tier: row.riskTier,
    roles: (role) => names.some((name) => roleMatches(name, role as never)),
    isSubmitter: row.submittedBy === user.id,
  });
  if (!check.ok) throw refusedMove(check, "approval_status");
  const set: Partial<typeof applications.$inferInsert> = { approvalStatus: to };
  if (to === "submitted") Object.assign(set, { submittedBy: user.id, approvalResetReason: null });
  if (to === "approved") {
    const due = nextReviewDue(row.riskTier, now);
    Object.assign(set, { approvedAt: now, lastReviewedAt: now, nextReviewDue: due ? due.toISOString().slice(0, 10) : null });
  }
  await tx
    .update(applications)
    .set({ ...set, updatedAt: now })
    .where(and(eq(applications.id, row.id), eq(applications.companyId, row.companyId)));
  const snapshot =
    to === "approved" || to === "rejected"
      ? await takeApprovalSnapshot(tx, storage, row, { decision: to, from: row.approvalStatus, at: now, by: { id: actor.id, name: actor.name } })
      : null;
  await recordAudit(tx, actor, {
    entityType: "application",
    entityId: row.id,
    action: "approval.moved",
    before: { approval_status: row.approvalStatus },
    after: { approval_status: to, ...(snapshot && { snapshot_id: snapshot.id, snapshot_sha256: snapshot.sha256 }) },
  });
  await notifyApprovalMove(tx, row, to, actor);
}

/** A development move; `deployed` needs approval for high and medium, never for prohibited. */
export async function applyDevelopmentMove(tx: Tx, row: ApplicationRow, to: DevelopmentStatus, actor: Actor): Promise<void> {
  const check = checkDevelopmentMove({ from: row.developmentStatus, to, tier: row.riskTier, approvalStatus: row.approvalStatus });
  if (!check.ok) throw refusedMove(check, "development_status");
  await tx
    .update(applications)
    .set({ developmentStatus: to, updatedAt: new Date() })
    .where(and(eq(applications.id, row.id), eq(applications.companyId, row.companyId)));
  await recordAudit(tx, actor, {
    entityType: "application",
    entityId: row.id,
    action: "development.moved",
    before: { development_status: row.developmentStatus },
    after: { development_status: to },
  });
}
