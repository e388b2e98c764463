import { eq } from "drizzle-orm";
import { z } from "zod";
import { identityUsers } from "../../db/schema";
import { captchaRequired as isCaptchaRequired, recordAttempt } from "../captcha";
import { consumeCode, issueCode } from "../codes";
import { captchaRequired } from "../errors";
import { maskAddress } from "../mailer";
import { confirmSignUpMail } from "../mfa/mail";
import type { Operation } from "../pool";
import { findUserByUsername, normalizeUsername } from "../store";
import { assertClient, clientIdField, clientMetadataField, parseInput, usernameField } from "./input";

const confirmInput = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ConfirmationCode: z.string().trim().min(1).max(64),
  ClientMetadata: clientMetadataField,
  ForceAliasCreation: z.boolean().optional(),
});

/**
 * ConfirmSignUp: the e-mailed code confirms an UNCONFIRMED user. An unknown or already confirmed user gets the
 * same CodeMismatch as a wrong code, so the answer reveals no accounts.
 */
export const confirmSignUp: Operation = async (raw, ctx) => {
  const input = parseInput(confirmInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const user = await findUserByUsername(ctx.pool.db, input.Username);
  const sub = user?.status === "UNCONFIRMED" ? user.sub : undefined;
  await consumeCode(ctx.pool.db, ctx.pool.key, sub, "confirm_sign_up", input.ConfirmationCode);
  await ctx.pool.db.update(identityUsers).set({ status: "CONFIRMED" }).where(eq(identityUsers.sub, sub!));
  return {};
};

const resendInput = z.object({ ClientId: clientIdField, Username: usernameField, ClientMetadata: clientMetadataField });

/**
 * ResendConfirmationCode: a new code for an UNCONFIRMED user (the earlier one stops working). The answer is the
 * same for every address, masked from the input, so it reveals no accounts. Requests count with password-reset
 * requests, so a script cannot flood an inbox without solving a captcha each time.
 */
export const resendConfirmationCode: Operation = async (raw, ctx) => {
  const input = parseInput(resendInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const { db } = ctx.pool;
  const name = normalizeUsername(input.Username);
  if (await isCaptchaRequired(db, "reset", name, ctx.ip)) {
    if (!(await ctx.pool.captcha.redeem(db, input.ClientMetadata?.captcha))) throw captchaRequired();
  }
  await recordAttempt(db, "reset", name, ctx.ip);
  const user = await findUserByUsername(db, name);
  if (user?.status === "UNCONFIRMED") {
    const { code } = await issueCode(db, ctx.pool.key, user.sub, "confirm_sign_up");
    await ctx.pool.mailer.send(confirmSignUpMail(user.email, code), ctx.log);
  }
  return { CodeDeliveryDetails: { Destination: maskAddress(name), DeliveryMedium: "EMAIL", AttributeName: "email" } };
};
