import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { HOTP, Secret } from "otpauth";
import type { Db } from "../../db/client";
import { identityUsers } from "../../db/schema";
import type { SecretCipher } from "../../files/secret-cipher";
import type { IdentityUser } from "../store";

/** RFC 6238 as authenticator apps default to it and Cognito uses it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Clock drift tolerated between the phone and the server: one step either way. */
const WINDOW = 1;

/** What a sealed secret is bound to: the user, so a copied ciphertext does not open on another row. */
export const totpOwner = (sub: string) => `totp:${sub}`;

/** A new authenticator secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export const totpStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD_SECONDS);

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The steps, oldest first, within the window around now whose code is `code`. Every candidate is computed
 * and compared in constant time, so timing says nothing about which step (if any) matched.
 */
export function matchingSteps(secretBase32: string, code: string, now = Date.now()): number[] {
  if (!/^\d{6}$/.test(code)) return [];
  const secret = Secret.fromBase32(secretBase32);
  const current = totpStep(now);
  const matches: number[] = [];
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = HOTP.generate({ secret, counter: step, digits: DIGITS, algorithm: "SHA1" });
    if (sameCode(expected, code)) matches.push(step);
  }
  return matches;
}

export function sealTotpSecret(cipher: SecretCipher, sub: string, secretBase32: string): string {
  return cipher.encrypt(secretBase32, totpOwner(sub));
}

export function openTotpSecret(cipher: SecretCipher, user: IdentityUser): string | null {
  return user.totpSecret ? cipher.decrypt(user.totpSecret, totpOwner(user.sub)) : null;
}

/**
 * Accepts `code` from the user's authenticator when it matches a step newer than the last one accepted, and
 * records that step, atomically: each code works once, and never an older one after a newer.
 */
export async function acceptTotpCode(db: Db, cipher: SecretCipher, user: IdentityUser, code: string): Promise<boolean> {
  const secret = openTotpSecret(cipher, user);
  if (!secret) return false;
  const step = matchingSteps(secret, code).find((s) => user.totpLastStep === null || s > user.totpLastStep);
  if (step === undefined) return false;
  const updated = await db
    .update(identityUsers)
    .set({ totpLastStep: step })
    .where(and(eq(identityUsers.sub, user.sub), or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step))))
    .returning({ sub: identityUsers.sub });
  return updated.length === 1;
}
