import { z } from "zod";
import { CognitoError, notAuthorized } from "../errors";
import type { Operation, OperationContext } from "../pool";
import { findSessionByRefreshToken, findUserBySub, revokeAllSessions, revokeSession, type IdentityUser } from "../store";
import { TokenError, type AccessClaims } from "../verifier";
import { assertClient, clientIdField, parseInput, tokenField } from "./input";

const MESSAGES = {
  expired: "Access Token has expired",
  revoked: "Access Token has been revoked",
  invalid: "Invalid Access Token",
  unavailable: "Invalid Access Token",
} as const;

/** The claims of an access token for operations that take one, with Cognito's messages when it is refused. */
export async function verifiedAccess(ctx: OperationContext, token: string): Promise<AccessClaims> {
  let claims: AccessClaims;
  try {
    claims = await ctx.pool.verifier.verify(token);
  } catch (error) {
    if (error instanceof TokenError) throw notAuthorized(MESSAGES[error.problem]);
    throw error;
  }
  // A machine client's token has no user behind it, as with Cognito's client credentials tokens.
  if (claims.kind !== "user") throw notAuthorized("Access Token does not have required scopes");
  return claims;
}

const accessTokenInput = z.object({ AccessToken: tokenField });

/** GetUser (Amplify's fetchUserAttributes). */
export const getUser: Operation = async (raw, ctx) => {
  const input = parseInput(accessTokenInput, raw);
  const claims = await verifiedAccess(ctx, input.AccessToken);
  const user = await findUserBySub(ctx.pool.db, claims.sub);
  if (!user) throw new CognitoError("UserNotFoundException", "User does not exist.");
  return {
    Username: user.username,
    UserAttributes: [
      { Name: "sub", Value: user.sub },
      { Name: "email", Value: user.email },
      { Name: "email_verified", Value: "true" },
    ],
    ...mfaSettings(user),
  };
};

const MFA_NAMES = { TOTP: "SOFTWARE_TOKEN_MFA", EMAIL: "EMAIL_OTP", SMS: "SMS_MFA" } as const;

/** The factors turned on and the preferred one, as Cognito's GetUser names them (absent when there are none). */
function mfaSettings(user: IdentityUser) {
  const list = [...(user.totpEnabled ? [MFA_NAMES.TOTP] : []), ...(user.emailMfaEnabled ? [MFA_NAMES.EMAIL] : [])];
  return {
    ...(list.length ? { UserMFASettingList: list } : {}),
    ...(user.preferredMfa ? { PreferredMfaSetting: MFA_NAMES[user.preferredMfa] } : {}),
  };
}

/** GlobalSignOut (signOut({ global: true })): every session of the user, on every device. */
export const globalSignOut: Operation = async (raw, ctx) => {
  const input = parseInput(accessTokenInput, raw);
  const claims = await verifiedAccess(ctx, input.AccessToken);
  await revokeAllSessions(ctx.pool.db, claims.sub);
  return {};
};

const revokeInput = z.object({ ClientId: clientIdField, Token: tokenField, ClientSecret: z.string().max(256).optional() });

/**
 * RevokeToken (plain signOut(), since our access tokens carry origin_jti): ends the refresh token's
 * session and with it the access tokens it issued. An unknown token is not an error (RFC 7009).
 */
export const revokeToken: Operation = async (raw, ctx) => {
  const input = parseInput(revokeInput, raw);
  assertClient(ctx.pool, input.ClientId);
  const found = await findSessionByRefreshToken(ctx.pool.db, input.Token);
  if (found && found.session.clientId !== input.ClientId) {
    throw new CognitoError("UnauthorizedException", "The token was not issued to this client.");
  }
  if (found) await revokeSession(ctx.pool.db, found.session.id);
  return {};
};
