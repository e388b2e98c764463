import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { companies, resourceGroups, roleAssignments, roles, users } from "../../server/db/schema";
import { hashPassword } from "../../server/identity/passwords";
import { insertUser } from "../../server/identity/store";
import { signInRaw } from "../api/identity-support";

export const OTHER_ADMIN_EMAIL = "boss@other.test";

/** Who the API tests call as: each demo user, and the Administrator of a second company. */
export const CALLERS = {
  admin: "admin@steward.test",
  reviewer: "reviewer@steward.test",
  approver: "approver@steward.test",
  contributor: "contributor@steward.test",
  noroles: "noroles@steward.test",
  other: OTHER_ADMIN_EMAIL,
} as const;
export type Caller = keyof typeof CALLERS;

export interface OtherCompany {
  companyId: string;
  groupId: string;
  adminId: string;
}

/** A second company with one group and its own Administrator (demo password): another tenant that must never see ours. */
export async function createOtherCompany(
  db: Db,
  options: { group?: { name: string; groupType: "ALL" | "SELECTED" }; size?: string; industry?: string } = {},
): Promise<OtherCompany> {
  const group = options.group ?? { name: "Everything", groupType: "ALL" };
  const [administrator] = await db.select().from(roles).where(eq(roles.name, "Administrator"));
  const [{ id: companyId }] = await db.insert(companies).values({ name: "Other Co", size: options.size, industry: options.industry }).returning();
  const [{ id: groupId }] = await db.insert(resourceGroups).values({ companyId, ...group }).returning();
  const identity = await insertUser(db, { email: OTHER_ADMIN_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
  const [boss] = await db
    .insert(users)
    .values({ companyId, sub: identity.sub, email: OTHER_ADMIN_EMAIL, firstName: "Olga", lastName: "Other" })
    .returning();
  await db.insert(roleAssignments).values({ companyId, userId: boss.id, roleId: administrator.id, resourceGroupId: groupId });
  return { companyId, groupId, adminId: boss.id };
}

/** An access token for every caller (createOtherCompany must have run for `other`). */
export async function signInCallers(app: FastifyInstance): Promise<Record<Caller, string>> {
  const tokens = {} as Record<Caller, string>;
  for (const [who, email] of Object.entries(CALLERS) as [Caller, string][]) {
    tokens[who] = (await signInRaw(app, email, DEMO_PASSWORD)).AccessToken;
  }
  return tokens;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** `call("admin", "GET", "/access/users")`: one /v2 request as a caller, or with no token for `null`. */
export function v2Caller(app: () => FastifyInstance, tokens: Readonly<Record<string, string>>) {
  return (who: string | null, method: Method, url: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/v2${url}`,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
}
