import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { roleMatches } from "../../../domain/access/abilities";
import { roleListResponseSchema, userRoleGroupParamsSchema, userRoleParamsSchema, userSchema } from "../../../domain/entities/user";
import { findUser, LAST_ADMIN, lockAdministratorIds, withRoles } from "../../access/users";
import { actorOf, recordAudit } from "../../audit/record";
import { notify } from "../../notifications/notify";
import type { Db } from "../../db/client";
import { resourceGroups, roleAssignments, roles } from "../../db/schema";
import { assertCan } from "../../plugins/ability";
import { conflict, notFound, problemResponses } from "../../plugins/problem";

async function findRole(db: Db, roleId: string) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound("Role");
  return role;
}

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
      const role = await findRole(db(), role_id);
      const [group] = await db()
        .select()
        .from(resourceGroups)
        .where(and(eq(resourceGroups.id, resource_group_id), eq(resourceGroups.companyId, companyId)));
      if (!group) throw notFound("Resource group");
      await db().transaction(async (tx) => {
        const replaced = await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.userId, target.id), eq(roleAssignments.roleId, role.id), ne(roleAssignments.resourceGroupId, group.id)))
          .returning({ groupId: roleAssignments.resourceGroupId });
        const added = await tx
          .insert(roleAssignments)
          .values({ companyId, userId: target.id, roleId: role.id, resourceGroupId: group.id })
          .onConflictDoNothing()
          .returning({ id: roleAssignments.id });
        if (added.length > 0) {
          const before = replaced.length > 0 ? { role: role.name, resource_group_id: replaced[0].groupId } : null;
          await recordAudit(tx, actorOf(request.user), {
            entityType: "user",
            entityId: target.id,
            action: "role.granted",
            before,
            after: { role: role.name, resource_group_id: group.id, resource_group: group.name },
          });
          await notify(tx, companyId, [target.id], {
            kind: "role.granted",
            params: { role: role.name, group: group.name },
            link: "/",
            subject: { type: "user", id: target.id },
          });
        }
      });
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
      const role = await findRole(db(), request.params.role_id);
      await db().transaction(async (tx) => {
        if (roleMatches(role.name, "Administrator")) {
          const admins = await lockAdministratorIds(tx, companyId);
          // Only a demotion if no other Administrator-type role keeps the user an Administrator.
          const others = await tx
            .select({ name: roles.name })
            .from(roleAssignments)
            .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
            .where(and(eq(roleAssignments.userId, target.id), ne(roleAssignments.roleId, role.id)));
          const staysAdmin = others.some((r) => roleMatches(r.name, "Administrator"));
          if (!staysAdmin && admins.includes(target.id) && admins.length <= 1) throw conflict(LAST_ADMIN);
        }
        const removed = await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.userId, target.id), eq(roleAssignments.roleId, role.id), eq(roleAssignments.companyId, companyId)))
          .returning({ groupId: roleAssignments.resourceGroupId });
        await recordAudit(
          tx,
          actorOf(request.user),
          ...removed.map((r) => ({ entityType: "user", entityId: target.id, action: "role.revoked", before: { role: role.name, resource_group_id: r.groupId }, after: null })),
        );
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/access/roles",
    { schema: { tags: ["access"], summary: "The roles a user can be given", response: { 200: roleListResponseSchema, ...problemResponses } } },
    async () => ({ items: await db().select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name)) }),
  );
}
