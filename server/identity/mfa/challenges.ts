import { issueCode } from "../codes";
import { maskAddress } from "../mailer";
import type { OperationContext } from "../pool";
import type { IdentityUser } from "../store";
import type { ChallengeClaims } from "../tokens";
import { emailMfaCodeMail } from "./mail";

/** The second-factor challenges, as Cognito names them in ChallengeName and MFAS_CAN_CHOOSE / MFAS_CAN_SETUP. */
export const TOTP_CHALLENGE = "SOFTWARE_TOKEN_MFA";
export const EMAIL_CHALLENGE = "EMAIL_OTP";
export const SELECT_CHALLENGE = "SELECT_MFA_TYPE";
export const SETUP_CHALLENGE = "MFA_SETUP";
export type SecondFactorChallenge = typeof TOTP_CHALLENGE | typeof EMAIL_CHALLENGE;

/** Amplify takes the username for the next step from USER_ID_FOR_SRP, as Cognito sends it. */
const parameters = (user: IdentityUser, extra: Record<string, string> = {}) => ({ USER_ID_FOR_SRP: user.username, ...extra });

async function challenge(ctx: OperationContext, user: IdentityUser, name: string, claims: ChallengeClaims, extra?: Record<string, string>) {
  return { ChallengeName: name, Session: await ctx.pool.tokens.challengeSession(user, name, claims), ChallengeParameters: parameters(user, extra) };
}

export function totpChallenge(ctx: OperationContext, user: IdentityUser, firstFactor?: string) {
  return challenge(ctx, user, TOTP_CHALLENGE, { firstFactor });
}

/**
 * Mails a fresh code and asks for it; the Session names that code, so only it answers this step. `setup`:
 * the answer to MFA_SETUP, where a right code also turns e-mail codes on.
 */
export async function emailChallenge(ctx: OperationContext, user: IdentityUser, options: { firstFactor?: string; setup?: boolean } = {}) {
  const { id, code } = await issueCode(ctx.pool.db, ctx.pool.key, user.sub, "email_mfa");
  await ctx.pool.mailer.send(emailMfaCodeMail(user.email, code), ctx.log);
  return challenge(
    ctx,
    user,
    EMAIL_CHALLENGE,
    { firstFactor: options.firstFactor, codeId: id, ...(options.setup ? { setup: true } : {}) },
    { CODE_DELIVERY_DELIVERY_MEDIUM: "EMAIL", CODE_DELIVERY_DESTINATION: maskAddress(user.email) },
  );
}

export function selectChallenge(ctx: OperationContext, user: IdentityUser, firstFactor?: string) {
  return challenge(ctx, user, SELECT_CHALLENGE, { firstFactor }, { MFAS_CAN_CHOOSE: JSON.stringify([TOTP_CHALLENGE, EMAIL_CHALLENGE]) });
}

export function setupChallenge(ctx: OperationContext, user: IdentityUser, types: SecondFactorChallenge[], firstFactor?: string) {
  return challenge(ctx, user, SETUP_CHALLENGE, { firstFactor }, { MFAS_CAN_SETUP: JSON.stringify(types) });
}

/** The challenge for a factor the user has chosen or prefers. */
export function factorChallenge(ctx: OperationContext, user: IdentityUser, factor: "TOTP" | "EMAIL", firstFactor?: string) {
  return factor === "TOTP" ? totpChallenge(ctx, user, firstFactor) : emailChallenge(ctx, user, { firstFactor });
}
