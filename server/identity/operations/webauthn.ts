import { z } from "zod";
import { CognitoError, invalidParameter } from "../errors";
import type { Operation, OperationContext } from "../pool";
import { findUserBySub, type IdentityUser } from "../store";
import { passkeyName } from "../webauthn/aaguids";
import { registrationOptions, verifyRegistration } from "../webauthn/ceremonies";
import { deletePasskey, insertPasskey, listPasskeys } from "../webauthn/credentials";
import { parseInput, tokenField } from "./input";
import { verifiedAccess } from "./session";

/** Enough for every device a person signs in from; also bounds what one account can store. */
export const MAX_PASSKEYS_PER_USER = 20;

async function caller(ctx: OperationContext, accessToken: string): Promise<IdentityUser> {
  const claims = await verifiedAccess(ctx, accessToken);
  const user = await findUserBySub(ctx.pool.db, claims.sub);
  if (!user) throw new CognitoError("UserNotFoundException", "User does not exist.");
  return user;
}

const startInput = z.object({ AccessToken: tokenField });

/** StartWebAuthnRegistration (Amplify's associateWebAuthnCredential, first half): the creation options. */
export const startWebAuthnRegistration: Operation = async (raw, ctx) => {
  const input = parseInput(startInput, raw);
  const user = await caller(ctx, input.AccessToken);
  const existing = await listPasskeys(ctx.pool.db, user.sub);
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw new CognitoError("LimitExceededException", `A user can have at most ${MAX_PASSKEYS_PER_USER} passkeys; delete one first.`);
  }
  return { CredentialCreationOptions: await registrationOptions(ctx.pool, user, existing) };
};

const completeInput = z.object({ AccessToken: tokenField, Credential: z.record(z.string(), z.unknown()) });

/** CompleteWebAuthnRegistration (second half): verifies the new passkey and keeps it under its provider's name. */
export const completeWebAuthnRegistration: Operation = async (raw, ctx) => {
  const input = parseInput(completeInput, raw);
  const user = await caller(ctx, input.AccessToken);
  const passkey = await verifyRegistration(ctx.pool, user, input.Credential);
  const stored = await insertPasskey(ctx.pool.db, {
    credentialId: passkey.credentialId,
    sub: user.sub,
    publicKey: passkey.publicKey,
    signCount: passkey.signCount,
    transports: passkey.transports,
    friendlyName: passkeyName(passkey.aaguid),
    relyingPartyId: passkey.relyingPartyId,
  });
  // The authenticator normally refuses this itself (excludeCredentials); one that does not is refused here.
  if (!stored) throw invalidParameter("This passkey is already registered.");
  return {};
};

const listInput = z.object({
  AccessToken: tokenField,
  MaxResults: z.number().int().min(1).max(20).optional(),
  NextToken: z.string().max(64).optional(),
});

/** Where the next page starts; opaque to the caller, and only ever read inside the caller's own passkeys. */
const encodeNextToken = (offset: number) => Buffer.from(`passkeys:${offset}`).toString("base64url");
function decodeNextToken(token: string): number {
  const match = /^passkeys:(\d{1,6})$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) throw invalidParameter("Invalid value for parameter NextToken");
  return Number(match[1]);
}

/** ListWebAuthnCredentials: the caller's passkeys, 20 a page as Cognito's default; CreatedAt in epoch seconds. */
export const listWebAuthnCredentials: Operation = async (raw, ctx) => {
  const input = parseInput(listInput, raw);
  const user = await caller(ctx, input.AccessToken);
  const offset = input.NextToken ? decodeNextToken(input.NextToken) : 0;
  const limit = input.MaxResults ?? 20;
  const rows = await listPasskeys(ctx.pool.db, user.sub, { offset, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    Credentials: page.map((c) => ({
      CredentialId: c.credentialId,
      FriendlyCredentialName: c.friendlyName,
      RelyingPartyId: c.relyingPartyId,
      AuthenticatorTransports: c.transports,
      CreatedAt: Math.floor(c.createdAt.getTime() / 1000),
    })),
    ...(rows.length > limit ? { NextToken: encodeNextToken(offset + limit) } : {}),
  };
};

const deleteInput = z.object({ AccessToken: tokenField, CredentialId: z.string().min(1).max(1366) });

/** DeleteWebAuthnCredential: one of the caller's own passkeys; anyone else's is as unknown as a made-up id. */
export const deleteWebAuthnCredential: Operation = async (raw, ctx) => {
  const input = parseInput(deleteInput, raw);
  const user = await caller(ctx, input.AccessToken);
  if (!(await deletePasskey(ctx.pool.db, user.sub, input.CredentialId))) {
    throw new CognitoError("ResourceNotFoundException", "Credential not found.");
  }
  return {};
};
