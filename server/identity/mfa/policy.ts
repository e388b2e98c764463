import { and, eq, ilike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, roleAssignments, roles, users } from "../../db/schema";
import { DEFAULT_MFA_POLICY, mfaRequired, type MfaPolicy } from "../../../domain/auth/mfa";

export interface UserMfaPolicy {
  policy: MfaPolicy;
  /** Whether this user must have a second factor under the policy. */
  required: boolean;
}

/**
 * The company policy that applies to an identity user, through the API user with the same sub. An identity
 * user without an API user (not yet provisioned) gets the default policy, which never requires a factor.
 */
export async function mfaPolicyFor(db: Db, sub: string): Promise<UserMfaPolicy> {
  const [row] = await db
    .select({ userId: users.id, policy: companies.mfaPolicy })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.sub, sub))
    .limit(1);
  if (!row) return { policy: DEFAULT_MFA_POLICY, required: mfaRequired(DEFAULT_MFA_POLICY, false) };
  if (row.policy !== "required_admins") return { policy: row.policy, required: mfaRequired(row.policy, false) };
  // Any role whose name says Administrator counts, whatever group it is scoped to.
  const [admin] = await db
    .select({ id: roleAssignments.id })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(roleAssignments.userId, row.userId), ilike(roles.name, "%Administrator%")))
    .limit(1);
  return { policy: row.policy, required: mfaRequired(row.policy, Boolean(admin)) };
}
