import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityWebauthnCredentials } from "../../db/schema";

export type StoredPasskey = typeof identityWebauthnCredentials.$inferSelect;

/** A user's passkeys, oldest first (the order Settings lists them in, and a stable one to page through). */
export async function listPasskeys(db: Db, sub: string, page: { offset: number; limit: number } = { offset: 0, limit: 1000 }): Promise<StoredPasskey[]> {
  return db
    .select()
    .from(identityWebauthnCredentials)
    .where(eq(identityWebauthnCredentials.sub, sub))
    .orderBy(asc(identityWebauthnCredentials.createdAt), asc(identityWebauthnCredentials.credentialId))
    .limit(page.limit)
    .offset(page.offset);
}

/** The passkeys a sign-in can use: those bound to the relying party the app is served as now. */
export async function passkeysFor(db: Db, sub: string, relyingPartyId: string): Promise<StoredPasskey[]> {
  return db
    .select()
    .from(identityWebauthnCredentials)
    .where(and(eq(identityWebauthnCredentials.sub, sub), eq(identityWebauthnCredentials.relyingPartyId, relyingPartyId)))
    .orderBy(asc(identityWebauthnCredentials.createdAt), asc(identityWebauthnCredentials.credentialId));
}

/** One of the user's own passkeys; another user's credential id is as unknown as a made-up one. */
export async function findPasskey(db: Db, sub: string, credentialId: string): Promise<StoredPasskey | undefined> {
  const [row] = await db
    .select()
    .from(identityWebauthnCredentials)
    .where(and(eq(identityWebauthnCredentials.sub, sub), eq(identityWebauthnCredentials.credentialId, credentialId)))
    .limit(1);
  return row;
}

/** Stores a new passkey; false when that credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Db,
  values: Pick<StoredPasskey, "credentialId" | "sub" | "publicKey" | "signCount" | "transports" | "friendlyName" | "relyingPartyId">,
): Promise<boolean> {
  const inserted = await db
    .insert(identityWebauthnCredentials)
    .values(values)
    .onConflictDoNothing({ target: identityWebauthnCredentials.credentialId })
    .returning({ id: identityWebauthnCredentials.credentialId });
  return inserted.length === 1;
}

/** Records a sign-in with the passkey: the authenticator's new counter and when it was used. */
export async function recordPasskeyUse(db: Db, sub: string, credentialId: string, signCount: number): Promise<void> {
  await db
    .update(identityWebauthnCredentials)
    .set({ signCount, lastUsedAt: new Date() })
    .where(and(eq(identityWebauthnCredentials.sub, sub), eq(identityWebauthnCredentials.credentialId, credentialId)));
}

/** Deletes one of the user's own passkeys; false when they have none by that id. */
export async function deletePasskey(db: Db, sub: string, credentialId: string): Promise<boolean> {
  const deleted = await db
    .delete(identityWebauthnCredentials)
    .where(and(eq(identityWebauthnCredentials.sub, sub), eq(identityWebauthnCredentials.credentialId, credentialId)))
    .returning({ id: identityWebauthnCredentials.credentialId });
  return deleted.length === 1;
}
