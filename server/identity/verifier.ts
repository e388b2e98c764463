import { createLocalJWKSet, createRemoteJWKSet, customFetch, errors, jwtVerify, type FetchImplementation, type JWK, type JWTVerifyGetKey } from "jose";
import type { Db } from "../db/client";
import { isSessionActive } from "./store";

/**
 * The claims the API relies on from a verified Cognito-style access token. `user`: a person signed
 * in through our app client. `api_client`: a client_credentials token of another client of the pool,
 * where sub = client_id; the caller must still find that client in api_clients (and not revoked).
 */
export interface AccessClaims {
  kind: "user" | "api_client";
  sub: string;
  username: string | undefined;
  client_id: string;
  origin_jti: string | undefined;
  exp: number;
}

/** Why a token was refused; `unavailable` means we could not check it (JWKS down), not that it is bad. */
export type TokenProblem = "invalid" | "expired" | "revoked" | "unavailable";

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem);
  }
}

export interface AccessTokenVerifier {
  /** The claims of a valid, unrevoked access token (of our app client, or a machine client's); throws TokenError otherwise. */
  verify(token: string): Promise<AccessClaims>;
}

interface VerifierOptions {
  issuer: string;
  clientId: string;
  keys: JWTVerifyGetKey;
  /** Local pool only: sessions ended by GlobalSignOut / RevokeToken refuse their tokens at once. */
  sessionActive?: (originJti: string) => Promise<boolean>;
}

function createVerifier(options: VerifierOptions): AccessTokenVerifier {
  return {
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, options.keys, { issuer: options.issuer, algorithms: ["RS256"] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenError("expired");
        if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) throw new TokenError("unavailable");
        throw new TokenError("invalid");
      }
      if (payload.token_use !== "access" || typeof payload.client_id !== "string") throw new TokenError("invalid");
      if (typeof payload.sub !== "string" || typeof payload.exp !== "number") throw new TokenError("invalid");
      if (payload.client_id !== options.clientId) {
        // Client credentials tokens (Cognito's and ours) have the client as subject and no user in them.
        if (payload.sub !== payload.client_id || payload.username !== undefined || payload.origin_jti !== undefined) throw new TokenError("invalid");
        return { kind: "api_client", sub: payload.sub, username: undefined, client_id: payload.client_id, origin_jti: undefined, exp: payload.exp };
      }
      const originJti = typeof payload.origin_jti === "string" ? payload.origin_jti : undefined;
      if (options.sessionActive) {
        if (!originJti || !(await options.sessionActive(originJti))) throw new TokenError("revoked");
      }
      return {
        kind: "user",
        sub: payload.sub,
        username: typeof payload.username === "string" ? payload.username : undefined,
        client_id: payload.client_id,
        origin_jti: originJti,
        exp: payload.exp,
      };
    },
  };
}

/** Local pool: the in-process public key (no HTTP call to ourselves) plus the session table. */
export function localVerifier(db: Db, issuer: string, clientId: string, publicJwk: JWK): AccessTokenVerifier {
  return createVerifier({
    issuer,
    clientId,
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    sessionActive: (originJti) => isSessionActive(db, originJti),
  });
}

export function cognitoIssuer(region: string, poolId: string): string {
  return `https://cognito-idp.${region}.amazonaws.com/${poolId}`;
}

/**
 * A key set answer that is no answer: the service failing or throttling is an outage (the token cannot be checked
 * now, a 503), unlike a key set that does not hold the token's key (the token is not valid, a 401).
 */
const fetchKeySet: FetchImplementation = async (url, options) => {
  const response = await fetch(url, options);
  if (response.status >= 500 || response.status === 429) throw new Error(`the user pool's key set answered ${response.status}`);
  return response;
};

/**
 * Cognito: tokens name the pool as AWS writes its issuer, wherever the pool is served from; the key set is read
 * from `endpoint` (AWS's regional endpoint, or COGNITO_ENDPOINT's), the same `/<pool>/.well-known/jwks.json` path.
 * The keys are kept once read and read again only for a key id they lack, so an outage of Cognito does not stop
 * the API from checking the tokens of people already signed in.
 */
export function cognitoVerifier(region: string, poolId: string, clientId: string, endpoint: string): AccessTokenVerifier {
  const keys = createRemoteJWKSet(new URL(`${endpoint}/${poolId}/.well-known/jwks.json`), { cacheMaxAge: Infinity, [customFetch]: fetchKeySet });
  return createVerifier({ issuer: cognitoIssuer(region, poolId), clientId, keys });
}
