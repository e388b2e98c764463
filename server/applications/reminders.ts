import { and, eq, gte, isNull, lt, lte } from "drizzle-orm";
import { REVIEW_REMINDER_DAYS_BEFORE } from "../../domain/risk";
import { applicationReach, holdersOf } from "../access/reach";
import type { Db } from "../db/client";
import { applicationControls, applications, controlEvidence } from "../db/schema";
import { ownerAnd, type Reminder, type ReminderSource } from "../notifications/reminder";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Reviews due within 14 days or overdue: the owner and the application's reviewers hear of them. */
async function reviewReminders(db: Db, today: string, horizon: string): Promise<Reminder[]> {
  const reviews = await db
    .select({ id: applications.id, companyId: applications.companyId, name: applications.name, ownerId: applications.ownerId, due: applications.nextReviewDue })
    .from(applications)
    .where(lte(applications.nextReviewDue, horizon));
  const reminders: Reminder[] = [];
  for (const app of reviews) {
    const due = app.due!;
    const kind = due < today ? "review.overdue" : "review.due";
    const reach = await applicationReach(db, app.companyId, app.id);
    reminders.push({
      companyId: app.companyId,
      recipients: ownerAnd(reach, app.ownerId, holdersOf(reach, ["ApplicationReviewer"])),
      notification: {
        kind,
        params: { application: app.name, date: due },
        link: `/applications/detail/${app.id}`,
        subject: { type: "application", id: app.id },
        dedupeKey: (userId) => `${kind}:${app.id}:${due}:${userId}`,
      },
    });
  }
  return reminders;
}

/**
 * Evidence whose validity ends within 14 days: the control's owner (else the application's) hears of it, with the
 * day the evidence speaks for. A changed validity end is a new reminder (the date is in its key).
 */
async function evidenceReminders(db: Db, today: string, horizon: string): Promise<Reminder[]> {
  const expiring = await db
    .select({
      id: controlEvidence.id,
      name: controlEvidence.name,
      controlId: controlEvidence.controlId,
      effectiveOn: controlEvidence.effectiveOn,
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
  const reminders: Reminder[] = [];
  for (const evidence of expiring) {
    const reach = await applicationReach(db, evidence.companyId, evidence.applicationId);
    reminders.push({
      companyId: evidence.companyId,
      recipients: ownerAnd(reach, evidence.controlOwner ?? evidence.applicationOwner, []),
      notification: {
        kind: "evidence.expiring",
        params: { evidence: evidence.name, effective: evidence.effectiveOn, control: evidence.controlId, application: evidence.application, date: evidence.expiresOn! },
        link: `/applications/detail/${evidence.applicationId}?tab=controls`,
        subject: { type: "application", id: evidence.applicationId },
        dedupeKey: (userId) => `evidence.expiring:${evidence.id}:${evidence.expiresOn}:${userId}`,
      },
    });
  }
  return reminders;
}

/** The applications' part of the hourly sweep: reviews coming due or overdue, and evidence about to expire. */
export const applicationReminders: ReminderSource = async (db, now) => {
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + REVIEW_REMINDER_DAYS_BEFORE * DAY_MS));
  return [...(await reviewReminders(db, today, horizon)), ...(await evidenceReminders(db, today, horizon))];
};
