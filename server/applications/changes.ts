import { and, eq } from "drizzle-orm";
import workflowEn from "../../locales/en/workflow.json";
import { applicationRoleNames, roleMatches, type AbilityUser } from "../../domain/access/abilities";
import type { ApplicationUpdate } from "../../domain/entities/application";
import { applicationDetailsSchema, descriptorKeys, nextReviewDue, type ApplicationDetails, type ClassificationResult } from "../../domain/risk";
import {
  APPROVAL_RESET_STATUS,
  approvalResetReason,
  checkApprovalMove,
  checkDevelopmentMove,
  type ApprovalStatus,
  type DevelopmentStatus,
  type MoveCheck,
} from "../../domain/workflow";
import { recordAudit, type Actor, type AuditEntry } from "../audit/record";
import type { Db } from "../db/client";
import { applicationAssessments, applications } from "../db/schema";
import { badRequest, HttpProblem } from "../plugins/problem";
import { classificationColumns, classifyDetails, type ApplicationRow } from "./store";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Refusals about who the caller is are 403; about the application's state, 409 (design §4). */
const FORBIDDEN_REASONS = new Set(["contributorRoleRequired", "reviewerRoleRequired", "approverRoleRequired", "approverIsSubmitter"]);

/** A refused move: the detail in English, the field error carrying the workflow.errors key the browser translates. */
function refusedMove(check: Extract<MoveCheck, { ok: false }>, path: string): HttpProblem {
  const key = check.reason.replace("workflow.errors.", "") as keyof typeof workflowEn.errors;
  return new HttpProblem(FORBIDDEN_REASONS.has(key) ? 403 : 409, workflowEn.errors[key], [{ path, message: check.reason }]);
}

function sameDescriptors(a: Pick<ClassificationResult, "risk_descriptors">, b: Pick<ClassificationResult, "risk_descriptors">) {
  return JSON.stringify(a.risk_descriptors) === JSON.stringify(b.risk_descriptors);
}

const stored = (row: ApplicationRow) => ({
  risk_tier: row.riskTier,
  risk_descriptors: row.riskDescriptors,
  tier_rule_outcomes: row.tierRuleOutcomes,
});

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
 * An edit: name, description, owner, answers. New answers are classified; a new tier or new descriptors
 * record an assessment (risk-model §7), and an approval that no longer holds goes back to draft with the
 * reason (§4). Everything that changes governance state is audited in the same transaction.
 */
export async function applyEdit(tx: Tx, row: ApplicationRow, body: ApplicationUpdate, actor: Actor): Promise<void> {
  const set: Partial<typeof applications.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description || null;
  if (body.owner_id !== undefined) set.ownerId = body.owner_id;

  if (body.details !== undefined) {
    const details = mergeDetails(row.details, body.details);
    const after = classifyDetails(details);
    const before = stored(row);
    Object.assign(set, { details, ...classificationColumns(after) });
    const changed = before.risk_tier !== after.risk_tier || !sameDescriptors(before, after);
    const audits: AuditEntry[] = [
      {
        entityType: "application",
        entityId: row.id,
        action: "details.updated",
        before: { details: row.details },
        after: { details },
      },
    ];
    if (changed) {
      await tx.insert(applicationAssessments).values({
        companyId: row.companyId,
        applicationId: row.id,
        assessedById: actor.id,
        assessedByName: actor.name,
        details,
        riskTier: after.risk_tier,
        riskDescriptors: after.risk_descriptors,
        rulesFired: after.rules_fired,
      });
      audits.push({
        entityType: "application",
        entityId: row.id,
        action: "classification.changed",
        before: { risk_tier: before.risk_tier, risk_descriptors: descriptorKeys(before) },
        after: { risk_tier: after.risk_tier, risk_descriptors: descriptorKeys(after) },
      });
    }
    const reset = approvalResetReason({ status: row.approvalStatus, before, after });
    if (reset) {
      Object.assign(set, { approvalStatus: APPROVAL_RESET_STATUS, approvalResetReason: reset, approvedAt: null, nextReviewDue: null });
      audits.push({
        entityType: "application",
        entityId: row.id,
        action: "approval.reset",
        before: { approval_status: row.approvalStatus },
        after: { approval_status: APPROVAL_RESET_STATUS, reason: reset },
      });
    }
    await recordAudit(tx, actor, ...audits);
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(applications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(applications.id, row.id), eq(applications.companyId, row.companyId)));
}

/** Risk-model §4: an approval move, by the roles the user holds on this application. */
export async function applyApprovalMove(tx: Tx, row: ApplicationRow, to: ApprovalStatus, user: AbilityUser, actor: Actor, now = new Date()): Promise<void> {
  const names = applicationRoleNames(user, row.id);
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
  await recordAudit(tx, actor, {
    entityType: "application",
    entityId: row.id,
    action: "approval.moved",
    before: { approval_status: row.approvalStatus },
    after: { approval_status: to },
  });
}

/** Risk-model §5: a development move; `deployed` needs approval for high and medium, never for prohibited. */
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
