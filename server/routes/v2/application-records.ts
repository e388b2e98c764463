import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
import { addComment, listActivity, listAssessments, listComments } from "../../applications/records";
import { findApplication } from "../../applications/store";
import { checkRecord } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";

/** Comments are searchable by their text; assessments and activity have nothing to search, so `q` is refused there. */
const commentQuerySchema = listQuerySchema(["created_at"]);
const pageQuerySchema = commentQuerySchema.omit({ q: true });

/** What an application has on record: its answers with reasons, assessments, comments and activity. */
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
        summary: "Every classification the application has had, newest first",
        params: applicationIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: assessmentListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listAssessments(db(), (await findApplication(db(), request, request.params.id)).row.id, request.query),
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
    async (request) => listComments(db(), (await findApplication(db(), request, request.params.id)).row.id, request.query),
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
      return reply.code(201).send(await addComment(db(), request.user, row, request.body.body));
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
    async (request) => listActivity(db(), (await findApplication(db(), request, request.params.id)).row, request.query),
  );
}
