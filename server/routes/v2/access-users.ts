import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { problemSchema } from "../../../domain/api/problem";
import {
  resetTemporaryPasswordSchema,
  roleListResponseSchema,
  userCreateSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userRoleGroupParamsSchema,
  userRoleParamsSchema,
  userSchema,
  userUpdateSchema,
  type User,
} from "../../../domain/entities/user";
import { roleMatches } from "../../../domain/access/abilities";
import type { Db } from "../../db/client";
import { companies, resourceGroups, roleAssignments, roles, users } from "../../db/schema";
import { IdentityAdminError } from "../../identity/admin";
import { assertCan } from "../../plugins/ability";
import { conflict, notFound } from "../../plugins/problem";

type UserRow = typeof users.$inferSelect;

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** `%` and `_` in a search are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users with their role assignments, in the order given. */
async function withRoles(db: Db, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const assignments = await db
    .select({
      userId: roleAssignments.userId,
      roleId: roles.id,
      roleName: roles.name,
      groupId: resourceGroups.id,
      groupName: resourceGroups.name,
      groupType: resourceGroups.groupType,
    })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .innerJoin(resourceGroups, eq(resourceGroups.id, roleAssignments.resourceGroupId))
    .where(
      inArray(
        roleAssignments.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(roles.name), asc(resourceGroups.name));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    language: u.language,
    created_at: u.createdAt.toISOString(),
    roles: assignments
      .filter((a) => a.userId === u.id)
      .map((a) => ({ role_id: a.roleId, name: a.roleName, resource_group: { id: a.groupId, name: a.groupName, group_type: a.groupType } })),
  }));
}

/** The user with this id in the caller's company; another company's user is "not found", never "forbidden". */
async function findUser(db: Db, companyId: string, userId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!row) throw notFound("User");
  return row;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ids of the company's users holding an Administrator role (by the spec's contains rule), with the
 * company row locked until the transaction ends: two Administrators removing each other at the same
 * time are serialized, so the last-Administrator rule holds.
 */
async function lockAdministratorIds(db: Tx, companyId: string): Promise<string[]> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  const rows = await db
    .selectDistinct({ userId: roleAssignments.userId, roleName: roles.name })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(eq(roleAssignments.companyId, companyId));
  return [...new Set(rows.filter((r) => roleMatches(r.roleName, "Administrator")).map((r) => r.userId))];
}

const LAST_ADMIN = "This is the company's last Administrator; give another user the Administrator role first.";

