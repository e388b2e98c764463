import { and, eq, getTableColumns, ilike, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { activityListResponseSchema, assessmentListResponseSchema, commentListResponseSchema, commentSchema } from "../../domain/entities/application";
import { applicationReach, holdersOf } from "../access/reach";
import { actorOf } from "../audit/record";
import type { Db } from "../db/client";
import { listItems, listPage, type ListQuery, type ListSorting, type ListSource } from "../db/list";
import { applicationAssessments, applicationComments, auditLog } from "../db/schema";
import { likePattern } from "../db/search";
import { notify } from "../notifications/notify";
import type { CurrentUser } from "../identity/caller";
import type { ApplicationRow } from "./row";

/** What an application has on record besides its answers: its assessments, its discussion and its audit trail. */

type CommentRow = typeof applicationComments.$inferSelect;

/** Time order with the id as tie-breaker: `by` (oldest or newest first) unless `sort` names a direction. */
const byCreation = (createdAt: ListSorting["id"], id: ListSorting["id"], by: "created_at" | "-created_at"): ListSorting => ({
  keys: { created_at: createdAt },
  default: by,
  id,
});

const toComment = (c: CommentRow): z.infer<typeof commentSchema> => ({
  id: c.id,
  author: { id: c.authorId, name: c.authorName },
  body: c.body,
  created_at: c.createdAt.toISOString(),
});

type Assessment = z.infer<typeof assessmentListResponseSchema>["items"][number];
type Activity = z.infer<typeof activityListResponseSchema>["items"][number];

/** Every classification the application has had, newest first unless asked otherwise: what a page and the dossier read. */
export function assessmentList(db: Db, applicationId: string): ListSource<typeof applicationAssessments.$inferSelect, Assessment> {
  return {
    table: applicationAssessments,
    where: eq(applicationAssessments.applicationId, applicationId),
    sorting: byCreation(applicationAssessments.createdAt, applicationAssessments.id, "-created_at"),
    select: (extra) => db.select({ ...getTableColumns(applicationAssessments), ...extra }).from(applicationAssessments).$dynamic(),
    toItems: (rows) =>
      rows.map((a) => ({
        id: a.id,
        assessed_by: { id: a.assessedById, name: a.assessedByName },
        created_at: a.createdAt.toISOString(),
        details: a.details,
        risk_tier: a.riskTier,
        risk_descriptors: a.riskDescriptors,
        rules_fired: a.rulesFired,
      })),
  };
}

export async function listAssessments(db: Db, applicationId: string, query: ListQuery): Promise<z.infer<typeof assessmentListResponseSchema>> {
  return listItems(db, assessmentList(db, applicationId), query);
}

/** The application's discussion, oldest first unless asked otherwise, searchable by its text. */
export async function listComments(db: Db, applicationId: string, query: ListQuery & { q?: string }): Promise<z.infer<typeof commentListResponseSchema>> {
  const { rows, ...totals } = await listPage(db, {
    table: applicationComments,
    where: and(eq(applicationComments.applicationId, applicationId), query.q ? ilike(applicationComments.body, likePattern(query.q)) : undefined),
    query,
    sorting: byCreation(applicationComments.createdAt, applicationComments.id, "created_at"),
    select: db.select().from(applicationComments).$dynamic(),
  });
  return { ...totals, items: rows.map(toComment) };
}

/**
 * The audit entries of the application's governance changes (of those `actions` only, when given), newest first
 * unless asked otherwise: what a page and the dossier read.
 */
export function activityList(db: Db, application: Pick<ApplicationRow, "id" | "companyId">, actions?: readonly string[]): ListSource<typeof auditLog.$inferSelect, Activity> {
  return {
    table: auditLog,
    where: and(
      eq(auditLog.companyId, application.companyId),
      eq(auditLog.entityType, "application"),
      eq(auditLog.entityId, application.id),
      actions ? inArray(auditLog.action, [...actions]) : undefined,
    ),
    sorting: byCreation(auditLog.createdAt, auditLog.id, "-created_at"),
    select: (extra) => db.select({ ...getTableColumns(auditLog), ...extra }).from(auditLog).$dynamic(),
    toItems: (rows) =>
      rows.map((e) => ({
        id: e.id,
        actor: { id: e.actorId, type: e.actorType, name: e.actorName },
        action: e.action,
        before: e.before,
        after: e.after,
        created_at: e.createdAt.toISOString(),
      })),
  };
}

export async function listActivity(db: Db, application: ApplicationRow, query: ListQuery): Promise<z.infer<typeof activityListResponseSchema>> {
  return listItems(db, activityList(db, application), query);
}

/** Adds a comment; the application's owner and contributors hear of it, never its author. */
export async function addComment(db: Db, user: CurrentUser, application: ApplicationRow, body: string): Promise<z.infer<typeof commentSchema>> {
  const actor = actorOf(user);
  const comment = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(applicationComments)
      .values({ companyId: application.companyId, applicationId: application.id, authorId: actor.id, authorName: actor.name, body })
      .returning();
    // The people working on it: its owner (if they still reach it) and its contributors.
    const reach = await applicationReach(tx, application.companyId, application.id);
    const owner = application.ownerId && reach.has(application.ownerId) ? [application.ownerId] : [];
    await notify(tx, application.companyId, [...owner, ...holdersOf(reach, ["ApplicationContributor"])], {
      kind: "comment.added",
      params: { actor: actor.name, application: application.name },
      link: `/applications/detail/${application.id}?tab=comments`,
      subject: { type: "application", id: application.id },
    }, actor.id);
    return created;
  });
  return toComment(comment);
}
