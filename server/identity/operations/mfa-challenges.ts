import { z } from "zod";
import { mfaSetupAnswerSchema, mfaTypeAnswerSchema } from "../../../domain/auth/mfa";
import { consumeCode } from "../codes";
import { CognitoError, emailCodeMismatch, invalidParameter, sessionExpired, sessionSpent, smsUnavailable, totpMismatch } from "../errors";
import { EMAIL_CHALLENGE, emailChallenge, factorChallenge, SELECT_CHALLENGE, SETUP_CHALLENGE, TOTP_CHALLENGE } from "../mfa/challenges";
import { assertNotLockedOut, clearMfaFailures, recordMfaFailure } from "../mfa/lockout";
import { isChallengeSessionSpent, spendChallengeSession } from "../mfa/spent-sessions";
import { acceptTotpCode } from "../mfa/totp";
import type { OperationContext } from "../pool";
import { setEmailMfa } from "../mfa/factors";
import { findUserBySub, normalizeUsername, type IdentityUser } from "../store";
import type { ChallengeSession } from "../tokens";
import { parseInput, usernameField } from "./input";
import { secondFactors, signedIn } from "./sign-in-result";

/** What RespondToAuthChallenge hands a challenge's handler: the Session and the answers, as sent. */
export interface ChallengeAnswer {
  Session: string;
  ChallengeResponses: Record<string, string>;
}

type Handler = (input: ChallengeAnswer, ctx: OperationContext) => Promise<object>;

/** Cognito's MFA-type spellings (as Amplify sends them) to the answers the sign-in pages use. */
const TYPE_SPELLINGS: Record<string, string> = { SOFTWARE_TOKEN_MFA: "TOTP", EMAIL_OTP: "EMAIL", SMS_MFA: "SMS", SMS_OTP: "SMS" };
const spelled = (answer: string) => TYPE_SPELLINGS[answer] ?? answer;

/**
 * The live, unspent Session of `challenge` and its user. A Session issued for another challenge, a forged or
 * expired one, or one for another user than USERNAME is refused as expired; an answered one as spent.
 */
export async function openChallenge(ctx: OperationContext, token: string, challenge: string, username?: string) {
  const session = await ctx.pool.tokens.readChallengeSession(token);
  if (!session || session.challenge !== challenge) throw sessionExpired();
  if (username !== undefined && normalizeUsername(username) !== session.username) throw sessionExpired();
  if (await isChallengeSessionSpent(ctx.pool.db, session)) throw sessionSpent();
  const user = await findUserBySub(ctx.pool.db, session.sub);
  if (!user || user.status !== "CONFIRMED") throw sessionExpired();
  return { session, user };
}

const responses = <T extends z.ZodRawShape>(shape: T) => z.object({ ChallengeResponses: z.object({ USERNAME: usernameField, ...shape }) });
const codeField = z.string().trim().max(64);

/** The last step answered: the Session is spent, earlier wrong codes forgiven, and the tokens issued. */
async function complete(ctx: OperationContext, session: ChallengeSession, user: IdentityUser) {
  await spendChallengeSession(ctx.pool.db, session);
  await clearMfaFailures(ctx.pool.db, user.sub);
  return { AuthenticationResult: await signedIn(ctx.pool, user), ChallengeParameters: {} };
}

/** SOFTWARE_TOKEN_MFA: a code from the authenticator app, each time step once. */
const softwareTokenMfa: Handler = async (input, ctx) => {
  const { ChallengeResponses: r } = parseInput(responses({ SOFTWARE_TOKEN_MFA_CODE: codeField }), input);
  const { session, user } = await openChallenge(ctx, input.Session, TOTP_CHALLENGE, r.USERNAME);
  await assertNotLockedOut(ctx.pool.db, user.sub);
  if (!user.totpEnabled || !(await acceptTotpCode(ctx.pool.db, ctx.pool.cipher, user, r.SOFTWARE_TOKEN_MFA_CODE))) {
    await recordMfaFailure(ctx.pool.db, user.sub);
    throw totpMismatch();
  }
  return complete(ctx, session, user);
};

/** EMAIL_OTP: the code mailed for this very Session; when it answers MFA_SETUP, e-mail codes are turned on. */
const emailOtp: Handler = async (input, ctx) => {
  const { ChallengeResponses: r } = parseInput(responses({ EMAIL_OTP_CODE: codeField }), input);
  const { session, user } = await openChallenge(ctx, input.Session, EMAIL_CHALLENGE, r.USERNAME);
  await assertNotLockedOut(ctx.pool.db, user.sub);
  if (!session.codeId) throw sessionExpired();
  try {
    await consumeCode(ctx.pool.db, ctx.pool.key, user.sub, "email_mfa", r.EMAIL_OTP_CODE, { id: session.codeId, mismatch: emailCodeMismatch });
  } catch (error) {
    if (error instanceof CognitoError && error.type === "CodeMismatchException") await recordMfaFailure(ctx.pool.db, user.sub);
    throw error;
  }
  if (session.setup) await setEmailMfa(ctx.pool.db, user.sub, true);
  return complete(ctx, session, user);
};

