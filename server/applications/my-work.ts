import type { FastifyRequest } from "fastify";
import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { applicationRoleNames, roleMatches } from "../../domain/access/abilities";
import type { RoleName } from "../../domain/access/current-user";
import { byUrgency, type MyWorkItem } from "../../domain/entities/my-work";
import { CONTROLS } from "../../domain/frameworks";
import { REVIEW_REMINDER_DAYS_BEFORE } from "../../domain/risk";
import type { Db } from "../db/client";
import { applicationControls, applications, controlEvidence } from "../db/schema";
import { readableApplications } from "./store";

const DAY_MS = 86_400_000;
const controlName = new Map(CONTROLS.map((c) => [c.id, `${c.id} ${c.name}`]));
const detailLink = (id: string, tab?: string) => `/applications/detail/${id}${tab ? `?tab=${tab}` : ""}`;

/**
 * Everything waiting for the signed-in person, most urgent first: decisions their roles owe, their own
 * applications sent back or needing re-approval, reviews coming due, their open controls and expiring evidence.
 */
export async function myWork(db: Db, request: FastifyRequest): Promise<{ items: MyWorkItem[] }> {
  const user = request.user;
  const horizon = new Date(Date.now() + REVIEW_REMINDER_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);
  const readable = readableApplications(request);
  const holds = (appId: string, role: RoleName) => applicationRoleNames(user, appId).some((name) => roleMatches(name, role));
  const items: MyWorkItem[] = [];

  // Awaiting this user's decision, by the role they hold on each application.
  const waiting = await db
    .select({ id: applications.id, name: applications.name, status: applications.approvalStatus, submittedBy: applications.submittedBy })
    .from(applications)
    .where(and(readable, inArray(applications.approvalStatus, ["submitted", "in_review"])));
  for (const a of waiting) {
    const ref = { id: a.id, name: a.name };
    if (a.status === "submitted" && holds(a.id, "ApplicationReviewer")) items.push({ kind: "review", application: ref, subject: null, due_date: null, link: detailLink(a.id) });
    if (a.status === "in_review" && holds(a.id, "ApplicationApprover") && a.submittedBy !== user.id) {
      items.push({ kind: "approve", application: ref, subject: null, due_date: null, link: detailLink(a.id) });
    }
  }

  // The user's own applications sent back to them, and reviews coming due on what they own or review.
  const mine = await db
    .select({ id: applications.id, name: applications.name, ownerId: applications.ownerId, status: applications.approvalStatus, reset: applications.approvalResetReason, due: applications.nextReviewDue })
    .from(applications)
    .where(and(readable, or(eq(applications.approvalStatus, "changes_requested"), isNotNull(applications.approvalResetReason), lte(applications.nextReviewDue, horizon))));
  for (const a of mine) {
    const ref = { id: a.id, name: a.name };
    const owns = a.ownerId === user.id;
    if (owns && a.status === "changes_requested") items.push({ kind: "changes_requested", application: ref, subject: null, due_date: null, link: detailLink(a.id) });
    if (owns && a.reset) items.push({ kind: "reapproval", application: ref, subject: null, due_date: null, link: detailLink(a.id) });
    if (a.due && a.due <= horizon && (owns || holds(a.id, "ApplicationReviewer"))) {
      items.push({ kind: "review_due", application: ref, subject: null, due_date: a.due, link: detailLink(a.id) });
    }
  }

  // Controls assigned to the user and not done yet.
  const controls = await db
    .select({ controlId: applicationControls.controlId, due: applicationControls.dueDate, id: applications.id, name: applications.name })
    .from(applicationControls)
    .innerJoin(applications, eq(applications.id, applicationControls.applicationId))
    .where(and(readable, eq(applicationControls.ownerId, user.id), inArray(applicationControls.status, ["not_started", "in_progress"])));
  for (const c of controls) {
    items.push({
      kind: "control",
      application: { id: c.id, name: c.name },
      subject: { id: c.controlId, name: controlName.get(c.controlId) ?? c.controlId },
      due_date: c.due,
      link: detailLink(c.id, "controls"),
    });
  }

  // Evidence the user added that expires within the reminder window (or has expired).
  const evidence = await db
    .select({ id: controlEvidence.id, name: controlEvidence.name, expires: controlEvidence.expiresOn, appId: applications.id, appName: applications.name })
    .from(controlEvidence)
    .innerJoin(applications, eq(applications.id, controlEvidence.applicationId))
    .where(and(readable, eq(controlEvidence.addedById, user.id), isNull(controlEvidence.deletedAt), lte(controlEvidence.expiresOn, horizon)));
  for (const e of evidence) {
    items.push({ kind: "evidence", application: { id: e.appId, name: e.appName }, subject: { id: e.id, name: e.name }, due_date: e.expires, link: detailLink(e.appId, "controls") });
  }

  return { items: items.sort(byUrgency) };
}
