import { and, asc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { roleMatches } from "../../domain/access/abilities";
import type { User } from "../../domain/entities/user";
import type { Db } from "../db/client";
import { listItems, type ListQuery, type ListSorting, type ListSource } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { companies, resourceGroups, roleAssignments, roles, users } from "../db/schema";
import { likePattern } from "../db/search";
import { notify } from "../notifications/notify";
import { recordAudit, type Actor } from "../audit/record";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../db/versions";
import type { ExpectedVersions } from "../plugins/concurrency";
import { conflict, notFound } from "../plugins/problem";

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
 * Ids of the company's users holding an Administrator role (a role whose name contains "Administrator"), with the
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

const userSorting: ListSorting = {
  keys: {
    name: { by: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`] },
    email: users.email,
    created_at: users.createdAt,
  },
  default: "name",
  id: users.id,
  idOrder: "asc",
};

/** The company's users (searched by e-mail and full name) with their roles: what a page of the list and its export read. */
export function userList(db: Db, companyId: string, query: { q?: string }): ListSource<UserRow, User> {
  const filters: SQL[] = [eq(users.companyId, companyId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))!);
  }
  return {
    table: users,
    where: and(...filters),
    sorting: userSorting,
    select: (extra) => db.select({ ...getTableColumns(users), ...extra }).from(users).$dynamic(),
    toItems: (rows) => withRoles(db, rows),
  };
}

/** One page of the company's users (searched by e-mail and full name), with their roles and the total. */
export async function listUsers(db: Db, companyId: string, query: ListQuery & { q?: string }): Promise<{ items: User[] } & ListTotal> {
  return listItems(db, userList(db, companyId, query), query);
}

/** Whether any user, in any company, has this e-mail (compared in lower case): e-mails sign in, so they are unique. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return existing !== undefined;
}

export async function insertUser(
  db: Db,
  values: { companyId: string; sub: string; email: string; firstName: string; lastName: string; language: UserRow["language"] },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Changes a user's name, language or analytics choice at the expected version if the caller sent one (412 when stale, 404 when gone). */
export async function changeUser(
  db: Db,
  current: { id: string; companyId: string },
  input: { first_name?: string; last_name?: string; language?: UserRow["language"]; analytics_opt_out?: boolean },
  expected: ExpectedVersions,
): Promise<UserRow> {
  const { first_name, last_name, language, analytics_opt_out } = input;
  const changes = {
    ...(first_name !== undefined && { firstName: first_name }),
    ...(last_name !== undefined && { lastName: last_name }),
    ...(language !== undefined && { language }),
    ...(analytics_opt_out !== undefined && { analyticsOptOut: analytics_opt_out }),
  };
  const thisUser = and(eq(users.id, current.id), eq(users.companyId, current.companyId))!;
  const [row] = await db
    .update(users)
    .set({ ...changes, version: nextVersion(users), updatedAt: new Date() })
    .where(and(thisUser, atExpectedVersion(users, expected)))
    .returning();
  if (!row) {
    await refuseIfStale(db, users, thisUser);
    throw notFound("User");
  }
  return row;
}

/**
 * Deletes a user and their role assignments, unless they are the company's last Administrator; audited.
 * `beforeCommit` runs last inside the transaction: its failure leaves the user as they were.
 */
export async function deleteUser(db: Db, actor: Actor, target: UserRow, beforeCommit?: () => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockAdministratorIds(tx, target.companyId);
    if (admins.includes(target.id) && admins.length <= 1) throw conflict(LAST_ADMIN);
    // Role assignments go with the user (on delete cascade).
    await tx.delete(users).where(and(eq(users.id, target.id), eq(users.companyId, target.companyId)));
    await recordAudit(tx, actor, {
      entityType: "user",
      entityId: target.id,
      action: "user.deleted",
      before: { email: target.email, first_name: target.firstName, last_name: target.lastName },
    });
    await beforeCommit?.();
  });
}

/** The company's user with this id, or else with this e-mail (compared in lower case); 404 when none. */
export async function findUserByIdOrEmail(db: Db, companyId: string, by: { user_id?: string; email?: string }): Promise<UserRow> {
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), by.user_id ? eq(users.id, by.user_id) : eq(sql`lower(${users.email})`, by.email!)));
  if (!target) throw notFound("User");
  return target;
}

/** The roles a user can be given, by name. */
export async function listRoles(db: Db) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name));
}

async function findRole(db: Db, roleId: string) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound("Role");
  return role;
}

/**
 * Gives a user a role on one of the company's resource groups, replacing the group they had it on; audited,
 * and the user is told. Nothing changes (and nothing is audited) when they already hold it there.
 */
export async function assignRole(db: Db, actor: Actor, companyId: string, target: UserRow, roleId: string, groupId: string): Promise<void> {
  const role = await findRole(db, roleId);
  const [group] = await db
    .select()
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, groupId), eq(resourceGroups.companyId, companyId)));
  if (!group) throw notFound("Resource group");
  await db.transaction(async (tx) => {
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
      await recordAudit(tx, actor, {
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
}

/** Takes a role away from a user (on every group), unless that leaves the company without an Administrator; audited. */
export async function takeRole(db: Db, actor: Actor, companyId: string, target: UserRow, roleId: string): Promise<void> {
  const role = await findRole(db, roleId);
  await db.transaction(async (tx) => {
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
      actor,
      ...removed.map((r) => ({ entityType: "user", entityId: target.id, action: "role.revoked", before: { role: role.name, resource_group_id: r.groupId }, after: null })),
    );
  });
}
