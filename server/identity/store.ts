import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { identitySessions, identityUsers, type IdentityUserStatus } from "../db/schema";
import { newRefreshToken, REFRESH_TOKEN_DAYS } from "./tokens";

export type IdentityUser = typeof identityUsers.$inferSelect;

/** Usernames are e-mail addresses, compared case-insensitively (and without stray spaces). */
export const normalizeUsername = (username: string) => username.trim().toLowerCase();

export async function findUserByUsername(db: Db, username: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.username, normalizeUsername(username))).limit(1);
  return user;
}

export async function findUserBySub(db: Db, sub: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.sub, sub)).limit(1);
  return user;
}

export async function insertUser(db: Db, values: { email: string; passwordHash: string; status: IdentityUserStatus }): Promise<IdentityUser> {
  const email = normalizeUsername(values.email);
  const [user] = await db
    .insert(identityUsers)
    .values({ username: email, email, passwordHash: values.passwordHash, status: values.status })
    .returning();
  return user;
}

export async function setPassword(db: Db, sub: string, passwordHash: string, status: IdentityUserStatus): Promise<void> {
  await db.update(identityUsers).set({ passwordHash, status, passwordChangedAt: new Date() }).where(eq(identityUsers.sub, sub));
}

export async function deleteUser(db: Db, sub: string): Promise<void> {
  await db.delete(identityUsers).where(eq(identityUsers.sub, sub));
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export interface NewSession {
  id: string;
  createdAt: Date;
  refreshToken: string;
}

/** A sign-in: its id becomes the tokens' origin_jti; the refresh token is returned once and stored hashed. */
export async function createSession(db: Db, sub: string, clientId: string): Promise<NewSession> {
  const refreshToken = newRefreshToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000);
  const [row] = await db
    .insert(identitySessions)
    .values({ sub, clientId, refreshTokenHash: sha256(refreshToken), expiresAt })
    .returning({ id: identitySessions.id, createdAt: identitySessions.createdAt });
  return { ...row, refreshToken };
}

export async function findSessionByRefreshToken(db: Db, refreshToken: string) {
  const [row] = await db
    .select({ session: identitySessions, user: identityUsers })
    .from(identitySessions)
    .innerJoin(identityUsers, eq(identityUsers.sub, identitySessions.sub))
    .where(eq(identitySessions.refreshTokenHash, sha256(refreshToken)))
    .limit(1);
  return row;
}

export async function isSessionActive(db: Db, id: string): Promise<boolean> {
  // A malformed origin_jti would make PostgreSQL reject the uuid comparison: treat it as no session.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const [row] = await db
    .select({ id: identitySessions.id })
    .from(identitySessions)
    .where(and(eq(identitySessions.id, id), isNull(identitySessions.revokedAt), gt(identitySessions.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db.update(identitySessions).set({ revokedAt: new Date() }).where(and(eq(identitySessions.id, id), isNull(identitySessions.revokedAt)));
}

/** GlobalSignOut, password resets and admin sign-outs: every token of the user stops working. */
export async function revokeAllSessions(db: Db, sub: string): Promise<void> {
  await db.update(identitySessions).set({ revokedAt: new Date() }).where(and(eq(identitySessions.sub, sub), isNull(identitySessions.revokedAt)));
}
