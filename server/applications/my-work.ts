import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { applicationRoleNames, roleMatches } from "../../domain/access/abilities";
import type { RoleName } from "../../domain/access/current-user";
import type { MyWorkItem } from "../../domain/entities/my-work";
import { CONTROLS } from "../../domain/frameworks";
import { REVIEW_REMINDER_DAYS_BEFORE } from "../../domain/risk";
import { awaitingActions } from "../../domain/workflow";
import { groupIdsOf } from "../access/record-groups";
import { applicationControls, applications, controlEvidence } from "../db/schema";
import type { WorkSource } from "../my-work/work-source";
import { readableApplications } from "./store";

const DAY_MS = 86_400_000;
const controlName = new Map(CONTROLS.map((c) => [c.id, `${c.id} ${c.name}`]));
const detailLink = (id: string, tab?: string) => `/applications/detail/${id}${tab ? `?tab=${tab}` : ""}`;

/**
 * The applications' part of My Work: the approval steps that wait on the person (one rule, awaitingActions,
 * which the dashboard shows too), reviews coming due, their open controls and expiring evidence.
 */
export const applicationWork: WorkSource = async (db, request) => {
  const user = request.user;
  const horizon = new Date(Date.now() + REVIEW_REMINDER_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);
  const readable = readableApplications(request);
  const holds = (app: { id: string; resource_group_ids: string[] }, role: RoleName) => applicationRoleNames(user, app).some((name) => roleMatches(name, role));
  const items: MyWorkItem[] = [];

  // The approval steps that wait on this user, and reviews coming due on what they own or review.
  const candidates = await db
    .select({
      id: applications.id,
      name: applications.name,
      tier: applications.riskTier,
      status: applications.approvalStatus,
      submittedBy: applications.submittedBy,
      ownerId: applications.ownerId,
      reset: applications.approvalResetReason,
      due: applications.nextReviewDue,
      groupIds: groupIdsOf(applications.id),
    })
    .from(applications)
    .where(and(readable, or(inArray(applications.approvalStatus, ["submitted", "in_review", "changes_requested"]), isNotNull(applications.approvalResetReason), lte(applications.nextReviewDue, horizon))));
  for (const a of candidates) {
    const ref = { id: a.id, name: a.name, risk_tier: a.tier };
    const person = { id: user.id, holds: (role: RoleName) => holds({ id: a.id, resource_group_ids: a.groupIds }, role) };
    const waiting = { approval_status: a.status, submitted_by: a.submittedBy, owner_id: a.ownerId, approval_reset_reason: a.reset };
    for (const kind of awaitingActions(waiting, person)) items.push({ kind, application: ref, subject: null, due_date: null, link: detailLink(a.id) });
    if (a.due && a.due <= horizon && (a.ownerId === user.id || person.holds("ApplicationReviewer"))) {
      items.push({ kind: "review_due", application: ref, subject: null, due_date: a.due, link: detailLink(a.id) });
    }
  }

  // Controls assigned to the user and not done yet.
  const controls = await db
    .select({ controlId: applicationControls.controlId, due: applicationControls.dueDate, id: applications.id, name: applications.name, tier: applications.riskTier })
    .from(applicationControls)
    .innerJoin(applications, eq(applications.id, applicationControls.applicationId))
    .where(and(readable, eq(applicationControls.ownerId, user.id), inArray(applicationControls.status, ["not_started", "in_progress"])));
  for (const c of controls) {
    items.push({
      kind: "control",
      application: { id: c.id, name: c.name, risk_tier: c.tier },
      subject: { id: c.controlId, name: controlName.get(c.controlId) ?? c.controlId },
      due_date: c.due,
      link: detailLink(c.id, "controls"),
    });
  }

  // Evidence the user added that expires within the reminder window (or has expired).
  const evidence = await db
    .select({ id: controlEvidence.id, name: controlEvidence.name, expires: controlEvidence.expiresOn, appId: applications.id, appName: applications.name, appTier: applications.riskTier })
    .from(controlEvidence)
    .innerJoin(applications, eq(applications.id, controlEvidence.applicationId))
    .where(and(readable, eq(controlEvidence.addedById, user.id), isNull(controlEvidence.deletedAt), lte(controlEvidence.expiresOn, horizon)));
  for (const e of evidence) {
    items.push({ kind: "evidence", application: { id: e.appId, name: e.appName, risk_tier: e.appTier }, subject: { id: e.id, name: e.name }, due_date: e.expires, link: detailLink(e.appId, "controls") });
  }

  return items;
};
