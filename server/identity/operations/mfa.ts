import { z } from "zod";
import { CognitoError, enableTotpMismatch, invalidParameter, notAuthorized, smsUnavailable } from "../errors";
import { SETUP_CHALLENGE } from "../mfa/challenges";
import { disableTotp, enableTotp, setEmailMfa, setPreferredMfa, storePendingTotp } from "../mfa/factors";
import { mfaPolicyFor } from "../mfa/policy";
import { spendChallengeSession } from "../mfa/spent-sessions";
import { matchingSteps, newTotpSecret, openTotpSecret, sealTotpSecret } from "../mfa/totp";
import type { Operation, OperationContext } from "../pool";
import { findUserBySub, type IdentityUser } from "../store";
import type { ChallengeSession } from "../tokens";
import { parseInput, tokenField } from "./input";
import { openChallenge } from "./mfa-challenges";
import { verifiedAccess } from "./session";

const policyOff = () => invalidParameter("Your company has turned multi-factor authentication off, so no second factor can be set up.");

/** The caller of a factor operation: a signed-in user (AccessToken, from Settings) or one in MFA_SETUP (Session). */
type Caller = { user: IdentityUser; session?: ChallengeSession };

async function caller(ctx: OperationContext, input: { AccessToken?: string; Session?: string }): Promise<Caller> {
  if (Boolean(input.AccessToken) === Boolean(input.Session)) throw invalidParameter("Pass either AccessToken or Session.");
  if (input.Session) return openChallenge(ctx, input.Session, SETUP_CHALLENGE);
  const claims = await verifiedAccess(ctx, input.AccessToken!);
  const user = await findUserBySub(ctx.pool.db, claims.sub);
  if (!user) throw notAuthorized("Invalid Access Token");
  return { user };
}

/** The next MFA_SETUP Session: the one answered is spent, so each step's Session works once. */
async function nextSetupSession(ctx: OperationContext, user: IdentityUser, session: ChallengeSession, verified: boolean) {
  await spendChallengeSession(ctx.pool.db, session);
  return ctx.pool.tokens.challengeSession(user, SETUP_CHALLENGE, { firstFactor: session.firstFactor, ...(verified ? { verified } : {}) });
}

const associateInput = z.object({ AccessToken: tokenField.optional(), Session: tokenField.optional() });

/** AssociateSoftwareToken: a new authenticator secret (base32, 160 bits), stored sealed and off until verified. */
export const associateSoftwareToken: Operation = async (raw, ctx) => {
  const input = parseInput(associateInput, raw);
  const { user, session } = await caller(ctx, input);
  if (!session && (await mfaPolicyFor(ctx.pool.db, user.sub)).policy === "off") throw policyOff();
  // Replacing a working authenticator would quietly drop the factor; turning it off first goes through the policy.
  if (user.totpEnabled) throw invalidParameter("An authenticator app is already set up; turn it off before setting up another.");
  const secret = newTotpSecret();
  await storePendingTotp(ctx.pool.db, user.sub, sealTotpSecret(ctx.pool.cipher, user.sub, secret));
  return { SecretCode: secret, ...(session ? { Session: await nextSetupSession(ctx, user, session, false) } : {}) };
};

const verifyInput = z.object({
  AccessToken: tokenField.optional(),
  Session: tokenField.optional(),
  UserCode: z.string().trim().min(1).max(64),
  FriendlyDeviceName: z.string().max(256).optional(),
});

/** VerifySoftwareToken: a code from the new secret turns the authenticator on (that code's step is spent). */
export const verifySoftwareToken: Operation = async (raw, ctx) => {
  const input = parseInput(verifyInput, raw);
  const { user, session } = await caller(ctx, input);
  if (!session && (await mfaPolicyFor(ctx.pool.db, user.sub)).policy === "off") throw policyOff();
  const secret = openTotpSecret(ctx.pool.cipher, user);
  if (!secret) throw new CognitoError("SoftwareTokenMFANotFoundException", "Software token MFA has not been associated with this user.");
  const step = matchingSteps(secret, input.UserCode).find((s) => user.totpLastStep === null || s > user.totpLastStep);
  if (step === undefined || !(await enableTotp(ctx.pool.db, user.sub, step))) throw enableTotpMismatch();
  return { Status: "SUCCESS", ...(session ? { Session: await nextSetupSession(ctx, user, session, true) } : {}) };
};

const factorSettings = z.object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() }).optional();
const preferenceInput = z.object({
  AccessToken: tokenField,
  SoftwareTokenMfaSettings: factorSettings,
  EmailMfaSettings: factorSettings,
  SMSMfaSettings: factorSettings,
  WebAuthnConfiguration: z.unknown().optional(),
});

/**
 * SetUserMFAPreference (Amplify's updateMFAPreference): turns factors on or off and sets the preferred one,
 * within the company policy — none can be turned on when it is off, and the last one cannot be turned off
 * when it requires one.
 */
export const setUserMFAPreference: Operation = async (raw, ctx) => {
  const input = parseInput(preferenceInput, raw);
  const claims = await verifiedAccess(ctx, input.AccessToken);
  const user = await findUserBySub(ctx.pool.db, claims.sub);
  if (!user) throw notAuthorized("Invalid Access Token");
  const { SoftwareTokenMfaSettings: totp, EmailMfaSettings: email, SMSMfaSettings: sms } = input;
  if (sms?.Enabled || sms?.PreferredMfa) throw smsUnavailable();
  if (totp?.PreferredMfa && email?.PreferredMfa) throw invalidParameter("Only one second factor can be preferred.");
  const enables = (s: typeof totp) => Boolean(s?.Enabled || s?.PreferredMfa);
  const { policy, required } = await mfaPolicyFor(ctx.pool.db, user.sub);
  if (policy === "off" && (enables(totp) || enables(email))) throw policyOff();
  if (enables(totp) && !user.totpEnabled) {
    throw invalidParameter("Set up the authenticator app (AssociateSoftwareToken, then VerifySoftwareToken) before turning it on.");
  }
  const totpOn = totp?.Enabled === false ? false : user.totpEnabled;
  const emailOn = email?.Enabled === false ? false : enables(email) || user.emailMfaEnabled;
  if (required && !totpOn && !emailOn) {
    throw invalidParameter("Your company requires a second factor: keep an authenticator app or e-mail codes turned on.");
  }
  if (totp?.Enabled === false && user.totpEnabled) await disableTotp(ctx.pool.db, user.sub);
  if (emailOn !== user.emailMfaEnabled) await setEmailMfa(ctx.pool.db, user.sub, emailOn);
  let preferred = totp?.Enabled === false && user.preferredMfa === "TOTP" ? null : email?.Enabled === false && user.preferredMfa === "EMAIL" ? null : user.preferredMfa;
  if (totp?.PreferredMfa === false && preferred === "TOTP") preferred = null;
  if (email?.PreferredMfa === false && preferred === "EMAIL") preferred = null;
  if (totp?.PreferredMfa && totpOn) preferred = "TOTP";
  if (email?.PreferredMfa && emailOn) preferred = "EMAIL";
  if (preferred !== user.preferredMfa) await setPreferredMfa(ctx.pool.db, user.sub, preferred);
  return {};
};
