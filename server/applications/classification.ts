import { and, eq } from "drizzle-orm";
import { classify, descriptorKeys, type ApplicationDetails, type ClassificationContext, type ClassificationResult } from "../../domain/risk";
import { APPROVAL_RESET_STATUS, approvalResetReason } from "../../domain/workflow";
import { recordAudit, type Actor, type AuditEntry } from "../audit/record";
import { notifyReapprovalRequired } from "../notifications/application-events";
import { applicationAssessments, applications } from "../db/schema";
import type { ApplicationRow } from "./row";
import { listedVendorIds, usedVendorIds, usesVendor, vendorContext, type DbOrTx } from "./vendors";

/** No vendors used: the context of an application that lists none and names no foundation-model vendor. */
export const NO_VENDORS: ClassificationContext = { vendorCount: 0, highRiskVendorIds: [] };

/** The classification of some answers, given the vendors the application uses (server/applications/vendors.ts). */
export function classifyDetails(details: ApplicationDetails, context: ClassificationContext = NO_VENDORS): ClassificationResult {
  return classify(details, context);
}

/** The stored columns of a classification. */
export function classificationColumns(result: ClassificationResult) {
  return {
    riskTier: result.risk_tier,
    riskDescriptors: result.risk_descriptors,
    rulesFired: result.rules_fired,
    tierRuleOutcomes: result.tier_rule_outcomes,
  };
}

const stored = (row: ApplicationRow) => ({
  risk_tier: row.riskTier,
  risk_descriptors: row.riskDescriptors,
  tier_rule_outcomes: row.tierRuleOutcomes,
});

function sameDescriptors(a: Pick<ClassificationResult, "risk_descriptors">, b: Pick<ClassificationResult, "risk_descriptors">) {
  return JSON.stringify(a.risk_descriptors) === JSON.stringify(b.risk_descriptors);
}

/**
 * Classifies an application's answers in its vendor context. A new tier or new descriptors record an
 * assessment (the application's classification history) and a `classification.changed` entry; an approval
 * that no longer holds goes back to draft with the reason. Answers the columns to store; `audits` gets the entries to record.
 */
export async function reclassify(
  tx: DbOrTx,
  row: ApplicationRow,
  details: ApplicationDetails,
  context: ClassificationContext,
  actor: Actor,
  audits: AuditEntry[],
  cause?: Record<string, unknown>,
): Promise<Partial<typeof applications.$inferInsert>> {
  const after = classifyDetails(details, context);
  const before = stored(row);
  const set: Partial<typeof applications.$inferInsert> = classificationColumns(after);
  if (before.risk_tier !== after.risk_tier || !sameDescriptors(before, after)) {
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
      after: { risk_tier: after.risk_tier, risk_descriptors: descriptorKeys(after), ...cause },
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
    await notifyReapprovalRequired(tx, row, reset, actor);
  }
  return set;
}

/**
 * A vendor's risk changed: every application of the company that uses it is classified again in its
 * vendor context, whoever can see it (the rating binds them all). Answers how many changed.
 */
export async function reclassifyVendorUsers(tx: DbOrTx, companyId: string, vendorId: string, actor: Actor): Promise<number> {
  // Locked, so an edit of one of them waits and then classifies with the vendor's new risk.
  const rows = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.companyId, companyId), usesVendor(vendorId)))
    .orderBy(applications.id)
    .for("update");
  let changed = 0;
  for (const row of rows) {
    const context = await vendorContext(tx, companyId, usedVendorIds(await listedVendorIds(tx, row.id), row.details));
    const audits: AuditEntry[] = [];
    const set = await reclassify(tx, row, row.details, context, actor, audits, { vendor_id: vendorId });
    if (audits.length === 0) continue;
    changed++;
    await tx
      .update(applications)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(applications.id, row.id), eq(applications.companyId, companyId)));
    await recordAudit(tx, actor, ...audits);
  }
  return changed;
}
