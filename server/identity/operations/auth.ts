import { z } from "zod";
import { CognitoError, captchaRequired, invalidParameter, invalidPassword, notAuthorized, sessionExpired, userNotConfirmed } from "../errors";
import { burnPasswordCheck, hashPassword, meetsPasswordPolicy, verifyPassword } from "../passwords";
import type { LocalPool, Operation, OperationContext } from "../pool";
import { captchaRequired as isCaptchaRequired, clearAttempts, recordAttempt } from "../captcha";
import { afterFirstFactor } from "./sign-in-result";
import { MFA_CHALLENGE_HANDLERS } from "./mfa-challenges";
import { findSessionByRefreshToken, findUserBySub, findUserByUsername, normalizeUsername, setPassword } from "../store";
import { assertClient, clientIdField, clientMetadataField, parseInput, passwordField, tokenField, usernameField } from "./input";
import { initiateUserAuth, respondToUserAuthChallenge, USER_AUTH_CHALLENGES } from "./user-auth";

const initiateAuthInput = z.object({
  AuthFlow: z.string().max(64),
  ClientId: clientIdField,
  AuthParameters: z.record(z.string().max(128), z.string().max(8192)).optional(),
  ClientMetadata: clientMetadataField,
});

const NEW_PASSWORD_REQUIRED = "NEW_PASSWORD_REQUIRED";
const passwordParameters = z.object({ USERNAME: usernameField, PASSWORD: passwordField });
const refreshParameters = z.object({ REFRESH_TOKEN: tokenField });

/** InitiateAuth: USER_PASSWORD_AUTH, and the refresh flows older Amplify versions use. */
export const initiateAuth: Operation = async (raw, ctx) => {
  const input = parseInput(initiateAuthInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const parameters = { AuthParameters: input.AuthParameters ?? {} };
  switch (input.AuthFlow) {
    case "USER_PASSWORD_AUTH": {
      const { AuthParameters: p } = parseInput(z.object({ AuthParameters: passwordParameters }), parameters);
      return passwordSignIn(p.USERNAME, p.PASSWORD, input.ClientMetadata?.captcha, ctx);
    }
    case "USER_AUTH":
      return initiateUserAuth(input, ctx, passwordSignIn);
    case "REFRESH_TOKEN_AUTH":
    case "REFRESH_TOKEN": {
      const { AuthParameters: p } = parseInput(z.object({ AuthParameters: refreshParameters }), parameters);
      return { AuthenticationResult: await refresh(ctx.pool, p.REFRESH_TOKEN, input.ClientId), ChallengeParameters: {} };
    }
    default:
      throw invalidParameter("This authentication flow is not enabled for this client; use USER_PASSWORD_AUTH.");
  }
};

async function passwordSignIn(username: string, password: string, captcha: string | undefined, ctx: OperationContext) {
  const { db } = ctx.pool;
  const name = normalizeUsername(username);
  // The captcha is checked before the password, so a script cannot keep guessing without solving one each time.
  if (await isCaptchaRequired(db, "sign_in", name, ctx.ip)) {
    if (!(await ctx.pool.captcha.redeem(db, captcha))) throw captchaRequired();
  }
  const user = await findUserByUsername(db, name);
  const ok = user ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    await recordAttempt(db, "sign_in", name, ctx.ip);
    throw notAuthorized();
  }
  await clearAttempts(db, "sign_in", name);
  // Only after the right password, as Cognito does: the answer does not tell which addresses exist.
  if (user.status === "UNCONFIRMED") throw userNotConfirmed();
  if (user.status === "FORCE_CHANGE_PASSWORD") {
    return {
      ChallengeName: NEW_PASSWORD_REQUIRED,
      Session: await ctx.pool.tokens.challengeSession(user, NEW_PASSWORD_REQUIRED),
      // Amplify takes the username for the next step from USER_ID_FOR_SRP, as Cognito sends it.
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: "[]",
        userAttributes: JSON.stringify({ email: user.email, email_verified: "true" }),
      },
    };
  }
  return afterFirstFactor(user, "PASSWORD", ctx);
}

