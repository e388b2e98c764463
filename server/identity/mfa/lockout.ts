import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityAttempts } from "../../db/schema";
import { attemptsExceeded } from "../errors";

/** Wrong second-factor codes a user may make within the window before the second step locks. */
export const MFA_MAX_FAILURES = 5;
export const MFA_WINDOW_MS = 15 * 60_000;
/** How long the second step stays locked after the failure that locked it. */
export const MFA_LOCKOUT_MS = 15 * 60_000;
const KEEP_MS = 24 * 3_600_000;

const keyFor = (sub: string) => `user:${sub}`;

/**
 * Refuses (NotAuthorized "Password attempts exceeded", Cognito's lockout text) while the user is locked out:
 * five wrong codes within 15 minutes lock the second step for 15 minutes after the last of them.
 */
export async function assertNotLockedOut(db: Db, sub: string): Promise<void> {
  const recent = await db
    .select({ at: identityAttempts.at })
    .from(identityAttempts)
    .where(and(eq(identityAttempts.kind, "mfa"), eq(identityAttempts.key, keyFor(sub)), gte(identityAttempts.at, new Date(Date.now() - MFA_LOCKOUT_MS - MFA_WINDOW_MS))))
    .orderBy(desc(identityAttempts.at))
    .limit(MFA_MAX_FAILURES);
  if (recent.length < MFA_MAX_FAILURES) return;
  const last = recent[0].at.getTime();
  const first = recent[MFA_MAX_FAILURES - 1].at.getTime();
  if (last - first <= MFA_WINDOW_MS && Date.now() - last < MFA_LOCKOUT_MS) throw attemptsExceeded();
}

/** One wrong code. The time is ours, not the database's, so the window follows the same clock as the check. */
export async function recordMfaFailure(db: Db, sub: string): Promise<void> {
  await db.insert(identityAttempts).values({ kind: "mfa", key: keyFor(sub), at: new Date() });
  await db.delete(identityAttempts).where(and(eq(identityAttempts.kind, "mfa"), lt(identityAttempts.at, new Date(Date.now() - KEEP_MS))));
}

/** A right code forgives the earlier wrong ones. */
export async function clearMfaFailures(db: Db, sub: string): Promise<void> {
  await db.delete(identityAttempts).where(and(eq(identityAttempts.kind, "mfa"), eq(identityAttempts.key, keyFor(sub))));
}
