import { randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { identityCodes, type IdentityCodePurpose } from "../db/schema";
import type { SigningKey } from "./keys";
import { CognitoError, codeMismatch, expiredCode } from "./errors";

/** How long each kind of code lives: a reset an hour, a sign-in code as long as its sign-in session, a sign-up confirmation a day (as Cognito's). */
export const CODE_LIFETIME_MS: Record<IdentityCodePurpose, number> = {
  reset_password: 3_600_000,
  email_mfa: 180_000,
  confirm_sign_up: 86_400_000,
};
/** Wrong guesses a code survives; a 6-digit code must not be brute-forceable. */
const MAX_FAILED_ATTEMPTS = 5;

/**
 * Keyed hash: a leaked table does not give the codes back by trying all million of them. Reset codes keep
 * their original domain so codes issued before other purposes existed still match.
 */
const hashCode = (key: SigningKey, purpose: IdentityCodePurpose, sub: string, code: string) =>
  key.hmac(purpose === "reset_password" ? "reset-code" : `code:${purpose}`, `${sub}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A fresh 6-digit code for `purpose`; any earlier unused code of the user for the same purpose stops working. */
export async function issueCode(db: Db, key: SigningKey, sub: string, purpose: IdentityCodePurpose): Promise<{ id: string; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = Date.now();
  await db
    .update(identityCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose), isNull(identityCodes.usedAt)));
  const [row] = await db
    .insert(identityCodes)
    .values({ sub, purpose, codeHash: hashCode(key, purpose, sub, code), createdAt: new Date(now), expiresAt: new Date(now + CODE_LIFETIME_MS[purpose]) })
    .returning({ id: identityCodes.id });
  return { id: row.id, code };
}

export interface ConsumeOptions {
  /** Check this very code (the one a sign-in session names) rather than the user's newest. */
  id?: string;
  /** The error for a wrong, used or burnt code (Cognito words it differently per operation). */
  mismatch?: () => CognitoError;
}

/**
 * Checks `code` against the user's current code for `purpose` and spends it; throws the mismatch error for a
 * wrong, used or burnt code, ExpiredCode for the right code too late. `sub` undefined (unknown user) mismatches.
 * Five wrong guesses burn the code.
 */
export async function consumeCode(
  db: Db,
  key: SigningKey,
  sub: string | undefined,
  purpose: IdentityCodePurpose,
  code: string,
  options: ConsumeOptions = {},
): Promise<void> {
  const mismatch = options.mismatch ?? codeMismatch;
  if (!sub) throw mismatch();
  // Without an id: the user's one live code for the purpose (issuing a code retires the earlier ones).
  const which = options.id ? eq(identityCodes.id, options.id) : isNull(identityCodes.usedAt);
  const [current] = await db
    .select()
    .from(identityCodes)
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose), which))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (!current || current.usedAt) {
    // A burnt code answers as expired: the user needs a new one, however well they type.
    if (current && current.failedAttempts >= MAX_FAILED_ATTEMPTS) throw expiredCode();
    throw mismatch();
  }
  if (!sameHash(current.codeHash, hashCode(key, purpose, sub, code))) {
    await db
      .update(identityCodes)
      .set({
        failedAttempts: sql`${identityCodes.failedAttempts} + 1`,
        usedAt: current.failedAttempts + 1 >= MAX_FAILED_ATTEMPTS ? new Date() : null,
      })
      .where(eq(identityCodes.id, current.id));
    throw mismatch();
  }
  if (current.expiresAt.getTime() <= Date.now()) throw expiredCode();
  // Only one concurrent confirmation may spend the code.
  const spent = await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.id, current.id), isNull(identityCodes.usedAt)))
    .returning({ id: identityCodes.id });
  if (spent.length === 0) throw mismatch();
}

/** A fresh password-reset code (ForgotPassword). */
export async function issueResetCode(db: Db, key: SigningKey, sub: string): Promise<string> {
  return (await issueCode(db, key, sub, "reset_password")).code;
}

/** Spends the user's reset code (ConfirmForgotPassword). */
export function consumeResetCode(db: Db, key: SigningKey, sub: string | undefined, code: string): Promise<void> {
  return consumeCode(db, key, sub, "reset_password", code);
}
