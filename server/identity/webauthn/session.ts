import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import type { LocalPool } from "../pool";
import { CHALLENGE_SESSION_SECONDS } from "../tokens";

/**
 * The `Session` of a USER_AUTH step: which answer it allows next. SELECT_CHALLENGE names only the username, so
 * that a session for an unknown user reads exactly like one for a user without passkeys; WEB_AUTHN also binds
 * the WebAuthn challenge the assertion must sign. Signed by the pool's key, 3 minutes like Cognito's, and of its
 * own token_use, so it is never taken for another step's session or for an access token.
 */
export type UserAuthStep = { step: "SELECT_CHALLENGE"; username: string } | { step: "WEB_AUTHN"; username: string; challenge: string };

const TOKEN_USE = "user_auth";

export function signUserAuthSession(pool: LocalPool, state: UserAuthStep): Promise<string> {
  return new SignJWT({ token_use: TOKEN_USE, client_id: pool.clientId, ...state })
    .setProtectedHeader({ alg: "RS256", kid: pool.key.kid })
    .setIssuer(pool.issuer)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SESSION_SECONDS}s`)
    .sign(pool.key.privateKey);
}

/** The step the session allows, or null when it is forged, expired or not a USER_AUTH session of this client. */
export async function readUserAuthSession(pool: LocalPool, session: string): Promise<UserAuthStep | null> {
  try {
    const { payload } = await jwtVerify(session, createLocalJWKSet({ keys: [pool.key.publicJwk] }), {
      issuer: pool.issuer,
      algorithms: ["RS256"],
    });
    if (payload.token_use !== TOKEN_USE || payload.client_id !== pool.clientId || typeof payload.username !== "string") return null;
    if (payload.step === "SELECT_CHALLENGE") return { step: "SELECT_CHALLENGE", username: payload.username };
    if (payload.step === "WEB_AUTHN" && typeof payload.challenge === "string") {
      return { step: "WEB_AUTHN", username: payload.username, challenge: payload.challenge };
    }
    return null;
  } catch {
    return null;
  }
}
