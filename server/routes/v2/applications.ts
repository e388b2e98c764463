import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  applicationCreateSchema,
  applicationIdParamsSchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationSchema,
  applicationUpdateSchema,
} from "../../../domain/entities/application";
import {
  applicationView,
  assertOwnerInCompany,
  changeApplication,
  findApplication,
  listApplications,
  withVendors,
} from "../../applications/store";
import { APPLICATION_EXPORT_COLUMNS, exportedApplications } from "../../applications/export-columns";
import { createApplication } from "../../applications/create";
import { listExportRoute } from "../../exports/route";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { problemResponses, versionedWriteResponses } from "../../plugins/problem";

/** AI applications: the inventory, each one's edits and status moves. */
export default async function applicationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications",
    {
      schema: {
        tags: ["applications"],
        summary: "The applications the caller can see",
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listApplications(db(), request, request.query),
  );

  listExportRoute(root, {
    url: "/applications/export",
    tags: ["applications"],
    what: "The applications the caller can see",
    querystring: applicationListQuerySchema,
    columns: APPLICATION_EXPORT_COLUMNS,
    title: "applications.title",
    source: (request, query) => ({ name: "applications", rows: exportedApplications(db(), request, query) }),
  });

  app.post(
    "/applications",
    {
      schema: {
        tags: ["applications"],
        summary: "Add an application to the inventory",
        body: applicationCreateSchema,
        response: { 201: applicationSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "create", "Application", "Only a contributor or an administrator can add applications."),
    },
    async (request, reply) => {
      const id = await createApplication(db(), request.user, request.body);
      return reply.code(201).send(await applicationView(db(), id));
    },
  );

  app.get(
    "/applications/:id",
    {
      schema: { tags: ["applications"], summary: "One application", params: applicationIdParamsSchema, response: { 200: applicationSchema, ...problemResponses } },
    },
    async (request) => withVendors(db(), await findApplication(db(), request, request.params.id)),
  );

  app.put(
    "/applications/:id",
    {
      schema: {
        tags: ["applications"],
        summary: "Edit an application, or move its approval or development status (a body with only that status)",
        description: WRITE_PRECONDITION,
        params: applicationIdParamsSchema,
        body: applicationUpdateSchema,
        response: { 200: applicationSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "read")),
    },
    async (request, reply) => {
      const { body, user } = request;
      const isApprovalMove = body.approval_status !== undefined;
      // Approval moves are checked by role in the workflow; edits and development moves need `update`.
      await findApplication(db(), request, request.params.id, isApprovalMove ? "read" : "update", "Only a contributor or an administrator can change this application.");
      await assertOwnerInCompany(db(), user.companyId, body.owner_id);
      await changeApplication(db(), root.storage, user, request.params.id, body, expectedVersions(request));
      return withEtag(reply, await applicationView(db(), request.params.id));
    },
  );
}