function sortOrder(sort: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const dir = descending ? desc : asc;
  const columns =
    key === "email" ? [dir(users.email)] : key === "created_at" ? [dir(users.createdAt)] : [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`)];
  return [...columns, asc(users.id)];
}

/** Manage Users (spec §2 admin routes, §7 Access): Administrator only, always inside the caller's company. */
export default async function accessUsersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preHandler", async (request) => {
    assertCan(request, "manage", "User", "Only an Administrator can manage users.");
  });

  app.get(
    "/access/users",
    {
      schema: {
        tags: ["access"],
        summary: "The company's users",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { page, page_size, sort, q } = request.query;
      const filters: SQL[] = [eq(users.companyId, companyOf(request))];
      if (q) {
        const pattern = likePattern(q);
        filters.push(
          or(
            ilike(users.email, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )!,
        );
      }
      const where = and(...filters);
      const [{ total }] = await db().select({ total: count() }).from(users).where(where);
      const rows = await db()
        .select()
        .from(users)
        .where(where)
        .orderBy(...sortOrder(sort))
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { items: await withRoles(db(), rows), total };
    },
  );

  app.get(
    "/access/users/:user_id",
    {
      schema: { tags: ["access"], summary: "One user", params: userIdParamsSchema, response: { 200: userSchema, ...problems } },
    },
    async (request) => {
      const [user] = await withRoles(db(), [await findUser(db(), companyOf(request), request.params.user_id)]);
      return user;
    },
  );

  app.post(
    "/access/users",
    {
      schema: {
        tags: ["access"],
        summary: "Invite a user (a temporary password is e-mailed)",
        body: userCreateSchema,
        response: { 201: userSchema, ...problems },
      },
    },
    async (request, reply) => {
      const { email, first_name, last_name, language } = request.body;
      const duplicate = () => conflict("A user with this e-mail already exists.", [{ path: "email", message: "validation.emailTaken" }]);
      const [existing] = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (existing) throw duplicate();
      let sub: string;
      try {
        ({ sub } = await root.identity.admin.createUser({ email }));
      } catch (error) {
        if (error instanceof IdentityAdminError && error.problem === "user_exists") throw duplicate();
        throw error;
      }
      let row: UserRow;
      try {
        [row] = await db().insert(users).values({ companyId: companyOf(request), sub, email, firstName: first_name, lastName: last_name, language }).returning();
      } catch (error) {
        // Keep the identity store and the API in step: no identity user without an API user.
        await root.identity.admin.deleteUser(email).catch(() => {});
        throw error;
      }
      const [user] = await withRoles(db(), [row]);
      return reply.code(201).send(user);
    },
  );

  app.patch(
    "/access/users/:user_id",
    {
      schema: {
        tags: ["access"],
        summary: "Change a user's name or language",
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: { 200: userSchema, ...problems },
      },
    },
    async (request) => {
      const current = await findUser(db(), companyOf(request), request.params.user_id);
      const { first_name, last_name, language } = request.body;
      const changes = {
        ...(first_name !== undefined && { firstName: first_name }),
        ...(last_name !== undefined && { lastName: last_name }),
        ...(language !== undefined && { language }),
      };
      let row = current;
      if (Object.keys(changes).length > 0) {
        [row] = await db()
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(users.id, current.id), eq(users.companyId, current.companyId)))
          .returning();
      }
      const [user] = await withRoles(db(), [row]);
      return user;
    },
  );

  app.delete(
    "/access/users/:user_id",
    {
      schema: { tags: ["access"], summary: "Delete a user and their sign-in", params: userIdParamsSchema, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      const target = await findUser(db(), companyOf(request), request.params.user_id);
      if (target.id === request.user.id) throw conflict("You cannot delete your own user; ask another Administrator.");
      await db().transaction(async (tx) => {
        const admins = await lockAdministratorIds(tx, target.companyId);
        if (admins.includes(target.id) && admins.length <= 1) throw conflict(LAST_ADMIN);
        // Role assignments go with the user (on delete cascade).
        await tx.delete(users).where(and(eq(users.id, target.id), eq(users.companyId, target.companyId)));
      });
      // After the commit: the local identity store shares the database (and PGlite its one connection).
      // A leftover sign-in could not reach the API anyway (no API user: 401), but it would keep the e-mail taken.
      try {
        await root.identity.admin.deleteUser(target.email);
      } catch (error) {
        if (!(error instanceof IdentityAdminError && error.problem === "user_not_found")) {
          request.log.error({ err: error, userId: target.id }, "user deleted from the API but not from the identity store");
          throw error;
        }
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/access/user/reset-temporary-password",
    {
      schema: {
        tags: ["access"],
        summary: "E-mail a user a new temporary password",
        body: resetTemporaryPasswordSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const { user_id, email } = request.body;
      const companyId = companyOf(request);
      const [target] = await db()
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), user_id ? eq(users.id, user_id) : eq(sql`lower(${users.email})`, email!)));
      if (!target) throw notFound("User");
      try {
        await root.identity.admin.resetTemporaryPassword(target.email);
      } catch (error) {
        if (error instanceof IdentityAdminError && error.problem === "user_not_found") throw notFound("User");
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/access/users/:user_id/roles/:role_id/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Give a user a role on a resource group (replaces the role's previous group)",
        params: userRoleGroupParamsSchema,
        response: { 200: userSchema, ...problems },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      const { user_id, role_id, resource_group_id } = request.params;
      const target = await findUser(db(), companyId, user_id);
      const [role] = await db().select().from(roles).where(eq(roles.id, role_id));
      if (!role) throw notFound("Role");
      const [group] = await db()
        .select()
        .from(resourceGroups)
        .where(and(eq(resourceGroups.id, resource_group_id), eq(resourceGroups.companyId, companyId)));
      if (!group) throw notFound("Resource group");
      await db().transaction(async (tx) => {
        await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.userId, target.id), eq(roleAssignments.roleId, role.id), ne(roleAssignments.resourceGroupId, group.id)));
        await tx
          .insert(roleAssignments)
          .values({ companyId, userId: target.id, roleId: role.id, resourceGroupId: group.id })
          .onConflictDoNothing();
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
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const target = await findUser(db(), companyId, request.params.user_id);
      const [role] = await db().select().from(roles).where(eq(roles.id, request.params.role_id));
      if (!role) throw notFound("Role");
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
        await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.userId, target.id), eq(roleAssignments.roleId, role.id), eq(roleAssignments.companyId, companyId)));
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/access/roles",
    { schema: { tags: ["access"], summary: "The roles a user can be given", response: { 200: roleListResponseSchema, ...problems } } },
    async () => ({ items: await db().select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name)) }),
  );
}