/** New access and id tokens for a live session; the refresh token itself is not rotated. */
export async function refresh(pool: LocalPool, refreshToken: string, clientId: string) {
  const found = await findSessionByRefreshToken(pool.db, refreshToken);
  if (!found || found.session.clientId !== clientId) throw notAuthorized("Invalid Refresh Token");
  if (found.session.revokedAt) throw notAuthorized("Refresh Token has been revoked");
  if (found.session.expiresAt.getTime() <= Date.now()) throw notAuthorized("Refresh Token has expired");
  return pool.tokens.issue(found.user, found.session);
}

const respondInput = z.object({
  ChallengeName: z.string().max(64),
  ClientId: clientIdField,
  Session: tokenField,
  ChallengeResponses: z.record(z.string().max(128), z.string().max(8192)),
  ClientMetadata: clientMetadataField,
});
const newPasswordResponses = z.object({ USERNAME: usernameField, NEW_PASSWORD: passwordField });

/** RespondToAuthChallenge: NEW_PASSWORD_REQUIRED and the second-factor challenges, with the Session this service issued. */
export const respondToAuthChallenge: Operation = async (raw, ctx) => {
  const input = parseInput(respondInput, raw);
  assertClient(ctx.pool, input.ClientId);
  if (input.ChallengeName === NEW_PASSWORD_REQUIRED) return newPasswordRequired(input, ctx);
  if (USER_AUTH_CHALLENGES.has(input.ChallengeName)) return respondToUserAuthChallenge(input, ctx, passwordSignIn);
  if (Object.hasOwn(MFA_CHALLENGE_HANDLERS, input.ChallengeName)) return MFA_CHALLENGE_HANDLERS[input.ChallengeName](input, ctx);
  throw invalidParameter("This challenge is not supported.");
};

/** NEW_PASSWORD_REQUIRED: the new password is the first factor proven; a second one may follow. */
async function newPasswordRequired(input: z.infer<typeof respondInput>, ctx: OperationContext) {
  const { ChallengeResponses: r } = parseInput(z.object({ ChallengeResponses: newPasswordResponses }), input);
  const session = await ctx.pool.tokens.readChallengeSession(input.Session);
  if (!session || session.challenge !== NEW_PASSWORD_REQUIRED || session.username !== normalizeUsername(r.USERNAME)) throw sessionExpired();
  if (!meetsPasswordPolicy(r.NEW_PASSWORD)) throw invalidPassword();
  const user = await findUserBySub(ctx.pool.db, session.sub);
  // Once the new password is set the status is CONFIRMED, so a replayed Session is refused.
  if (!user || user.status !== "FORCE_CHANGE_PASSWORD") throw sessionExpired();
  await setPassword(ctx.pool.db, user.sub, await hashPassword(r.NEW_PASSWORD), "CONFIRMED");
  return afterFirstFactor({ ...user, status: "CONFIRMED" }, "PASSWORD", ctx);
}

const refreshInput = z.object({
  ClientId: clientIdField,
  RefreshToken: tokenField,
  ClientSecret: z.string().max(256).optional(),
  DeviceKey: z.string().max(256).optional(),
  ClientMetadata: clientMetadataField,
});

/** GetTokensFromRefreshToken: how Amplify ≥ 6.15 refreshes. */
export const getTokensFromRefreshToken: Operation = async (raw, ctx) => {
  const input = parseInput(refreshInput, raw);
  assertClient(ctx.pool, input.ClientId);
  if (input.ClientSecret) throw new CognitoError("NotAuthorizedException", "This client has no secret.");
  return { AuthenticationResult: await refresh(ctx.pool, input.RefreshToken, input.ClientId) };
};
