import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listQuerySchema, multiValue } from "../../../domain/api/list";
import {
  applicationGrantBodySchema,
  applicationGrantListResponseSchema,
  applicationGrantQuerySchema,
  authorizedUserListResponseSchema,
  callerApplicationRolesResponseSchema,
} from "../../../domain/entities/application-access";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { authorizedUsers, callerApplicationRoles, grantApplicationRole, grantsOf, revokeApplicationRole } from "../../access/application-access";
import { findApplication } from "../../applications/store";
import { checkRecord } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";

/** Authorized users, per-application grants, and the caller's own roles per application. */
export default async function applicationAccessRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/role-assignments/user",
    {
      schema: {
        tags: ["applications"],
        summary: "The caller's roles on each application they can see",
        querystring: listQuerySchema(["name"]).extend({ application_id: multiValue(z.uuid()) }),
        response: { 200: callerApplicationRolesResponseSchema, ...problemResponses },
      },
    },
    async (request) => callerApplicationRoles(db(), request, request.query),
  );

  app.get(
    "/applications/:id/authorized-users",
    {
      schema: {
        tags: ["applications"],
        summary: "Everyone whose roles reach the application, and through what",
        params: applicationIdParamsSchema,
        querystring: listQuerySchema(["name"]),
        response: { 200: authorizedUserListResponseSchema, ...problemResponses },
      },
    },
    async (request) => authorizedUsers(db(), (await findApplication(db(), request, request.params.id)).row, request.query),
  );

  app.get(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "The roles granted on this application alone",
        params: applicationIdParamsSchema,
        response: { 200: applicationGrantListResponseSchema, ...problemResponses },
      },
    },
    async (request) => grantsOf(db(), (await findApplication(db(), request, request.params.id)).row.id),
  );

  app.put(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "Grant a user a role on this application (Administrators)",
        params: applicationIdParamsSchema,
        body: applicationGrantBodySchema,
        response: { 200: applicationGrantListResponseSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "manage", "Only an Administrator can grant roles on an application.")),
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id, "manage", "Only an Administrator can grant roles on an application.");
      await grantApplicationRole(db(), request.user, row, request.body.user_id, request.body.role_id);
      return grantsOf(db(), row.id);
    },
  );

  app.delete(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "Take back a role granted on this application (Administrators)",
        params: applicationIdParamsSchema,
        querystring: applicationGrantQuerySchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row } = await findApplication(db(), request, request.params.id, "manage", "Only an Administrator can take back roles on an application.");
      await revokeApplicationRole(db(), request.user, row, request.query.user_id, request.query.role_id);
      return reply.code(204).send(null);
    },
  );
}
