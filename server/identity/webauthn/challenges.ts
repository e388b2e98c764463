import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityWebauthnChallenges } from "../../db/schema";

export type ChallengePurpose = "register" | "authenticate";

/** A registration may take the user a while (finding a security key); Cognito gives it five minutes too. */
export const REGISTRATION_CHALLENGE_MS = 5 * 60_000;

/** Remembers a challenge handed to the user's authenticator until its first answer or until it lapses. */
export async function saveChallenge(db: Db, challenge: string, sub: string, purpose: ChallengePurpose, lifetimeMs: number): Promise<void> {
  // Lapsed challenges are of no use to anyone; dropping them here keeps the table small without a sweeper.
  await db.delete(identityWebauthnChallenges).where(lt(identityWebauthnChallenges.expiresAt, new Date()));
  await db.insert(identityWebauthnChallenges).values({ challenge, sub, purpose, expiresAt: new Date(Date.now() + lifetimeMs) });
}

/**
 * Spends a challenge: true only for the first answer, from the user it was issued to, for its purpose and in
 * time. Deleting before the ceremony is verified means a failed or replayed answer can never be retried.
 */
export async function spendChallenge(db: Db, challenge: string, sub: string, purpose: ChallengePurpose): Promise<boolean> {
  const spent = await db
    .delete(identityWebauthnChallenges)
    .where(
      and(
        eq(identityWebauthnChallenges.challenge, challenge),
        eq(identityWebauthnChallenges.sub, sub),
        eq(identityWebauthnChallenges.purpose, purpose),
        gt(identityWebauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: identityWebauthnChallenges.challenge });
  return spent.length === 1;
}
