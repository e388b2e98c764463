import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq } from "drizzle-orm";
import { currentUserSchema, currentUserUpdateSchema, type CurrentUser as CurrentUserView } from "../../../domain/access/current-user";
import { problemSchema } from "../../../domain/api/problem";
import { users } from "../../db/schema";
import type { CurrentUser } from "../../plugins/auth";
import { etagOf, expectedVersions, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../../db/versions";
import { forbidden, notFound, versionedWriteResponses } from "../../plugins/problem";

/** The caller as GET /access/user shows them: no resource ids, no token subject. */
function view(user: CurrentUser): CurrentUserView {
  const { id, email, first_name, last_name, language, companyId, roles, application_roles } = user;
  return {
    id,
    email,
    first_name,
    last_name,
    language,
    roles: roles.map((r) => ({
      name: r.name,
      resource_group: { id: r.resource_group.id, name: r.resource_group.name, group_type: r.resource_group.group_type },
    })),
    companyId,
    application_roles,
  };
}

/** GET and PATCH /v2/access/user: the signed-in user with roles per resource group, and their own profile. */
export default async function accessUserRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/access/user",
    {
      schema: {
        tags: ["access"],
        summary: "The signed-in user",
        response: { 200: currentUserSchema, 401: problemSchema },
      },
    },
    async (request: FastifyRequest) => view(request.user),
  );

  app.patch(
    "/access/user",
    {
      schema: {
        tags: ["access"],
        summary: "Change your own name or language",
        description: `${WRITE_PRECONDITION} Here the version is only in the ETag.`,
        body: currentUserUpdateSchema,
        response: { 200: currentUserSchema, ...versionedWriteResponses },
      },
      preParsing: async (request) => {
        if (request.user.actor !== "user") throw forbidden("Only a person can change their profile.");
      },
    },
    async (request, reply) => {
      // An API client has no profile of its own: its name is the Administrator's to change.
      if (request.user.actor !== "user") throw forbidden("Only a person can change their profile.");
      const expected = expectedVersions(request);
      const { first_name, last_name, language } = request.body;
      const changes = {
        ...(first_name !== undefined && { firstName: first_name }),
        ...(last_name !== undefined && { lastName: last_name }),
        ...(language !== undefined && { language }),
      };
      const me = request.user;
      const myself = and(eq(users.id, me.id), eq(users.companyId, me.companyId))!;
      const [row] = await root.db
        .update(users)
        .set({ ...changes, version: nextVersion(users), updatedAt: new Date() })
        .where(and(myself, atExpectedVersion(users, expected)))
        .returning();
      if (!row) {
        await refuseIfStale(root.db, users, myself);
        throw notFound("User");
      }
      reply.header("etag", etagOf(row.version));
      return view({ ...me, first_name: row.firstName, last_name: row.lastName, language: row.language });
    },
  );
}
