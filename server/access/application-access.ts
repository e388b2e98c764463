import type { FastifyRequest } from "fastify";
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { applicationRoleNames } from "../../domain/access/abilities";
import type {
  applicationGrantListResponseSchema,
  authorizedUserListResponseSchema,
  callerApplicationRolesResponseSchema,
} from "../../domain/entities/application-access";
import { APPROVAL_ROLES } from "../../domain/workflow";
import { readableApplications } from "../applications/store";
import type { ApplicationRow } from "../applications/row";
import { actorOf, recordAudit } from "../audit/record";
import { queryRows, type Db } from "../db/client";
import { listPage, pageOf, type ListQuery, type ListSorting } from "../db/list";
import { applicationRoleAssignments, applications, roles, users } from "../db/schema";
import { likePattern } from "../db/search";
import type { CurrentUser } from "../identity/caller";
import { badRequest, notFound } from "../plugins/problem";
import { reachSql, type ReachRow } from "./reach";
import { groupIdsOf } from "./record-groups";

/** Who can act on an application: the people its roles reach, the grants on it alone, and the caller's own roles. */

/** The roles granted on this application alone, by user name. */
export async function grantsOf(db: Db, applicationId: string): Promise<z.infer<typeof applicationGrantListResponseSchema>> {
  const rows = await db
    .select({ user: users, role: roles, createdAt: applicationRoleAssignments.createdAt })
    .from(applicationRoleAssignments)
    .innerJoin(users, eq(users.id, applicationRoleAssignments.userId))
    .innerJoin(roles, eq(roles.id, applicationRoleAssignments.roleId))
    .where(eq(applicationRoleAssignments.applicationId, applicationId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(roles.name));
  return {
    items: rows.map((r) => ({
      user: { id: r.user.id, name: `${r.user.firstName} ${r.user.lastName}`, email: r.user.email },
      role: { id: r.role.id, name: r.role.name },
      created_at: r.createdAt.toISOString(),
    })),
  };
}

const byApplicationName: ListSorting = { keys: { name: sql`lower(${applications.name})` }, default: "name", id: applications.id, idOrder: "asc" };

/** One page of the applications the caller can see (some, or searched by name), with the caller's roles on each. */
export async function callerApplicationRoles(
  db: Db,
  request: FastifyRequest,
  query: ListQuery & { q?: string; application_id?: string[] },
): Promise<z.infer<typeof callerApplicationRolesResponseSchema>> {
  const where = and(
    readableApplications(request),
    query.application_id?.length ? inArray(applications.id, query.application_id) : undefined,
    query.q ? ilike(applications.name, likePattern(query.q)) : undefined,
  );
  const select = db.select({ id: applications.id, name: applications.name, groupIds: groupIdsOf(applications.id) }).from(applications).$dynamic();
  const { rows, ...totals } = await listPage(db, { table: applications, where, query, sorting: byApplicationName, select });
  return {
    ...totals,
    items: rows.map((a) => ({ application_id: a.id, application_name: a.name, roles: applicationRoleNames(request.user, { id: a.id, resource_group_ids: a.groupIds }) })),
  };
}

/**
 * One page of everyone whose roles reach the application, and through what. The page's query counts every
 * match in the same pass (the reach has to be computed for all of them to sort anyway).
 */
export async function authorizedUsers(
  db: Db,
  application: ApplicationRow,
  query: ListQuery & { q?: string },
): Promise<z.infer<typeof authorizedUserListResponseSchema>> {
  const { companyId, id } = application;
  const { limit, offset } = pageOf(query);
  const search = query.q ? sql`and (u.email ilike ${likePattern(query.q)} or (u.first_name || ' ' || u.last_name) ilike ${likePattern(query.q)})` : sql``;
  const direction = query.sort === "-name" ? sql`desc` : sql`asc`;
  const people = await queryRows<{ id: string; email: string; first_name: string; last_name: string; total: number }>(db, sql`
    select u.id, u.email, u.first_name, u.last_name, count(*) over ()::int as total
      from users u
     where u.company_id = ${companyId} and u.id in (select user_id from (${reachSql(companyId, id)}) reach) ${search}
     order by lower(u.first_name) ${direction}, lower(u.last_name) ${direction}, u.id
     limit ${limit} offset ${offset}`);
  const ids = people.map((p) => p.id);
  const reach = ids.length
    ? await queryRows<ReachRow>(
        db,
        sql`select * from (${reachSql(companyId, id)}) reach where user_id in (${sql.join(
          ids.map((userId) => sql`${userId}`),
          sql`, `,
        )}) order by role, group_name`,
      )
    : [];
  return {
    // Counted in the page's pass; a page past the end has no row to carry the count, and says 0.
    total: people[0]?.total ?? 0,
    items: people.map((p) => ({
      user_id: p.id,
      email: p.email,
      first_name: p.first_name,
      last_name: p.last_name,
      roles: reach
        .filter((r) => r.user_id === p.id)
        .map((r) => ({
          name: r.role,
          via: r.via,
          resource_group: r.group_id ? { id: r.group_id, name: r.group_name!, group_type: r.group_type! } : null,
        })),
    })),
  };
}

/** Grants a user of the company one of the application roles on this application alone (idempotent; audited). */
export async function grantApplicationRole(db: Db, user: CurrentUser, application: ApplicationRow, userId: string, roleId: string): Promise<void> {
  const [grantee] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, application.companyId)));
  if (!grantee) throw notFound("User");
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound("Role");
  if (!(APPROVAL_ROLES as readonly string[]).includes(role.name)) {
    throw badRequest("Only the application roles can be granted on one application.", [{ path: "role_id", message: "Not an application role." }]);
  }
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(applicationRoleAssignments)
      .values({ companyId: application.companyId, applicationId: application.id, userId: grantee.id, roleId: role.id })
      .onConflictDoNothing()
      .returning({ id: applicationRoleAssignments.id });
    if (added.length) {
      await recordAudit(tx, actorOf(user), {
        entityType: "application",
        entityId: application.id,
        action: "role.granted",
        after: { user_id: grantee.id, user: `${grantee.firstName} ${grantee.lastName}`, role: role.name },
      });
    }
  });
}

/** Takes back a role granted on this application alone (idempotent; audited when something was taken back). */
export async function revokeApplicationRole(db: Db, user: CurrentUser, application: ApplicationRow, userId: string, roleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(applicationRoleAssignments)
      .where(
        and(
          eq(applicationRoleAssignments.applicationId, application.id),
          eq(applicationRoleAssignments.userId, userId),
          eq(applicationRoleAssignments.roleId, roleId),
        ),
      )
      .returning({ id: applicationRoleAssignments.id });
    if (removed.length) {
      await recordAudit(tx, actorOf(user), {
        entityType: "application",
        entityId: application.id,
        action: "role.revoked",
        before: { user_id: userId, role_id: roleId },
      });
    }
  });
}
