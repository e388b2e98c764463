import { randomInt } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { identityCodes } from "../db/schema";
import type { SigningKey } from "./keys";
import { codeMismatch, expiredCode } from "./errors";

const CODE_LIFETIME_MS = 3_600_000;
/** Wrong guesses a code survives; a 6-digit code must not be brute-forceable. */
const MAX_FAILED_ATTEMPTS = 5;

/** Keyed hash: a leaked table does not give the codes back by trying all million of them. */
const hashCode = (key: SigningKey, sub: string, code: string) => key.hmac("reset-code", `${sub}:${code}`);

/** A fresh 6-digit code; any earlier unused code of the user stops working. */
export async function issueResetCode(db: Db, key: SigningKey, sub: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, "reset_password"), isNull(identityCodes.usedAt)));
  await db.insert(identityCodes).values({
    sub,
    purpose: "reset_password",
    codeHash: hashCode(key, sub, code),
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  return code;
}

/**
 * Checks `code` against the user's current reset code and spends it; throws CodeMismatch for a
 * wrong or used code, ExpiredCode for the right code too late. `sub` undefined (unknown user) mismatches.
 */
export async function consumeResetCode(db: Db, key: SigningKey, sub: string | undefined, code: string): Promise<void> {
  if (!sub) throw codeMismatch();
  const [current] = await db
    .select()
    .from(identityCodes)
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, "reset_password"), isNull(identityCodes.usedAt)))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (!current) throw codeMismatch();
  if (current.codeHash !== hashCode(key, sub, code)) {
    await db
      .update(identityCodes)
      .set({
        failedAttempts: sql`${identityCodes.failedAttempts} + 1`,
        usedAt: current.failedAttempts + 1 >= MAX_FAILED_ATTEMPTS ? new Date() : null,
      })
      .where(eq(identityCodes.id, current.id));
    throw codeMismatch();
  }
  if (current.expiresAt.getTime() <= Date.now()) throw expiredCode();
  // Only one concurrent confirmation may spend the code.
  const spent = await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.id, current.id), isNull(identityCodes.usedAt)))
    .returning({ id: identityCodes.id });
  if (spent.length === 0) throw codeMismatch();
}
