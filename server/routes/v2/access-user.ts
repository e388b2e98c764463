import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserSchema } from "../../../domain/access/current-user";
import { problemSchema } from "../../../domain/api/problem";

/** GET /v2/access/user: the signed-in user with roles per resource group (spec §3, §7). */
export default async function accessUserRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/access/user",
    {
      schema: {
        tags: ["access"],
        summary: "The signed-in user",
        response: { 200: currentUserSchema, 401: problemSchema },
      },
    },
    async (request) => {
      const { id, email, first_name, last_name, language, companyId, roles, application_roles } = request.user;
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
    },
  );
}
