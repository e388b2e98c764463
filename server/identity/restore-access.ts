import { and, eq, sql } from "drizzle-orm";
import { recordAudit, type Actor } from "../audit/record";
import type { Db } from "../db/client";
import { companies, companyIdentityProviders, identityUsers, identityWebauthnCredentials, resourceGroups, roleAssignments, roles, users } from "../db/schema";
import { generateTemporaryPassword, hashPassword } from "./passwords";
import { revokeAllSessions } from "./store";

export interface RestoreOptions {
  email: string;
  /** Also make the person an Administrator of their company (on its company-wide group). */
  grantAdmin: boolean;
  /** Also turn off every corporate identity provider of their company. */
  disableSso: boolean;
  /** Local identity store: set a temporary password and drop second factors and passkeys. */
  resetCredentials: boolean;
}

export interface RestoreResult {
  company: string;
  /** The temporary password to hand over (local identity store only); it must be changed at the next sign-in. */
  temporaryPassword: string | null;
  disabledProviders: string[];
  grantedAdmin: boolean;
}

/** Why access cannot be restored as asked, in words for the operator at the command line. */
export class RestoreRefused extends Error {}

/**
 * The operator's way back in when sign-in settings lock a company out: a person gets a temporary password
 * without second factors, and optionally the Administrator role and a company with corporate sign-in turned
 * off. Everything happens in one transaction and is audited as done by the operator.
 */
export async function restoreAccess(db: Db, options: RestoreOptions): Promise<RestoreResult> {
  const email = options.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email));
    if (!user) throw new RestoreRefused(`No Steward user has the e-mail address ${email}.`);
    const [company] = await tx.select().from(companies).where(eq(companies.id, user.companyId));
    const actor: Actor = { id: null, type: "system", name: "Operator (command line)", companyId: user.companyId };
    const result: RestoreResult = { company: company.name, temporaryPassword: null, disabledProviders: [], grantedAdmin: false };

    if (options.resetCredentials) {
      const [identity] = await tx.select().from(identityUsers).where(eq(identityUsers.sub, user.sub));
      if (!identity) throw new RestoreRefused(`${email} has no sign-in in the built-in identity store.`);
      result.temporaryPassword = generateTemporaryPassword();
      await tx
        .update(identityUsers)
        .set({
          passwordHash: await hashPassword(result.temporaryPassword),
          status: "FORCE_CHANGE_PASSWORD",
          passwordChangedAt: new Date(),
          totpSecret: null,
          totpEnabled: false,
          totpLastStep: null,
          emailMfaEnabled: false,
          preferredMfa: null,
        })
        .where(eq(identityUsers.sub, user.sub));
      await tx.delete(identityWebauthnCredentials).where(eq(identityWebauthnCredentials.sub, user.sub));
      await revokeAllSessions(tx as unknown as Db, user.sub);
      await recordAudit(tx, actor, { entityType: "user", entityId: user.id, action: "user.access_restored", after: { password: "temporary", second_factors: "removed" } });
    }

    if (options.grantAdmin) {
      const [administrator] = await tx.select().from(roles).where(eq(roles.name, "Administrator"));
      const [everything] = await tx
        .select()
        .from(resourceGroups)
        .where(and(eq(resourceGroups.companyId, user.companyId), eq(resourceGroups.groupType, "ALL")))
        .limit(1);
      if (!everything) throw new RestoreRefused(`${company.name} has no company-wide (ALL) resource group to grant the Administrator role on.`);
      const added = await tx
        .insert(roleAssignments)
        .values({ companyId: user.companyId, userId: user.id, roleId: administrator.id, resourceGroupId: everything.id })
        .onConflictDoNothing()
        .returning();
      result.grantedAdmin = added.length > 0;
      if (result.grantedAdmin) {
        await recordAudit(tx, actor, { entityType: "user", entityId: user.id, action: "role.granted", after: { role: "Administrator", resource_group_id: everything.id, resource_group: everything.name } });
      }
    }

    if (options.disableSso) {
      const disabled = await tx
        .update(companyIdentityProviders)
        .set({ enabled: false, version: sql`${companyIdentityProviders.version} + 1`, updatedAt: new Date() })
        .where(and(eq(companyIdentityProviders.companyId, user.companyId), eq(companyIdentityProviders.enabled, true)))
        .returning({ id: companyIdentityProviders.id, name: companyIdentityProviders.name });
      result.disabledProviders = disabled.map((p) => p.name);
      for (const p of disabled) {
        await recordAudit(tx, actor, { entityType: "identity_provider", entityId: p.id, action: "identity_provider.updated", after: { enabled: false } });
      }
    }
    return result;
  });
}
