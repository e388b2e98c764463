import { and, count, eq, gte, lt } from "drizzle-orm";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Db } from "../db/client";
import { identityAttempts, identityCaptchaUsed } from "../db/schema";
import type { SigningKey } from "./keys";

export type AttemptKind = "sign_in" | "reset";

/**
 * When a captcha becomes due (our own numbers): after 3 failed sign-ins for a
 * username in 15 minutes or 20 from one IP; after 3 reset requests for an address in an hour or 20 from one IP.
 */
const THRESHOLDS: Record<AttemptKind, { windowMs: number; perUsername: number; perIp: number }> = {
  sign_in: { windowMs: 15 * 60_000, perUsername: 3, perIp: 20 },
  reset: { windowMs: 60 * 60_000, perUsername: 3, perIp: 20 },
};
/** Attempts older than every window are deleted as new ones arrive. */
const KEEP_MS = 24 * 3_600_000;

/** ALTCHA v2 proof of work: PBKDF2/SHA-256, about a second for a browser, a few for a script that loops. */
const CHALLENGE = { algorithm: "PBKDF2/SHA-256", cost: 2_000, counterMin: 2_000, counterMax: 6_000, ttlSeconds: 600 };

const keys = (username: string | undefined, ip: string) => ({ user: username ? `user:${username}` : undefined, ip: `ip:${ip}` });

export async function recordAttempt(db: Db, kind: AttemptKind, username: string | undefined, ip: string): Promise<void> {
  const k = keys(username, ip);
  await db.insert(identityAttempts).values([{ kind, key: k.ip }, ...(k.user ? [{ kind, key: k.user }] : [])]);
  await db.delete(identityAttempts).where(lt(identityAttempts.at, new Date(Date.now() - KEEP_MS)));
}

/** A successful sign-in forgives the username's failures (not the IP's). */
export async function clearAttempts(db: Db, kind: AttemptKind, username: string): Promise<void> {
  await db.delete(identityAttempts).where(and(eq(identityAttempts.kind, kind), eq(identityAttempts.key, `user:${username}`)));
}

export async function captchaRequired(db: Db, kind: AttemptKind, username: string | undefined, ip: string): Promise<boolean> {
  const t = THRESHOLDS[kind];
  const since = new Date(Date.now() - t.windowMs);
  const k = keys(username, ip);
  const countFor = async (key: string) => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(identityAttempts)
      .where(and(eq(identityAttempts.kind, kind), eq(identityAttempts.key, key), gte(identityAttempts.at, since)));
    return n;
  };
  if ((await countFor(k.ip)) >= t.perIp) return true;
  return k.user ? (await countFor(k.user)) >= t.perUsername : false;
}

export class Captcha {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(key: SigningKey) {
    this.signatureSecret = key.secret("altcha-signature").toString("hex");
    this.keySignatureSecret = key.secret("altcha-key-signature").toString("hex");
  }

  /** A signed challenge for the ALTCHA widget; the counter is known to us, so verifying is one HMAC. */
  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: CHALLENGE.algorithm,
      cost: CHALLENGE.cost,
      counter: randomInt(CHALLENGE.counterMin, CHALLENGE.counterMax),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE.ttlSeconds,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /** True for a valid, unexpired solution not seen before; spends it. `payload` is the widget's base64 JSON. */
  async redeem(db: Db, payload: unknown): Promise<boolean> {
    const parsed = parsePayload(payload);
    if (!parsed) return false;
    let verified = false;
    try {
      ({ verified } = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      }));
    } catch {
      return false;
    }
    if (!verified || !parsed.challenge.signature) return false;
    const inserted = await db
      .insert(identityCaptchaUsed)
      .values({ signature: parsed.challenge.signature })
      .onConflictDoNothing()
      .returning({ signature: identityCaptchaUsed.signature });
    await db.delete(identityCaptchaUsed).where(lt(identityCaptchaUsed.usedAt, new Date(Date.now() - KEEP_MS)));
    return inserted.length === 1;
  }
}

function parsePayload(payload: unknown): Payload | null {
  if (typeof payload !== "string" || payload.length === 0 || payload.length > 8_192) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Payload;
    const ok =
      value &&
      typeof value === "object" &&
      value.challenge &&
      typeof value.challenge === "object" &&
      value.challenge.parameters &&
      typeof value.challenge.parameters === "object" &&
      value.solution &&
      typeof value.solution === "object";
    return ok ? value : null;
  } catch {
    return null;
  }
}
