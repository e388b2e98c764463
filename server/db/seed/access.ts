import { inArray } from "drizzle-orm";
import { ROLE_NAMES, type RoleName } from "../../../domain/access/current-user";
import type { Db } from "../client";
import { resourceGroups, roleAssignments, roles, users } from "../schema";
import { hashPassword } from "../../identity/passwords";
import { insertUser } from "../../identity/store";
import { DEMO_ACCOUNTS } from "./accounts";
import { ServiceUnavailable } from "../../aws/unavailable";
import { StartError } from "../../start-error";

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

/** Where the demo users sign in when it is Amazon Cognito: the pool makes (or finds) each with the demo password. */
export interface DemoUserPool {
  seedUser(email: string, password: string): Promise<{ sub: string }>;
}

/**
 * Demo Co's groups, the five demo users and their roles (the README's demo sign-ins), each signing in with the
 * demo password: an identity user of the local store, or — given a Cognito pool — a user of that pool.
 */
export async function seedAccess(db: Db, companyId: string, options: { password: string; cognitoPool?: DemoUserPool }) {
  // The pool first: one that cannot make the users stops the seed before anything is written.
  const pooled = options.cognitoPool && (await poolSignIns(options.cognitoPool, options.password));
  const roleIds = await ensureRoles(db);
  const groups = await db
    .insert(resourceGroups)
    .values(Object.values(DEMO_GROUPS).map((g) => ({ companyId, name: g.name, groupType: g.groupType })))
    .returning();
  const groupId = (key: keyof typeof DEMO_GROUPS) => groups.find((g) => g.name === DEMO_GROUPS[key].name)!.id;
  const subs = pooled || (await localSignIns(db, options.password));
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const [user] = await db
      .insert(users)
      .values({ companyId, sub: subs[i], email: account.email, firstName: account.firstName, lastName: account.lastName })
      .returning();
    const grant = DEMO_ROLES[account.email];
    if (grant) {
      await db.insert(roleAssignments).values({ companyId, userId: user.id, roleId: roleIds.get(grant.role)!, resourceGroupId: groupId(grant.group) });
    }
  }
}

async function localSignIns(db: Db, password: string): Promise<string[]> {
  // Hashing is the slow part: do the five at once (each with its own salt).
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(password)));
  const subs: string[] = [];
  for (const [i, account] of DEMO_ACCOUNTS.entries()) subs.push((await insertUser(db, { email: account.email, passwordHash: hashes[i], status: "CONFIRMED" })).sub);
  return subs;
}

/** One at a time: a pool that refuses says so once, and the users made before it are found again by the next seed. */
async function poolSignIns(pool: DemoUserPool, password: string): Promise<string[]> {
  const subs: string[] = [];
  try {
    for (const account of DEMO_ACCOUNTS) subs.push((await pool.seedUser(account.email, password)).sub);
  } catch (error) {
    const reason = error instanceof ServiceUnavailable ? "the pool cannot be reached" : `${(error as Error).name}: ${(error as Error).message}`;
    throw new StartError(
      `the demo users could not be made in the Cognito user pool (${reason}). Seeding needs the pool reachable (COGNITO_REGION, or COGNITO_ENDPOINT) ` +
        "and AWS credentials allowed cognito-idp:AdminCreateUser, AdminGetUser and AdminSetUserPassword on COGNITO_USER_POOL_ID",
    );
  }
  return subs;
}