/** SELECT_MFA_TYPE: the user picks one of their factors; the answer is TOTP or EMAIL, in either spelling. */
const selectMfaType: Handler = async (input, ctx) => {
  const { ChallengeResponses: r } = parseInput(responses({ ANSWER: z.string().trim().max(64) }), input);
  const { session, user } = await openChallenge(ctx, input.Session, SELECT_CHALLENGE, r.USERNAME);
  const answer = mfaTypeAnswerSchema.safeParse(spelled(r.ANSWER));
  if (!answer.success) throw invalidParameter("ANSWER must be TOTP (SOFTWARE_TOKEN_MFA) or EMAIL (EMAIL_OTP).");
  if (answer.data === "SMS") throw smsUnavailable();
  const available = secondFactors(user, session.firstFactor);
  if (!(answer.data === "TOTP" ? available.totp : available.email)) throw invalidParameter("This second factor is not set up for the user.");
  await spendChallengeSession(ctx.pool.db, session);
  return factorChallenge(ctx, user, answer.data, session.firstFactor);
};

/**
 * MFA_SETUP, answered the ways Amplify does: with EMAIL (the address codes should go to: the user's own,
 * then an EMAIL_OTP step proves it), or empty after VerifySoftwareToken accepted a code with this Session.
 * A raw ANSWER is read with the sign-in pages' setup rules.
 */
const mfaSetup: Handler = async (input, ctx) => {
  const { ChallengeResponses: r } = parseInput(responses({ EMAIL: z.string().trim().max(254).optional(), ANSWER: z.string().trim().max(254).optional() }), input);
  const { session, user } = await openChallenge(ctx, input.Session, SETUP_CHALLENGE, r.USERNAME);
  let address = r.EMAIL;
  if (address === undefined && r.ANSWER !== undefined) {
    if (spelled(r.ANSWER) === "SMS") throw smsUnavailable();
    const answer = mfaSetupAnswerSchema.safeParse(spelled(r.ANSWER));
    if (!answer.success) throw invalidParameter("ANSWER must be EMAIL, TOTP, a code from the authenticator app or your e-mail address.");
    if (answer.data === "EMAIL" || answer.data === "TOTP") {
      // The choice itself changes nothing here, as with Amplify: the same Session continues with that one factor.
      const type = answer.data === "EMAIL" ? EMAIL_CHALLENGE : TOTP_CHALLENGE;
      return { ChallengeName: SETUP_CHALLENGE, Session: input.Session, ChallengeParameters: { USER_ID_FOR_SRP: user.username, MFAS_CAN_SETUP: JSON.stringify([type]) } };
    }
    if (!answer.data.includes("@")) throw invalidParameter("Send the authenticator code with VerifySoftwareToken and this Session, then answer MFA_SETUP.");
    address = answer.data;
  }
  if (address !== undefined) {
    if (!mfaSetupAnswerSchema.safeParse(address).success || !address.includes("@")) throw invalidParameter("EMAIL must be an e-mail address.");
    if (session.firstFactor === "EMAIL_OTP") throw invalidParameter("You signed in with an e-mailed code; set up an authenticator app as the second factor.");
    if (normalizeUsername(address) !== normalizeUsername(user.email)) throw invalidParameter("Sign-in codes can only be sent to the address you sign in with.");
    await spendChallengeSession(ctx.pool.db, session);
    return emailChallenge(ctx, user, { firstFactor: session.firstFactor, setup: true });
  }
  if (!session.verified || !user.totpEnabled) {
    throw invalidParameter("Set up the authenticator app first: AssociateSoftwareToken, then VerifySoftwareToken with this Session.");
  }
  return complete(ctx, session, user);
};

const sms: Handler = async () => {
  throw smsUnavailable();
};

/** The second-factor challenges RespondToAuthChallenge answers, by ChallengeName. */
export const MFA_CHALLENGE_HANDLERS: Record<string, Handler> = {
  [TOTP_CHALLENGE]: softwareTokenMfa,
  [EMAIL_CHALLENGE]: emailOtp,
  [SELECT_CHALLENGE]: selectMfaType,
  [SETUP_CHALLENGE]: mfaSetup,
  SMS_MFA: sms,
  SMS_OTP: sms,
};
