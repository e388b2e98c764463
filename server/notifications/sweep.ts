import { and, eq, gte, isNull, lt, lte } from "drizzle-orm";
import { REVIEW_REMINDER_DAYS_BEFORE } from "../../domain/risk";
import { applicationReach, holdersOf } from "../access/reach";
import type { Db } from "../db/client";
import { applicationControls, applications, controlEvidence } from "../db/schema";
import { notify } from "./notify";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The owner (when they still reach the application) and its reviewers: who hears of its reviews. */
function ownerAnd(reach: Map<string, string[]>, ownerId: string | null, others: string[]) {
  return [...(ownerId && reach.has(ownerId) ? [ownerId] : []), ...others];
}

/**
 * What the hourly sweep notifies: reviews due within 14 days, reviews overdue, and evidence expiring within
 * 14 days. Each notification carries a key of kind, subject, date and recipient, so running the sweep
 * again — or on several servers at once — never sends one twice.
 */
export async function runMonitoringSweep(db: Db, now = new Date()): Promise<void> {
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + REVIEW_REMINDER_DAYS_BEFORE * DAY_MS));

  const reviews = await db
    .select({ id: applications.id, companyId: applications.companyId, name: applications.name, ownerId: applications.ownerId, due: applications.nextReviewDue })
    .from(applications)
    .where(lte(applications.nextReviewDue, horizon));
  for (const app of reviews) {
    const due = app.due!;
    const kind = due < today ? "review.overdue" : "review.due";
    const reach = await applicationReach(db, app.companyId, app.id);
    await notify(db, app.companyId, ownerAnd(reach, app.ownerId, holdersOf(reach, ["ApplicationReviewer"])), {
      kind,
      params: { application: app.name, date: due },
      link: `/applications/detail/${app.id}`,
      subject: { type: "application", id: app.id },
      dedupeKey: (userId) => `${kind}:${app.id}:${due}:${userId}`,
    });
  }

  const expiring = await db
    .select({
      id: controlEvidence.id,
      name: controlEvidence.name,
      controlId: controlEvidence.controlId,
      expiresOn: controlEvidence.expiresOn,
      companyId: applications.companyId,
      applicationId: applications.id,
      application: applications.name,
      controlOwner: applicationControls.ownerId,
      applicationOwner: applications.ownerId,
    })
    .from(controlEvidence)
    .innerJoin(applications, eq(applications.id, controlEvidence.applicationId))
    .leftJoin(applicationControls, and(eq(applicationControls.applicationId, controlEvidence.applicationId), eq(applicationControls.controlId, controlEvidence.controlId)))
    .where(and(isNull(controlEvidence.deletedAt), gte(controlEvidence.expiresOn, today), lt(controlEvidence.expiresOn, horizon)));
  for (const evidence of expiring) {
    const reach = await applicationReach(db, evidence.companyId, evidence.applicationId);
    const owner = evidence.controlOwner ?? evidence.applicationOwner;
    await notify(db, evidence.companyId, ownerAnd(reach, owner, []), {
      kind: "evidence.expiring",
      params: { evidence: evidence.name, control: evidence.controlId, application: evidence.application, date: evidence.expiresOn! },
      link: `/applications/detail/${evidence.applicationId}?tab=controls`,
      subject: { type: "application", id: evidence.applicationId },
      dedupeKey: (userId) => `evidence.expiring:${evidence.id}:${evidence.expiresOn}:${userId}`,
    });
  }
}
