import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { MyWorkKind } from "../../domain/entities/my-work";
import { REVIEW_REMINDER_DAYS_BEFORE } from "../../domain/risk";
import { AWAITING_KINDS, AWAITING_RULES } from "../../domain/workflow";
import type { FastifyRequest } from "fastify";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { holdsRoleSql } from "../access/role-sql";
import { scopeOf } from "../access/scope";
import { applicationControls, applications, controlEvidence } from "../db/schema";
import { awaitingRuleSql } from "../my-work/awaiting-sql";
import { isoDate, workRows, type WorkSource } from "../my-work/work-source";
import { readableApplications } from "./store";

const DAY_MS = 86_400_000;

/** The caller's reach over applications as a condition on a table of theirs (its company and application columns). */
const readableThrough = (request: FastifyRequest, table: { companyId: AnyPgColumn; applicationId: AnyPgColumn }) =>
  and(eq(table.companyId, request.user.companyId), scopeOf(request.ability, "read", "Application", { companyId: table.companyId, id: table.applicationId }));
const app = { id: applications.id, name: applications.name, tier: applications.riskTier };

/**
 * The applications' part of My Work: the approval steps that wait on the person (domain/workflow's
 * AWAITING_RULES, which the dashboard shows too), reviews coming due, their open controls and expiring evidence.
 */
export const applicationWork: WorkSource = (request, { now }) => {
  const user = request.user;
  const horizon = new Date(now.getTime() + REVIEW_REMINDER_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);
  const readable = readableApplications(request);
  const holds = (role: Parameters<typeof holdsRoleSql>[1]) => holdsRoleSql(user, role, applications.id);
  const columns = { status: applications.approvalStatus, submittedBy: applications.submittedBy, ownerId: applications.ownerId, resetReason: applications.approvalResetReason };
  const parts: Partial<Record<MyWorkKind, ReturnType<typeof workRows>>> = {};

  // The approval steps that wait on this user, a part per kind.
  for (const kind of AWAITING_KINDS) {
    const rules = AWAITING_RULES.filter((rule) => rule.kind === kind).map((rule) => awaitingRuleSql(rule, columns, user.id, holds));
    parts[kind] = workRows({ kind, application: app, from: sql`${applications}`, where: and(readable, or(...rules)) });
  }

  // Reviews coming due on what they own or review.
  parts.review_due = workRows({
    kind: "review_due",
    application: app,
    due: isoDate(applications.nextReviewDue),
    from: sql`${applications}`,
    where: and(readable, lte(applications.nextReviewDue, horizon), or(eq(applications.ownerId, user.id), holds("ApplicationReviewer"))),
  });

  // Controls assigned to the user and not done yet.
  const openControls = and(eq(applicationControls.ownerId, user.id), inArray(applicationControls.status, ["not_started", "in_progress"]));
  parts.control = workRows({
    kind: "control",
    application: app,
    subject: { id: applicationControls.controlId, name: applicationControls.controlId },
    due: isoDate(applicationControls.dueDate),
    from: sql`${applicationControls} join ${applications} on ${applications.id} = ${applicationControls.applicationId}`,
    where: and(readable, openControls),
    counted: { from: sql`${applicationControls}`, where: and(readableThrough(request, applicationControls), openControls) },
  });

  // Evidence the user added that expires within the reminder window (or has expired).
  const expiring = and(eq(controlEvidence.addedById, user.id), isNull(controlEvidence.deletedAt), lte(controlEvidence.expiresOn, horizon));
  parts.evidence = workRows({
    kind: "evidence",
    application: app,
    subject: { id: controlEvidence.id, name: controlEvidence.name },
    due: isoDate(controlEvidence.expiresOn),
    from: sql`${controlEvidence} join ${applications} on ${applications.id} = ${controlEvidence.applicationId}`,
    where: and(readable, expiring),
    counted: { from: sql`${controlEvidence}`, where: and(readableThrough(request, controlEvidence), expiring) },
  });

  return parts;
};
