import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { compareSnapshots, snapshotChangeSchema } from "../../../domain/approvals/compare";
import { snapshotListQuerySchema, snapshotListSchema, snapshotSchema, snapshotSummarySchema } from "../../../domain/approvals/snapshot";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { findApplication } from "../../applications/store";
import { currentContent, findApprovalSnapshot, latestApprovalSnapshot, listApprovalSnapshots } from "../../approvals/store";
import { actorOf } from "../../audit/record";
import { notFound, problemResponses } from "../../plugins/problem";

const snapshotParamsSchema = applicationIdParamsSchema.extend({ snapshotId: z.uuid() });
/** `to=current`: the application as it is now, which is no decision (the decision's own fields are not compared). */
const compareQuerySchema = z.strictObject({ from: z.uuid(), to: z.union([z.uuid(), z.literal("current")]) });
const compareResponseSchema = z.object({
  from: snapshotSummarySchema,
  /** Null when comparing with the application as it is now. */
  to: snapshotSummarySchema.nullable(),
  changes: z.array(snapshotChangeSchema),
});

/** An application's approval snapshots: what was decided on at each approval or rejection, listed, read and compared. */
export default async function approvalSnapshotRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/approval-snapshots",
    {
      schema: {
        tags: ["applications"],
        summary: "The snapshots frozen at each approval or rejection of the application, newest first",
        params: applicationIdParamsSchema,
        querystring: snapshotListQuerySchema,
        response: { 200: snapshotListSchema, ...problemResponses },
      },
    },
    async (request) => listApprovalSnapshots(db(), (await findApplication(db(), request, request.params.id)).row.id, request.query),
  );

  app.get(
    "/applications/:id/approval-snapshots/latest",
    {
      schema: {
        tags: ["applications"],
        summary: "The snapshot of the application's latest approval or rejection (404 when it has none)",
        params: applicationIdParamsSchema,
        response: { 200: snapshotSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const latest = await latestApprovalSnapshot(db(), row.companyId, row.id);
      if (!latest) throw notFound("Approval snapshot");
      return latest;
    },
  );

  app.get(
    "/applications/:id/approval-snapshots/compare",
    {
      schema: {
        tags: ["applications"],
        summary: "Two snapshots (or a snapshot and the application now: to=current) compared field by field",
        params: applicationIdParamsSchema,
        querystring: compareQuerySchema,
        response: { 200: compareResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const from = await findApprovalSnapshot(db(), row.id, request.query.from);
      if (request.query.to === "current") {
        const { id, name } = actorOf(request.user);
        const now = await currentContent(db(), root.storage, row, { id, name });
        return { from, to: null, changes: compareSnapshots(from.content, now).filter((c) => c.section !== "decision") };
      }
      const to = await findApprovalSnapshot(db(), row.id, request.query.to);
      return { from, to, changes: compareSnapshots(from.content, to.content) };
    },
  );

  app.get(
    "/applications/:id/approval-snapshots/:snapshotId",
    {
      schema: {
        tags: ["applications"],
        summary: "One approval snapshot with everything it froze",
        params: snapshotParamsSchema,
        response: { 200: snapshotSchema, ...problemResponses },
      },
    },
    async (request) => findApprovalSnapshot(db(), (await findApplication(db(), request, request.params.id)).row.id, request.params.snapshotId),
  );
}
