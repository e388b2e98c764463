/**
 * The hosted sign-in (OAuth 2.0 authorization code + PKCE) as a browser client: start at `<origin>/oauth2/authorize`,
 * come back to `/auth/callback/`, trade the code at `<origin>/oauth2/token`, and hand the tokens to Amplify.
 *
 * Ours rather than Amplify's `signInWithRedirect`: Amplify forces https for the OAuth domain (its session opener rewrites
 * http to https and its token URL is `'https://' + domain`), so it cannot serve a developer on http://localhost. This one
 * client speaks the same hosted-UI protocol to Cognito's domain and to the local identity service.
 */
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import type { ClientConfig } from "../../domain/api/client-config";
import { FEDERATED_LOGOUT_KEY } from "./next-step";

/** PKCE verifier and OAuth state lengths, and how long a started sign-in may take. */
export const VERIFIER_LENGTH = 128;
export const STATE_LENGTH = 32;
export const SIGN_IN_STATE_TTL_MS = 3 * 60 * 1000;

/** RFC 7636's unreserved characters: the alphabet of a code verifier (and of our state). */
export const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

const PENDING_KEY = "steward.hostedSignIn";

export type HostedSignInFailure = "cancelled" | "state" | "expired" | "noAccessToken" | "provider";

/** A hosted sign-in that could not finish; `reason` picks the wording, `provider` carries the provider's own text. */
export class HostedSignInError extends Error {
  constructor(
    readonly reason: HostedSignInFailure,
    message: string,
  ) {
    super(message);
    this.name = "OAuthSignInException";
  }
}

interface PendingSignIn {
  state: string;
  verifier: string;
  redirectUri: string;
  createdAt: number;
}

