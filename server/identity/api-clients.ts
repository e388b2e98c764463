import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiClients } from "../db/schema";
import type { SigningKey } from "./keys";

/** API clients (OAuth client credentials) on the identity side: their ids, secrets and when they were last used. */

/** Cognito's app client ids are 26 lower-case letters and digits; ours look the same. */
const CLIENT_ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const CLIENT_ID_LENGTH = 26;
const HASH_PURPOSE = "api-client-secret";

export function newClientId(): string {
  let id = "";
  for (let i = 0; i < CLIENT_ID_LENGTH; i++) id += CLIENT_ID_ALPHABET[randomInt(CLIENT_ID_ALPHABET.length)];
  return id;
}

/** 256 random bits, URL-safe: the secret is shown once and only its keyed hash is stored. */
export function newClientSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Keyed (HMAC) like the reset codes: a leaked table alone does not let anyone test guesses offline.
 * Bound to the client id, so one client's hash is worthless for another.
 */
export function hashClientSecret(key: SigningKey, clientId: string, secret: string): string {
  return key.hmac(HASH_PURPOSE, `${clientId}:${secret}`);
}

/** Constant-time check of a presented secret against the stored hash. */
export function clientSecretMatches(key: SigningKey, clientId: string, secret: string, storedHash: string | null): boolean {
  const presented = Buffer.from(hashClientSecret(key, clientId, secret), "hex");
  // With no stored hash, compare against the presented one's length of zeros so the timing stays alike.
  const stored = storedHash ? Buffer.from(storedHash, "hex") : Buffer.alloc(presented.length);
  return stored.length === presented.length && timingSafeEqual(stored, presented) && storedHash !== null;
}

/** last_used_at is for people reading the API Access page: minute precision spares a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Marks the client as used now, at most once a minute; `lastUsedAt` is what the caller already read. */
export async function touchApiClient(db: Db, client: { id: string; lastUsedAt: Date | null }): Promise<void> {
  const now = new Date();
  if (client.lastUsedAt && now.getTime() - client.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  const staleBefore = new Date(now.getTime() - TOUCH_INTERVAL_MS);
  // The condition again in SQL: of several concurrent first requests only one writes.
  await db
    .update(apiClients)
    .set({ lastUsedAt: now })
    .where(and(eq(apiClients.id, client.id), or(isNull(apiClients.lastUsedAt), lt(apiClients.lastUsedAt, staleBefore))));
}
