import type { FastifyRequest } from "fastify";
import { CognitoError } from "../errors";
import { refresh } from "../operations/auth";
import { signedIn } from "../operations/sign-in-result";
import type { LocalPool } from "../pool";
import { findUserBySub } from "../store";
import { invalidRequest, TokenRequestError, type FormParam, type UserGrant } from "../token-endpoint";
import type { AuthenticationResult } from "../tokens";
import { verifierMatches } from "./transactions";

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const invalidGrant = (description: string) => new TokenRequestError(400, "invalid_grant", description);

function required(param: FormParam, name: string): string {
  const value = param(name);
  if (!value) throw invalidRequest(`${name} is required.`);
  return value;
}

/** The web app is a public client: it names itself and proves nothing else (PKCE binds the code to it). */
function publicClient(pool: LocalPool, param: FormParam, request: FastifyRequest): string {
  // A confidential client (an API client) authenticating here asks for a grant only the web app has.
  if (request.headers.authorization !== undefined || param("client_secret") !== undefined) {
    throw new TokenRequestError(400, "unauthorized_client", "This grant is the web app's, which sends client_id alone; API clients use client_credentials.");
  }
  const clientId = required(param, "client_id");
  if (clientId !== pool.clientId) throw new TokenRequestError(401, "invalid_client", "Unknown client_id.");
  return clientId;
}

const asTokenResponse = (result: AuthenticationResult & { RefreshToken?: string }) => ({
  access_token: result.AccessToken,
  id_token: result.IdToken,
  ...(result.RefreshToken ? { refresh_token: result.RefreshToken } : {}),
  token_type: "Bearer",
  expires_in: result.ExpiresIn,
});

/** authorization_code and refresh_token at POST /oauth2/token, as Cognito's hosted UI answers them. */
export function userGrants(pool: LocalPool): Record<"authorization_code" | "refresh_token", UserGrant> {
  return {
    async authorization_code(param, request) {
      const clientId = publicClient(pool, param, request);
      const code = required(param, "code");
      const redirectUri = required(param, "redirect_uri");
      const verifier = required(param, "code_verifier");
      if (!VERIFIER.test(verifier)) throw invalidRequest("code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9 and - . _ ~.");
      // Spent by this one attempt, right or wrong: a code cannot be tried twice.
      const grant = await pool.hostedSignIn.redeemCode(code);
      if (!grant) throw invalidGrant("The code is invalid, expired or already used.");
      if (grant.clientId !== clientId) throw invalidGrant("The code was issued to another client.");
      if (grant.redirectUri !== redirectUri) throw invalidGrant("redirect_uri differs from the one the code was issued for.");
      if (!verifierMatches(verifier, grant.codeChallenge)) throw invalidGrant("The code_verifier does not match the code_challenge.");
      const user = await findUserBySub(pool.db, grant.sub);
      if (!user) throw invalidGrant("The user of this code no longer exists.");
      // The account may have been put on hold (a reset) between the code and its redemption.
      if (user.status !== "CONFIRMED") throw invalidGrant("The account of this code cannot sign in now; sign in again.");
      return asTokenResponse(await signedIn(pool, user));
    },

    async refresh_token(param, request) {
      const clientId = publicClient(pool, param, request);
      const refreshToken = required(param, "refresh_token");
      try {
        return asTokenResponse(await refresh(pool, refreshToken, clientId));
      } catch (error) {
        if (error instanceof CognitoError) throw invalidGrant(error.message);
        throw error;
      }
    },
  };
}
