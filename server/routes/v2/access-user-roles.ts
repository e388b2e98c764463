import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { roleListResponseSchema, userRoleGroupParamsSchema, userRoleParamsSchema, userSchema } from "../../../domain/entities/user";
import { assignRole, findUser, listRoles, takeRole, withRoles } from "../../access/users";
import { actorOf } from "../../audit/record";
import { assertCan } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";

/** A user's roles per resource group: Administrator only; every change is audited. */
export default async function accessUserRoleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "User", "Only an Administrator can manage users.");
  });

  app.put(
    "/access/users/:user_id/roles/:role_id/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Give a user a role on a resource group (replaces the role's previous group)",
        params: userRoleGroupParamsSchema,
        response: { 200: userSchema, ...problemResponses },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      const { user_id, role_id, resource_group_id } = request.params;
      const target = await findUser(db(), companyId, user_id);
      await assignRole(db(), actorOf(request.user), companyId, target, role_id, resource_group_id);
      const [user] = await withRoles(db(), [target]);
      return user;
    },
  );

  app.delete(
    "/access/users/:user_id/roles/:role_id",
    {
      schema: {
        tags: ["access"],
        summary: "Take a role away from a user",
        params: userRoleParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const target = await findUser(db(), companyId, request.params.user_id);
      await takeRole(db(), actorOf(request.user), companyId, target, request.params.role_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/access/roles",
    { schema: { tags: ["access"], summary: "The roles a user can be given", response: { 200: roleListResponseSchema, ...problemResponses } } },
    async () => ({ items: await listRoles(db()) }),
  );
}