/** `length` characters from the unreserved set, uniformly: bytes past the last whole multiple of 66 are drawn again. */
export function randomString(length: number): string {
  const limit = 256 - (256 % UNRESERVED.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
}

const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The S256 code challenge: BASE64URL(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** Where the hosted-UI endpoints live: the configured origin, else the page's own (the local identity service). */
export function hostedUiOrigin(config: ClientConfig, pageOrigin: string): string {
  return (config.auth.oauth?.origin ?? pageOrigin).replace(/\/+$/, "");
}

export const callbackUri = (pageOrigin: string) => `${pageOrigin}/auth/callback/`;

/** Stores a fresh verifier and state, and answers the authorize URL to send the browser to. */
export async function beginHostedSignIn(input: { config: ClientConfig; identityProvider: string; loginHint?: string; pageOrigin?: string; now?: number }): Promise<string> {
  const { config, identityProvider, loginHint, pageOrigin = window.location.origin, now = Date.now() } = input;
  const pending: PendingSignIn = { state: randomString(STATE_LENGTH), verifier: randomString(VERIFIER_LENGTH), redirectUri: callbackUri(pageOrigin), createdAt: now };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(`${hostedUiOrigin(config, pageOrigin)}/oauth2/authorize`);
  const params: Record<string, string> = {
    identity_provider: identityProvider,
    redirect_uri: pending.redirectUri,
    response_type: "code",
    client_id: config.auth.userPoolClientId,
    scope: (config.auth.oauth?.scopes ?? ["openid", "email", "profile"]).join(" "),
    state: pending.state,
    code_challenge: await codeChallenge(pending.verifier),
    code_challenge_method: "S256",
  };
  if (loginHint) params.login_hint = loginHint;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function takePending(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return null;
  }
}

/** A JWT as Amplify keeps it: the text and its decoded payload (Amplify does not check signatures on the client). */
function decodeJwt(token: string) {
  const part = token.split(".")[1];
  if (!part) throw new HostedSignInError("noAccessToken", "No access token returned from OAuth flow.");
  const json = decodeURIComponent(
    Array.from(atob(part.replace(/-/g, "+").replace(/_/g, "/")), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""),
  );
  return { toString: () => token, payload: JSON.parse(json) as Record<string, unknown> & { iat?: number; username?: string } };
}

interface TokenAnswer {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  error?: string;
  error_description?: string;
  error_message?: string;
}

async function exchangeCode(tokenUrl: string, body: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
  try {
    return (await response.json()) as TokenAnswer;
  } catch {
    return response.ok ? {} : { error: `HTTP ${response.status}` };
  }
}

/** The tokens, stored the way Amplify's own OAuth completion stores them, so fetchAuthSession and refresh work as usual. */
async function cacheTokens(answer: TokenAnswer & { access_token: string }): Promise<void> {
  const accessToken = decodeJwt(answer.access_token);
  const issuedAt = (accessToken.payload.iat ?? 0) * 1000;
  const orchestrator = cognitoUserPoolsTokenProvider.tokenOrchestrator;
  await orchestrator.setTokens({
    tokens: {
      accessToken: accessToken as never,
      idToken: answer.id_token ? (decodeJwt(answer.id_token) as never) : undefined,
      refreshToken: answer.refresh_token,
      clockDrift: issuedAt > 0 ? issuedAt - Date.now() : 0,
      username: typeof accessToken.payload.username === "string" ? accessToken.payload.username : "username",
    },
  });
  await orchestrator.setOAuthMetadata({ oauthSignIn: true });
}

/** Finishes a hosted sign-in from the callback URL; throws HostedSignInError with the reason a user should read. */
export async function completeHostedSignIn(input: { config: ClientConfig; url: string; pageOrigin?: string; now?: number }): Promise<void> {
  const { config, url, pageOrigin = window.location.origin, now = Date.now() } = input;
  const params = new URL(url).searchParams;
  const pending = takePending();
  const error = params.get("error");
  if (error) throw new HostedSignInError("provider", params.get("error_description") || error);
  const code = params.get("code");
  const state = params.get("state");
  // Back button or a closed provider page: the provider sends the user back without a code.
  if (!code || !state) throw new HostedSignInError("cancelled", "User cancelled OAuth flow.");
  if (!pending || now - pending.createdAt > SIGN_IN_STATE_TTL_MS) throw new HostedSignInError("expired", "The sign-in state expired or was lost.");
  if (pending.state !== state) throw new HostedSignInError("state", "An error occurred while validating the state.");
  const answer = await exchangeCode(`${hostedUiOrigin(config, pageOrigin)}/oauth2/token`, {
    grant_type: "authorization_code",
    code,
    client_id: config.auth.userPoolClientId,
    redirect_uri: pending.redirectUri,
    code_verifier: pending.verifier,
  });
  if (answer.error) throw new HostedSignInError("provider", answer.error_description || answer.error_message || answer.error);
  if (!answer.access_token) throw new HostedSignInError("noAccessToken", "No access token returned from OAuth flow.");
  await cacheTokens({ ...answer, access_token: answer.access_token });
  localStorage.setItem(FEDERATED_LOGOUT_KEY, federatedLogoutUrl(config, pageOrigin));
}

/** Whether the current session came through the hosted sign-in (sign-out then also ends the provider's session). */
export const isFederatedSession = () => Boolean(localStorage.getItem(FEDERATED_LOGOUT_KEY));

/** The provider's logout endpoint, which ends its session and comes back to /signin. */
export function federatedLogoutUrl(config: ClientConfig, pageOrigin: string): string {
  const url = new URL(`${hostedUiOrigin(config, pageOrigin)}/logout`);
  url.searchParams.set("client_id", config.auth.userPoolClientId);
  url.searchParams.set("logout_uri", `${pageOrigin}/signin`);
  return url.toString();
}

/** `POST /v2/sso/lookup`: the identity provider for an e-mail address, or null when its domain maps to none. */
export async function lookupIdentityProvider(email: string): Promise<string | null> {
  const response = await fetch("/v2/sso/lookup", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`POST /v2/sso/lookup answered ${response.status}`);
  const body = (await response.json()) as { identity_provider?: string };
  return body.identity_provider ?? null;
}
