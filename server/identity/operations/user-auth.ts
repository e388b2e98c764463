import { z } from "zod";
import { invalidParameter, notAuthorized } from "../errors";
import type { OperationContext } from "../pool";
import { findUserByUsername, normalizeUsername, type IdentityUser } from "../store";
import { authenticationOptions, verifyAssertion } from "../webauthn/ceremonies";
import { passkeysFor, recordPasskeyUse } from "../webauthn/credentials";
import { relyingParty } from "../webauthn/relying-party";
import { readUserAuthSession, signUserAuthSession } from "../webauthn/session";
import { parseInput, passwordField, usernameField } from "./input";
import { afterFirstFactor } from "./sign-in-result";

/**
 * Choice-based sign-in (USER_AUTH): the user picks a first factor, a password or a passkey. E-mail codes as a
 * first factor and SRP are not offered. Whether WEB_AUTHN is offered depends on the user having a passkey; an
 * unknown username is answered exactly like a known one without passkeys, so the answer reveals no accounts.
 */

type ClientMetadata = Record<string, string> | undefined;
const NO_ONE = "00000000-0000-0000-0000-000000000000";

/**
 * USER_PASSWORD_AUTH's password check (captcha and attempt counting included), handed in by InitiateAuth so the
 * password answer here follows exactly the same rules.
 */
export type PasswordSignIn = (username: string, password: string, captcha: string | undefined, ctx: OperationContext) => Promise<object>;

const userAuthParameters = z.object({
  USERNAME: usernameField,
  PREFERRED_CHALLENGE: z.string().max(32).optional(),
  PASSWORD: passwordField.optional(),
});

/** InitiateAuth with AuthFlow USER_AUTH. */
export async function initiateUserAuth(
  input: { AuthParameters?: Record<string, string>; ClientMetadata?: ClientMetadata },
  ctx: OperationContext,
  passwordSignIn: PasswordSignIn,
) {
  const { AuthParameters: p } = parseInput(z.object({ AuthParameters: userAuthParameters }), { AuthParameters: input.AuthParameters ?? {} });
  if (p.PREFERRED_CHALLENGE === "PASSWORD" && p.PASSWORD !== undefined) {
    return passwordSignIn(p.USERNAME, p.PASSWORD, input.ClientMetadata?.captcha, ctx);
  }
  const username = normalizeUsername(p.USERNAME);
  const user = await findUserByUsername(ctx.pool.db, username);
  // An unknown user is looked up alike (a sub no one has), so the answer takes as long as for a known one.
  const passkeys = await passkeysFor(ctx.pool.db, user?.sub ?? NO_ONE, relyingParty(ctx.pool).id);
  if (user && passkeys.length > 0 && p.PREFERRED_CHALLENGE === "WEB_AUTHN") return webAuthnChallenge(user, ctx);
  // No preference, or one this user cannot answer: let them choose among what they can.
  return {
    ChallengeName: "SELECT_CHALLENGE",
    Session: await signUserAuthSession(ctx.pool, { step: "SELECT_CHALLENGE", username }),
    ChallengeParameters: {},
    AvailableChallenges: passkeys.length > 0 ? ["PASSWORD", "WEB_AUTHN"] : ["PASSWORD"],
  };
}

/** Passkeys made for another address the app was once served at cannot sign in here, so they are not offered. */
const usablePasskeys = (user: IdentityUser, ctx: OperationContext) => passkeysFor(ctx.pool.db, user.sub, relyingParty(ctx.pool).id);

/** The WEB_AUTHN step: request options for the user's passkeys, the challenge bound to the new Session. */
async function webAuthnChallenge(user: IdentityUser, ctx: OperationContext) {
  const passkeys = await usablePasskeys(user, ctx);
  if (passkeys.length === 0) throw unavailable();
  const options = await authenticationOptions(ctx.pool, user, passkeys);
  return {
    ChallengeName: "WEB_AUTHN",
    Session: await signUserAuthSession(ctx.pool, { step: "WEB_AUTHN", username: user.username, challenge: options.challenge }),
    ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) },
  };
}

const unavailable = () => invalidParameter("The selected challenge is not available for this user.");
const expired = () => notAuthorized("Invalid session for the user, session is expired.");

const selectResponses = z.object({ USERNAME: usernameField, ANSWER: z.string().max(32), PASSWORD: passwordField.optional() });
const webAuthnResponses = z.object({ USERNAME: usernameField, CREDENTIAL: z.string().min(1).max(8192) });

/** The challenges of USER_AUTH that RespondToAuthChallenge hands over here. */
export const USER_AUTH_CHALLENGES: ReadonlySet<string> = new Set(["SELECT_CHALLENGE", "WEB_AUTHN"]);

/** RespondToAuthChallenge for SELECT_CHALLENGE (the chosen factor) and WEB_AUTHN (the passkey's assertion). */
export async function respondToUserAuthChallenge(
  input: { ChallengeName: string; Session: string; ChallengeResponses: Record<string, string>; ClientMetadata?: ClientMetadata },
  ctx: OperationContext,
  passwordSignIn: PasswordSignIn,
): Promise<object> {
  const state = await readUserAuthSession(ctx.pool, input.Session);
  if (!state || state.step !== input.ChallengeName) throw expired();

  if (state.step === "SELECT_CHALLENGE") {
    const { ChallengeResponses: r } = parseInput(z.object({ ChallengeResponses: selectResponses }), input);
    if (normalizeUsername(r.USERNAME) !== state.username) throw expired();
    if (r.ANSWER === "PASSWORD") {
      if (r.PASSWORD === undefined) throw invalidParameter("Missing required parameter ChallengeResponses.PASSWORD");
      return passwordSignIn(state.username, r.PASSWORD, input.ClientMetadata?.captcha, ctx);
    }
    if (r.ANSWER !== "WEB_AUTHN") throw unavailable();
    const user = await findUserByUsername(ctx.pool.db, state.username);
    if (!user) throw unavailable();
    return webAuthnChallenge(user, ctx);
  }

  const { ChallengeResponses: r } = parseInput(z.object({ ChallengeResponses: webAuthnResponses }), input);
  if (normalizeUsername(r.USERNAME) !== state.username) throw expired();
  const user = await findUserByUsername(ctx.pool.db, state.username);
  if (!user) throw expired();
  const used = await verifyAssertion(ctx.pool, user, state.challenge, r.CREDENTIAL);
  await recordPasskeyUse(ctx.pool.db, user.sub, used.credentialId, used.signCount);
  return afterFirstFactor(user, "WEB_AUTHN", ctx);
}

