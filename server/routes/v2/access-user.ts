import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { packAbility, type AppAbility } from "../../../domain/access/abilities";
import { currentUserSchema, currentUserUpdateSchema, type CurrentUser as CurrentUserView } from "../../../domain/access/current-user";
import { problemSchema } from "../../../domain/api/problem";
import { changeUser } from "../../access/users";
import type { CurrentUser } from "../../identity/caller";
import { etagOf, expectedVersions, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { forbidden, versionedWriteResponses } from "../../plugins/problem";

/** The caller as GET /access/user shows them: no token subject; the groups' reach only inside the packed rules. */
function view(user: CurrentUser, ability: AppAbility): CurrentUserView {
  const { id, email, first_name, last_name, language, companyId, roles, application_roles, analytics_opt_out } = user;
  return {
    id,
    email,
    first_name,
    last_name,
    language,
    ...(analytics_opt_out === undefined ? {} : { analytics_opt_out }),
    roles: roles.map((r) => ({
      name: r.name,
      resource_group: { id: r.resource_group.id, name: r.resource_group.name, group_type: r.resource_group.group_type },
    })),
    companyId,
    application_roles,
    rules: packAbility(ability),
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
    async (request: FastifyRequest) => view(request.user, request.ability),
  );

  app.patch(
    "/access/user",
    {
      schema: {
        tags: ["access"],
        summary: "Change your own name, language or analytics choice",
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
      const me = request.user;
      const row = await changeUser(root.db, me, request.body, expectedVersions(request));
      reply.header("etag", etagOf(row.version));
      return view(
        { ...me, first_name: row.firstName, last_name: row.lastName, language: row.language, analytics_opt_out: row.analyticsOptOut },
        request.ability,
      );
    },
  );
}
