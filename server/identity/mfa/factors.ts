import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityUsers } from "../../db/schema";
import type { MfaType } from "../../../domain/auth/mfa";

/** Turns e-mail codes on or off; turning them off drops them as the preferred factor. */
export async function setEmailMfa(db: Db, sub: string, enabled: boolean): Promise<void> {
  await db.update(identityUsers).set({ emailMfaEnabled: enabled }).where(eq(identityUsers.sub, sub));
  if (!enabled) await db.update(identityUsers).set({ preferredMfa: null }).where(and(eq(identityUsers.sub, sub), eq(identityUsers.preferredMfa, "EMAIL")));
}

/** A newly associated (sealed) authenticator secret: not a factor until a code from it is verified. */
export async function storePendingTotp(db: Db, sub: string, sealedSecret: string): Promise<void> {
  await db.update(identityUsers).set({ totpSecret: sealedSecret, totpEnabled: false, totpLastStep: null }).where(eq(identityUsers.sub, sub));
}

/** A verified code at `step` turns the authenticator on and spends that step (false: another request spent it). */
export async function enableTotp(db: Db, sub: string, step: number): Promise<boolean> {
  const updated = await db
    .update(identityUsers)
    .set({ totpEnabled: true, totpLastStep: step })
    .where(and(eq(identityUsers.sub, sub), or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step))))
    .returning({ sub: identityUsers.sub });
  return updated.length === 1;
}

/** Turning the authenticator off forgets its secret: turning it on again means setting it up again. */
export async function disableTotp(db: Db, sub: string): Promise<void> {
  await db.update(identityUsers).set({ totpEnabled: false, totpSecret: null, totpLastStep: null }).where(eq(identityUsers.sub, sub));
  await db.update(identityUsers).set({ preferredMfa: null }).where(and(eq(identityUsers.sub, sub), eq(identityUsers.preferredMfa, "TOTP")));
}

export async function setPreferredMfa(db: Db, sub: string, preferred: MfaType | null): Promise<void> {
  await db.update(identityUsers).set({ preferredMfa: preferred }).where(eq(identityUsers.sub, sub));
}
