import { z } from "zod";
import { captchaRequired, invalidPassword, notAuthorized } from "../errors";
import { captchaRequired as isCaptchaRequired, clearAttempts, recordAttempt } from "../captcha";
import { consumeResetCode, issueResetCode } from "../codes";
import { maskAddress, resetCodeMail } from "../mailer";
import { hashPassword, meetsPasswordPolicy, verifyPassword } from "../passwords";
import type { Operation } from "../pool";
import { findUserBySub, findUserByUsername, normalizeUsername, revokeAllSessions, setPassword } from "../store";
import { assertClient, clientIdField, clientMetadataField, parseInput, passwordField, tokenField, usernameField } from "./input";
import { verifiedAccess } from "./session";

const forgotInput = z.object({ ClientId: clientIdField, Username: usernameField, ClientMetadata: clientMetadataField });

/**
 * ForgotPassword: mails a 6-digit code when the user exists, and answers exactly the same either
 * way (the destination is masked from the input, not from the account), so it reveals no accounts.
 */
export const forgotPassword: Operation = async (raw, ctx) => {
  const input = parseInput(forgotInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const { db } = ctx.pool;
  const name = normalizeUsername(input.Username);
  if (await isCaptchaRequired(db, "reset", name, ctx.ip)) {
    if (!(await ctx.pool.captcha.redeem(db, input.ClientMetadata?.captcha))) throw captchaRequired();
  }
  await recordAttempt(db, "reset", name, ctx.ip);
  const user = await findUserByUsername(db, name);
  if (user) {
    const code = await issueResetCode(db, ctx.pool.key, user.sub);
    await ctx.pool.mailer.send(resetCodeMail(user.email, code), ctx.log);
  }
  return { CodeDeliveryDetails: { Destination: maskAddress(name), DeliveryMedium: "EMAIL", AttributeName: "email" } };
};

const confirmInput = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ConfirmationCode: z.string().trim().min(1).max(64),
  Password: passwordField,
  ClientMetadata: clientMetadataField,
});

/** ConfirmForgotPassword: the code is spent, the password set, and every existing session ended. */
export const confirmForgotPassword: Operation = async (raw, ctx) => {
  const input = parseInput(confirmInput, raw);
  assertClient(ctx.pool, input.ClientId);
  if (!meetsPasswordPolicy(input.Password)) throw invalidPassword();
  const { db } = ctx.pool;
  const name = normalizeUsername(input.Username);
  const user = await findUserByUsername(db, name);
  await consumeResetCode(db, ctx.pool.key, user?.sub, input.ConfirmationCode);
  await setPassword(db, user!.sub, await hashPassword(input.Password), "CONFIRMED");
  await revokeAllSessions(db, user!.sub);
  await clearAttempts(db, "sign_in", name);
  ctx.log.info(`password reset completed for ${maskAddress(name)}`);
  return {};
};

const changeInput = z.object({ AccessToken: tokenField, PreviousPassword: passwordField, ProposedPassword: passwordField });

/** ChangePassword (Amplify's updatePassword): needs the current password as well as a valid access token. */
export const changePassword: Operation = async (raw, ctx) => {
  const input = parseInput(changeInput, raw);
  const claims = await verifiedAccess(ctx, input.AccessToken);
  const user = await findUserBySub(ctx.pool.db, claims.sub);
  if (!user) throw notAuthorized("Invalid Access Token");
  if (!meetsPasswordPolicy(input.ProposedPassword)) throw invalidPassword();
  if (!(await verifyPassword(input.PreviousPassword, user.passwordHash))) throw notAuthorized();
  await setPassword(ctx.pool.db, user.sub, await hashPassword(input.ProposedPassword), "CONFIRMED");
  return {};
};
