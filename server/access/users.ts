import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { roleMatches } from "../../domain/access/abilities";
import type { User } from "../../domain/entities/user";
import type { Db } from "../db/client";
import { companies, resourceGroups, roleAssignments, roles, users } from "../db/schema";
import { notFound } from "../plugins/problem";

/** The queries behind Manage Users (routes/v2/access-users.ts, access-user-roles.ts). */
export type UserRow = typeof users.$inferSelect;


/** Users with their role assignments, in the order given. */
export async function withRoles(db: Db, rows: UserRow[]): Promise<User[]> {
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
    version: u.version,
    roles: assignments
      .filter((a) => a.userId === u.id)
      .map((a) => ({ role_id: a.roleId, name: a.roleName, resource_group: { id: a.groupId, name: a.groupName, group_type: a.groupType } })),
  }));
}

/** The user with this id in the caller's company; another company's user is "not found", never "forbidden". */
export async function findUser(db: Db, companyId: string, userId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!row) throw notFound("User");
  return row;
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ids of the company's users holding an Administrator role (by the spec's contains rule), with the
 * company row locked until the transaction ends: two Administrators removing each other at the same
 * time are serialized, so the last-Administrator rule holds.
 */
export async function lockAdministratorIds(db: Tx, companyId: string): Promise<string[]> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  const rows = await db
    .selectDistinct({ userId: roleAssignments.userId, roleName: roles.name })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(eq(roleAssignments.companyId, companyId));
  return [...new Set(rows.filter((r) => roleMatches(r.roleName, "Administrator")).map((r) => r.userId))];
}

export const LAST_ADMIN = "This is the company's last Administrator; give another user the Administrator role first.";

export function userSortOrder(sort: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const dir = descending ? desc : asc;
  const columns =
    key === "email" ? [dir(users.email)] : key === "created_at" ? [dir(users.createdAt)] : [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`)];
  return [...columns, asc(users.id)];
}
