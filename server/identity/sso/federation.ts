import * as oidc from "openid-client";
import type { ProviderTestStep } from "../../../domain/entities/identity-provider";

/**
 * Steward as an OpenID Connect relying party of a company's identity provider (openid-client): discovery,
 * the authorization request with PKCE, state and nonce, and the code exchange, whose ID token is checked for
 * issuer, audience, nonce, expiry and — always, not only when TLS would excuse it — its signature.
 */

/** How long one request to a provider may take: a slow provider must not hold a sign-in for long. */
const REQUEST_TIMEOUT_S = 8;
/** Discovered settings are reused for a while, so every sign-in does not fetch the discovery document. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
export const FEDERATION_SCOPES = "openid email profile";

export interface ProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Why a provider could not be used, in words an Administrator can act on. */
export class FederationError extends Error {
  constructor(
    readonly step: ProviderTestStep,
    message: string,
  ) {
    super(message);
  }
}

/** Hosts of this machine, where plain http is acceptable (a developer's setup, the demo provider). */
export const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Providers speak https; plain http is accepted only on this machine (a developer's or the demo provider). */
export function issuerProblem(issuerUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    return "The issuer URL is not a valid URL.";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.test(url.hostname)) return null;
  return "The issuer must be an https URL (plain http only on localhost).";
}

const insecure = (issuerUrl: string) => new URL(issuerUrl).protocol === "http:";

/** What went wrong with a request to the provider, without the stack or the library's internals. */
export function describeFailure(error: unknown): string {
  const e = error as { name?: string; message?: string; code?: string; error?: string; error_description?: string; cause?: unknown };
  if (e?.error) return e.error_description ? `${e.error}: ${e.error_description}` : e.error;
  // A 401 with WWW-Authenticate: the provider's own error names what it refused (usually the client secret).
  const challenge = Array.isArray(e?.cause) ? (e.cause[0] as { parameters?: { error?: string; error_description?: string } } | undefined) : undefined;
  if (challenge?.parameters?.error) {
    const { error, error_description } = challenge.parameters;
    return `the provider refused the client credentials (${error}${error_description ? `: ${error_description}` : ""})`;
  }
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `The provider did not answer within ${REQUEST_TIMEOUT_S} seconds.`;
  const cause = e?.cause as { code?: string; message?: string } | undefined;
  if (cause?.code === "ECONNREFUSED" || cause?.code === "ENOTFOUND" || cause?.code === "EAI_AGAIN") return `The provider cannot be reached (${cause.code}).`;
  if (e?.message === "fetch failed") return `The provider cannot be reached${cause?.message ? ` (${cause.message})` : ""}.`;
  return e?.message ?? "Unknown error.";
}

interface Cached {
  at: number;
  config: Promise<oidc.Configuration>;
}

/** The relying party: discovery per provider settings (cached), authorization URLs and code exchanges. */
export class Federation {
  private readonly discovered = new Map<string, Cached>();

  constructor(
    /** Where providers send users back: `<public URL>/oauth2/idpresponse`. */
    readonly redirectUri: string,
  ) {}

  /** The provider's metadata, discovered from `<issuer>/.well-known/openid-configuration` (which must name the same issuer). */
  async configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    const problem = issuerProblem(settings.issuerUrl);
    if (problem) throw new FederationError("discovery", problem);
    const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
    const cached = this.discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = oidc
      .discovery(new URL(settings.issuerUrl), settings.clientId, settings.clientSecret, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: REQUEST_TIMEOUT_S,
        execute: [oidc.enableNonRepudiationChecks, ...(insecure(settings.issuerUrl) ? [oidc.allowInsecureRequests] : [])],
      })
      .then((c) => {
        c.timeout = REQUEST_TIMEOUT_S;
        return c;
      })
      .catch((error: unknown) => {
        this.discovered.delete(key);
        throw new FederationError("discovery", `Discovery failed: ${describeFailure(error)}`);
      });
    this.discovered.set(key, { at: Date.now(), config });
    return config;
  }

  /** Forgets a provider's discovered settings (after it was changed or deleted). */
  forget(settings: Pick<ProviderSettings, "issuerUrl" | "clientId">) {
    for (const key of this.discovered.keys()) {
      const [issuer, client] = JSON.parse(key) as string[];
      if (issuer === settings.issuerUrl && client === settings.clientId) this.discovered.delete(key);
    }
  }

  /** The provider's signing keys: the ids of those it publishes. */
  async signingKeys(config: oidc.Configuration): Promise<string[]> {
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!jwksUri) throw new FederationError("keys", "The discovery document names no jwks_uri.");
    try {
      const response = await fetch(jwksUri, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`The keys endpoint answered HTTP ${response.status}.`);
      const body = (await response.json()) as { keys?: Array<{ kid?: string; use?: string }> };
      const keys = (body.keys ?? []).filter((k) => k.use === undefined || k.use === "sig");
      if (keys.length === 0) throw new Error("The keys endpoint lists no signing key.");
      return keys.map((k, i) => k.kid ?? `key ${i + 1}`);
    } catch (error) {
      throw new FederationError("keys", `Reading the signing keys failed: ${describeFailure(error)}`);
    }
  }

  /** Where to send the browser: the provider's authorization endpoint with our redirect URI, state, nonce and PKCE challenge. */
  async authorizationUrl(config: oidc.Configuration, request: { state: string; nonce: string; verifier: string; loginHint?: string }): Promise<string> {
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: FEDERATION_SCOPES,
      response_type: "code",
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.verifier),
      code_challenge_method: "S256",
    };
    if (request.loginHint) params.login_hint = request.loginHint;
    return oidc.buildAuthorizationUrl(config, params).href;
  }

  /** Trades the provider's code for tokens and answers the verified ID token's claims. */
  async exchange(config: oidc.Configuration, callbackUrl: URL, expected: { state: string; nonce: string; verifier: string }): Promise<Record<string, unknown>> {
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.verifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new FederationError("sign_in", "The provider returned no ID token.");
      return { ...claims };
    } catch (error) {
      if (error instanceof FederationError) throw error;
      throw new FederationError("sign_in", `The provider's answer was refused: ${describeFailure(error)}`);
    }
  }
}

/** A random value for state, nonce and PKCE verifiers. */
export const randomValue = () => oidc.randomPKCECodeVerifier();
