import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, desc, eq, ilike } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { listQuerySchema } from "../../../domain/api/list";
import {
  activityListResponseSchema,
  applicationDetailsResponseSchema,
  applicationIdParamsSchema,
  assessmentListResponseSchema,
  commentCreateSchema,
  commentListResponseSchema,
  commentSchema,
} from "../../../domain/entities/application";
import { missingRequiredAnswers } from "../../../domain/risk";
import { findApplication } from "../../applications/store";
import { actorOf } from "../../audit/record";
import { applicationReach, holdersOf } from "../../access/reach";
import { notify } from "../../notifications/notify";
import { applicationAssessments, applicationComments, auditLog } from "../../db/schema";
import { checkRecord } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";
import { likePattern } from "../../db/search";
import { listTotal } from "../../db/list-total";

/** Comments are searchable by their text; assessments and activity have nothing to search, so `q` is refused there. */
const commentQuerySchema = listQuerySchema(["created_at"]);
const pageQuerySchema = commentQuerySchema.omit({ q: true });
const page = (query: { page: number; page_size: number }) => ({ limit: query.page_size, offset: (query.page - 1) * query.page_size });

/** Time order with the id as tie-breaker: the route's own direction unless `sort` names one. */
function byCreation(sort: string | undefined, fallback: "asc" | "desc", createdAt: AnyPgColumn, id: AnyPgColumn) {
  const direction = sort === "created_at" ? asc : sort === "-created_at" ? desc : fallback === "asc" ? asc : desc;
  return [direction(createdAt), direction(id)];
}

/** What an application has on record: its answers with reasons, assessments, comments and activity (spec §7). */
export default async function applicationRecordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/details",
    {
      schema: {
        tags: ["applications"],
        summary: "The answers and their classification with the rules that fired",
        params: applicationIdParamsSchema,
        response: { 200: applicationDetailsResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      return {
        details: row.details,
        risk_tier: row.riskTier,
        risk_descriptors: row.riskDescriptors,
        rules_fired: row.rulesFired,
        tier_rule_outcomes: row.tierRuleOutcomes,
        missing_required: missingRequiredAnswers(row.details),
      };
    },
  );

  app.get(
    "/applications/:id/assessments",
    {
      schema: {
        tags: ["applications"],
        summary: "Every classification the application has had, newest first (risk-model §7)",
        params: applicationIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: assessmentListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const where = eq(applicationAssessments.applicationId, row.id);
      const totals = await listTotal(db(), applicationAssessments, where);
      const rows = await db()
        .select()
        .from(applicationAssessments)
        .where(where)
        .orderBy(...byCreation(request.query.sort, "desc", applicationAssessments.createdAt, applicationAssessments.id))
        .limit(page(request.query).limit)
        .offset(page(request.query).offset);
      return {
        ...totals,
        items: rows.map((a) => ({
          id: a.id,
          assessed_by: { id: a.assessedById, name: a.assessedByName },
          created_at: a.createdAt.toISOString(),
          details: a.details,
          risk_tier: a.riskTier,
          risk_descriptors: a.riskDescriptors,
          rules_fired: a.rulesFired,
        })),
      };
    },
  );

  app.get(
    "/applications/:id/comments",
    {
      schema: {
        tags: ["applications"],
        summary: "The discussion of an application, oldest first",
        params: applicationIdParamsSchema,
        querystring: commentQuerySchema,
        response: { 200: commentListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const { q } = request.query;
      const where = and(eq(applicationComments.applicationId, row.id), q ? ilike(applicationComments.body, likePattern(q)) : undefined);
      const totals = await listTotal(db(), applicationComments, where);
      const rows = await db()
        .select()
        .from(applicationComments)
        .where(where)
        .orderBy(...byCreation(request.query.sort, "asc", applicationComments.createdAt, applicationComments.id))
        .limit(page(request.query).limit)
        .offset(page(request.query).offset);
      return { ...totals, items: rows.map((c) => ({ id: c.id, author: { id: c.authorId, name: c.authorName }, body: c.body, created_at: c.createdAt.toISOString() })) };
    },
  );

  app.post(
    "/applications/:id/comments",
    {
      schema: {
        tags: ["applications"],
        summary: "Comment on an application (plain text; line breaks kept)",
        params: applicationIdParamsSchema,
        body: commentCreateSchema,
        response: { 201: commentSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id)),
    },
    async (request, reply) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const actor = actorOf(request.user);
      const comment = await db().transaction(async (tx) => {
        const [created] = await tx
          .insert(applicationComments)
          .values({ companyId: row.companyId, applicationId: row.id, authorId: actor.id, authorName: actor.name, body: request.body.body })
          .returning();
        // Its owner and contributors hear of it (risk-model: the people working on it), never the author.
        const reach = await applicationReach(tx, row.companyId, row.id);
        const owner = row.ownerId && reach.has(row.ownerId) ? [row.ownerId] : [];
        await notify(tx, row.companyId, [...owner, ...holdersOf(reach, ["ApplicationContributor"])], {
          kind: "comment.added",
          params: { actor: actor.name, application: row.name },
          link: `/applications/detail/${row.id}?tab=comments`,
          subject: { type: "application", id: row.id },
        }, actor.id);
        return created;
      });
      return reply.code(201).send({ id: comment.id, author: { id: comment.authorId, name: comment.authorName }, body: comment.body, created_at: comment.createdAt.toISOString() });
    },
  );

  app.get(
    "/applications/:id/activity",
    {
      schema: {
        tags: ["applications"],
        summary: "The audit entries of the application's governance changes, newest first",
        params: applicationIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: activityListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const where = and(eq(auditLog.companyId, row.companyId), eq(auditLog.entityType, "application"), eq(auditLog.entityId, row.id));
      const totals = await listTotal(db(), auditLog, where);
      const rows = await db()
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(...byCreation(request.query.sort, "desc", auditLog.createdAt, auditLog.id))
        .limit(page(request.query).limit)
        .offset(page(request.query).offset);
      return {
        ...totals,
        items: rows.map((e) => ({
          id: e.id,
          actor: { id: e.actorId, type: e.actorType, name: e.actorName },
          action: e.action,
          before: e.before,
          after: e.after,
          created_at: e.createdAt.toISOString(),
        })),
      };
    },
  );
}
