import * as oidc from "openid-client";
import type { ProviderTestStep } from "../../../domain/entities/identity-provider";
import type { OutboundFetch } from "../../outbound/fetch";
import { describeFailure, REQUEST_TIMEOUT_S } from "./outbound";

/**
 * Steward as an OpenID Connect relying party of a company's identity provider (openid-client): discovery,
 * the authorization request with PKCE, state and nonce, and the code exchange, whose ID token is checked for
 * issuer, audience, nonce, expiry and — always, not only when TLS would excuse it — its signature.
 * Every request it makes (discovery, keys, token endpoint) goes through the outbound policy's fetch.
 */

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

/** Hosts of this machine, where plain http is acceptable for Steward's own redirect URIs. */
export const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const KEY_ID = /^[\w.:+/=-]{1,80}$/;

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
    /** Checks every URL against the SSO outbound policy (outbound.ts) before connecting. */
    private readonly fetch: OutboundFetch,
  ) {}

  /** The provider's metadata, discovered from `<issuer>/.well-known/openid-configuration` (which must name the same issuer). */
  async configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    let issuer: URL;
    try {
      issuer = new URL(settings.issuerUrl);
    } catch {
      throw new FederationError("discovery", "The issuer URL is not a valid URL.");
    }
    const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
    const cached = this.discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: REQUEST_TIMEOUT_S,
        // The policy's fetch decides where plain http is allowed (only to hosts the operator listed with http://).
        execute: [oidc.enableNonRepudiationChecks, oidc.allowInsecureRequests],
        [oidc.customFetch]: this.fetch as oidc.CustomFetch,
      })
      .then((c) => {
        c.timeout = REQUEST_TIMEOUT_S;
        return c;
      })
      .catch((error: unknown) => {
        this.discovered.delete(key);
        throw new FederationError("discovery", describeFailure(error, "discovery"));
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
    let body: { keys?: Array<{ kid?: unknown; use?: unknown }> };
    try {
      const response = await this.fetch(jwksUri, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000), headers: { accept: "application/json" } });
      if (!response.ok) throw Object.assign(new Error("keys"), { status: response.status });
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new FederationError("keys", describeFailure(error, "keys"));
    }
    const keys = (Array.isArray(body?.keys) ? body.keys : []).filter((k) => k && (k.use === undefined || k.use === "sig"));
    if (keys.length === 0) throw new FederationError("keys", "The signing keys could not be read: the key set lists no signing key.");
    // Key ids are shown to help match the provider's console; anything unlike a key id is not echoed.
    return keys.map((k, i) => (typeof k.kid === "string" && KEY_ID.test(k.kid) ? k.kid : `key ${i + 1}`));
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
      throw new FederationError("sign_in", `The provider's answer was refused: ${describeFailure(error, "sign_in")}`);
    }
  }
}

/** A random value for state, nonce and PKCE verifiers. */
export const randomValue = () => oidc.randomPKCECodeVerifier();
