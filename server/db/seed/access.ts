import { inArray } from "drizzle-orm";
import { ROLE_NAMES, type RoleName } from "../../../domain/access/current-user";
import type { Db } from "../client";
import { resourceGroups, roleAssignments, roles, users } from "../schema";
import { hashPassword } from "../../identity/passwords";
import { insertUser } from "../../identity/store";
import { DEMO_ACCOUNTS } from "./accounts";

export const DEMO_GROUPS = { all: { name: "All applications", groupType: "ALL" }, customerAi: { name: "Customer AI", groupType: "SELECTED" } } as const;

/** The demo users: who holds which role on which group. */
const DEMO_ROLES: Record<(typeof DEMO_ACCOUNTS)[number]["email"], { role: RoleName; group: keyof typeof DEMO_GROUPS } | null> = {
  "admin@steward.test": { role: "Administrator", group: "all" },
  "reviewer@steward.test": { role: "ApplicationReviewer", group: "all" },
  "approver@steward.test": { role: "ApplicationApprover", group: "all" },
  "contributor@steward.test": { role: "ApplicationContributor", group: "customerAi" },
  "noroles@steward.test": null,
};

/** The four roles; the migration inserts them too, so this only matters on a database built otherwise. */
export async function ensureRoles(db: Db): Promise<Map<string, string>> {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(roles).where(inArray(roles.name, [...ROLE_NAMES]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Demo Co's groups, the five demo users and their roles (the README's demo sign-ins). With the local identity
 * store, each user also gets an identity user with DEMO_PASSWORD; with Cognito, users can only
 * exist once Cognito has them, so only the groups are seeded.
 */
export async function seedAccess(db: Db, companyId: string, options: { password: string; identityMode: "local" | "cognito" }) {
  const roleIds = await ensureRoles(db);
  const groups = await db
    .insert(resourceGroups)
    .values(Object.values(DEMO_GROUPS).map((g) => ({ companyId, name: g.name, groupType: g.groupType })))
    .returning();
  const groupId = (key: keyof typeof DEMO_GROUPS) => groups.find((g) => g.name === DEMO_GROUPS[key].name)!.id;
  if (options.identityMode !== "local") return;

  // Hashing is the slow part: do the five at once (each with its own salt).
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(options.password)));
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const identity = await insertUser(db, { email: account.email, passwordHash: hashes[i], status: "CONFIRMED" });
    const [user] = await db
      .insert(users)
      .values({ companyId, sub: identity.sub, email: account.email, firstName: account.firstName, lastName: account.lastName })
      .returning();
    const grant = DEMO_ROLES[account.email];
    if (grant) {
      await db.insert(roleAssignments).values({ companyId, userId: user.id, roleId: roleIds.get(grant.role)!, resourceGroupId: groupId(grant.group) });
    }
  }
}
