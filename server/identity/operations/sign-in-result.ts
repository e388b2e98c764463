import type { LocalPool, OperationContext } from "../pool";
import { createSession, type IdentityUser } from "../store";
import { EMAIL_CHALLENGE, factorChallenge, selectChallenge, setupChallenge, TOTP_CHALLENGE } from "../mfa/challenges";
import { mfaPolicyFor } from "../mfa/policy";

/** A new session and its tokens. Never NewDeviceMetadata: device tracking is not offered. */
export async function signedIn(pool: LocalPool, user: IdentityUser) {
  const session = await createSession(pool.db, user.sub, pool.clientId);
  const tokens = await pool.tokens.issue(user, session);
  return { ...tokens, RefreshToken: session.refreshToken };
}

/** How a first factor the user has just proven (a password, an e-mail code) ends: the tokens, or the next challenge. */
export type FirstFactor = "PASSWORD" | "EMAIL_OTP" | "WEB_AUTHN";

/** The factors a user can answer a second step with after `factor`: an e-mailed first factor cannot be its own second. */
export function secondFactors(user: IdentityUser, factor: FirstFactor | string | undefined) {
  return { totp: user.totpEnabled, email: user.emailMfaEnabled && factor !== "EMAIL_OTP" };
}

/**
 * What InitiateAuth or RespondToAuthChallenge answers once the first factor is proven: the tokens, or the
 * second-factor step the user and the company's policy call for. A passkey is a factor of its own
 * (possession plus the authenticator's user verification), so it is never asked for a second one.
 */
export async function afterFirstFactor(user: IdentityUser, factor: FirstFactor, ctx: OperationContext): Promise<object> {
  const tokens = async () => ({ AuthenticationResult: await signedIn(ctx.pool, user), ChallengeParameters: {} });
  if (factor === "WEB_AUTHN") return tokens();
  const { policy, required } = await mfaPolicyFor(ctx.pool.db, user.sub);
  // "off": factors the user set up earlier stay stored but are not asked for.
  if (policy === "off") return tokens();
  const { totp, email } = secondFactors(user, factor);
  if (totp && email) {
    if (user.preferredMfa === "TOTP" || user.preferredMfa === "EMAIL") return factorChallenge(ctx, user, user.preferredMfa, factor);
    return selectChallenge(ctx, user, factor);
  }
  if (totp) return factorChallenge(ctx, user, "TOTP", factor);
  if (email) return factorChallenge(ctx, user, "EMAIL", factor);
  if (required) return setupChallenge(ctx, user, factor === "EMAIL_OTP" ? [TOTP_CHALLENGE] : [TOTP_CHALLENGE, EMAIL_CHALLENGE], factor);
  return tokens();
}
