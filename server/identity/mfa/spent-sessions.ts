import { eq } from "drizzle-orm";
import { identityCaptchaUsed } from "../../db/schema";
import type { Db } from "../../db/client";
import { sessionExpired, sessionSpent } from "../errors";
import type { ChallengeSession } from "../tokens";

/**
 * Marks a challenge Session as answered; false when it already was. The spent-once register of captcha
 * solutions keeps them (its rows lapse after a day, far beyond a Session's 3 minutes); the prefix keeps the
 * two kinds apart.
 */
async function spend(db: Db, jti: string): Promise<boolean> {
  const inserted = await db
    .insert(identityCaptchaUsed)
    .values({ signature: `challenge-session:${jti}` })
    .onConflictDoNothing()
    .returning({ signature: identityCaptchaUsed.signature });
  return inserted.length === 1;
}

/** Spends the Session of a step that has just been answered correctly; a replayed one is refused. */
export async function spendChallengeSession(db: Db, session: ChallengeSession): Promise<void> {
  if (!session.jti) throw sessionExpired();
  if (!(await spend(db, session.jti))) throw sessionSpent();
}

/** Whether the Session was already answered (checked before a code is, so a spent Session costs no code). */
export async function isChallengeSessionSpent(db: Db, session: ChallengeSession): Promise<boolean> {
  if (!session.jti) return true;
  const [row] = await db
    .select({ signature: identityCaptchaUsed.signature })
    .from(identityCaptchaUsed)
    .where(eq(identityCaptchaUsed.signature, `challenge-session:${session.jti}`))
    .limit(1);
  return Boolean(row);
}
