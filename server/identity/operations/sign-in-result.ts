import type { LocalPool, OperationContext } from "../pool";
import { createSession, type IdentityUser } from "../store";
import type { Db } from "../../db/client";
import { EMAIL_CHALLENGE, factorChallenge, selectChallenge, setupChallenge, TOTP_CHALLENGE, type SecondFactorChallenge } from "../mfa/challenges";
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

/** The second step a sign-in needs after its first factor, by the company's policy and the user's own factors. */
export type SecondStep =
  | { kind: "none" }
  | { kind: "factor"; factor: "TOTP" | "EMAIL" }
  | { kind: "select" }
  | { kind: "setup"; types: SecondFactorChallenge[] };

/**
 * The one post-authentication decision, for every first factor: a password, an e-mailed code, a passkey, or a
 * corporate provider's sign-in (which passes FEDERATED). A passkey is a factor of its own (possession plus the
 * authenticator's user verification), so it is never asked for a second one.
 */
export async function secondStepFor(db: Db, user: IdentityUser, factor: FirstFactor | "FEDERATED"): Promise<SecondStep> {
  if (factor === "WEB_AUTHN") return { kind: "none" };
  const { policy, required } = await mfaPolicyFor(db, user.sub);
  // "off": factors the user set up earlier stay stored but are not asked for.
  if (policy === "off") return { kind: "none" };
  const { totp, email } = secondFactors(user, factor);
  if (totp && email) return user.preferredMfa === "TOTP" || user.preferredMfa === "EMAIL" ? { kind: "factor", factor: user.preferredMfa } : { kind: "select" };
  if (totp) return { kind: "factor", factor: "TOTP" };
  if (email) return { kind: "factor", factor: "EMAIL" };
  if (required) return { kind: "setup", types: factor === "EMAIL_OTP" ? [TOTP_CHALLENGE] : [TOTP_CHALLENGE, EMAIL_CHALLENGE] };
  return { kind: "none" };
}

/** What InitiateAuth or RespondToAuthChallenge answers once the first factor is proven: the tokens, or the second-factor step. */
export async function afterFirstFactor(user: IdentityUser, factor: FirstFactor, ctx: OperationContext): Promise<object> {
  const step = await secondStepFor(ctx.pool.db, user, factor);
  switch (step.kind) {
    case "none":
      return { AuthenticationResult: await signedIn(ctx.pool, user), ChallengeParameters: {} };
    case "factor":
      return factorChallenge(ctx, user, step.factor, factor);
    case "select":
      return selectChallenge(ctx, user, factor);
    case "setup":
      return setupChallenge(ctx, user, step.types, factor);
  }
}
