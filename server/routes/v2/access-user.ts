import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq } from "drizzle-orm";
import { currentUserSchema, currentUserUpdateSchema, type CurrentUser as CurrentUserView } from "../../../domain/access/current-user";
import { problemSchema } from "../../../domain/api/problem";
import { users } from "../../db/schema";
import type { CurrentUser } from "../../plugins/auth";
import { forbidden, problemResponses } from "../../plugins/problem";

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

/** GET and PATCH /v2/access/user: the signed-in user with roles per resource group, and their own profile (spec §2, §3, §7). */
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
        body: currentUserUpdateSchema,
        response: { 200: currentUserSchema, ...problemResponses },
      },
    },
    async (request) => {
      // An API client has no profile of its own: its name is the Administrator's to change.
      if (request.user.actor !== "user") throw forbidden("Only a person can change their profile.");
      const { first_name, last_name, language } = request.body;
      const changes = {
        ...(first_name !== undefined && { firstName: first_name }),
        ...(last_name !== undefined && { lastName: last_name }),
        ...(language !== undefined && { language }),
      };
      const me = request.user;
      if (Object.keys(changes).length === 0) return view(me);
      const [row] = await root.db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(users.id, me.id), eq(users.companyId, me.companyId)))
        .returning();
      return view({ ...me, first_name: row.firstName, last_name: row.lastName, language: row.language });
    },
  );
}
