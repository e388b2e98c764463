import { eq } from "drizzle-orm";
import { z } from "zod";
import { identityUsers } from "../../db/schema";
import { consumeCode, issueCode } from "../codes";
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
 * same for every address, masked from the input, so it reveals no accounts.
 */
export const resendConfirmationCode: Operation = async (raw, ctx) => {
  const input = parseInput(resendInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const name = normalizeUsername(input.Username);
  const user = await findUserByUsername(ctx.pool.db, name);
  if (user?.status === "UNCONFIRMED") {
    const { code } = await issueCode(ctx.pool.db, ctx.pool.key, user.sub, "confirm_sign_up");
    await ctx.pool.mailer.send(confirmSignUpMail(user.email, code), ctx.log);
  }
  return { CodeDeliveryDetails: { Destination: maskAddress(name), DeliveryMedium: "EMAIL", AttributeName: "email" } };
};
