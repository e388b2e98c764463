import type { ProviderTestStep } from "../../../domain/entities/identity-provider";
import type { Config } from "../../config";
import { parseAllowlist } from "../../outbound/allowlist";
import { AnswerTooLarge, RequestTimedOut } from "../../outbound/pinned-request";
import { OutboundRefused, type OutboundPolicy } from "../../outbound/target-policy";
import { demoIdpEnabled } from "./demo-idp/plugin";

/** How long one request to a provider may take: a slow provider must not hold a sign-in for long. */
export const REQUEST_TIMEOUT_S = 8;
/** Discovery documents, key sets and token answers are small; anything larger is not a provider's. */
export const MAX_ANSWER_BYTES = 512 * 1024;

/**
 * A company's Administrator chooses the issuer, and the discovery document chooses the other endpoints, so
 * every request to a provider passes the outbound policy: any public https host, and internal or plain-http
 * ones only when the operator lists them in SSO_PROVIDER_ALLOWLIST. The demo provider, served by this
 * installation at its own public URL, is listed implicitly where it runs.
 */
export function ssoProviderPolicy(config: Config): OutboundPolicy {
  const allowlist = [...config.SSO_PROVIDER_ALLOWLIST];
  if (demoIdpEnabled(config)) {
    const own = new URL(config.publicUrl);
    // The port always written, so the entry allows that one port and no other on the host.
    const port = own.port || (own.protocol === "https:" ? "443" : "80");
    const parsed = parseAllowlist(`${own.protocol}//${own.hostname}:${port}`);
    if ("entries" in parsed) allowlist.push(...parsed.entries);
  }
  return { allowlist, setting: "SSO_PROVIDER_ALLOWLIST", listedOnly: false, noun: "identity provider" };
}

const REFUSAL_WORDS: Record<OutboundRefused["reason"], string> = {
  private_address: "it points to an internal network address",
  plain_http: "it must be an https address",
  bad_url: "it is not a valid https URL",
  unresolvable: "its host name could not be resolved",
  not_allowlisted: "this installation does not allow it",
  allowlist_empty: "this installation does not allow it",
};

/** What each step fetches, for the words of its failures. */
const PLACES: Record<ProviderTestStep, { address: string; answer: string }> = {
  discovery: { address: "The issuer's address", answer: "The discovery document" },
  keys: { address: "The signing keys' address (jwks_uri)", answer: "The signing keys" },
  redirect_uri: { address: "The redirect URI", answer: "The redirect URI" },
  // The code exchange calls the token endpoint and, for the ID token's signature, the jwks_uri.
  sign_in: { address: "The token endpoint's or jwks_uri's address", answer: "The provider's answer" },
  claims: { address: "The token endpoint's or jwks_uri's address", answer: "The provider's answer" },
};

/** Codes of openid-client's own checks, as words (the library's messages can quote what the provider sent). */
const CHECK_WORDS: Record<string, string> = {
  OAUTH_JWT_CLAIM_COMPARISON: "the ID token's issuer, audience or nonce does not match",
  OAUTH_JWT_TIMESTAMP_CHECK: "the ID token has expired or is not valid yet",
  OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED: "the ID token's signature does not verify",
  OAUTH_RESPONSE_IS_NOT_JSON: "the answer is not JSON",
  OAUTH_PARSE_ERROR: "the answer is not valid JSON",
};

type Failure = {
  name?: string;
  code?: string;
  status?: number;
  error?: unknown;
  cause?: unknown;
  attribute?: string;
};

/** The error and its causes, outermost first (openid-client wraps what the fetch threw). */
function chain(error: unknown): Failure[] {
  const found: Failure[] = [];
  let current = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    found.push(current as Failure);
    current = (current as Failure).cause;
  }
  return found;
}

const OAUTH_CODE = /^[a-z0-9_.-]{1,64}$/i;

/**
 * Why a request to a provider failed, in words an Administrator can act on. Never the provider's text, a
 * response body or an internal error message: those could carry what an internal address answered.
 */
export function describeFailure(error: unknown, step: ProviderTestStep): string {
  const place = PLACES[step];
  const errors = chain(error);
  const refused = errors.find((e): e is OutboundRefused => e instanceof OutboundRefused);
  if (refused) return `${place.address} is not allowed: ${REFUSAL_WORDS[refused.reason]}.`;
  const unreadable = (why: string) => `${place.answer} could not be read: ${why}.`;
  if (errors.some((e) => e instanceof RequestTimedOut || e.name === "TimeoutError" || e.name === "AbortError" || e.code === "OAUTH_TIMEOUT")) {
    return unreadable(`the provider did not answer within ${REQUEST_TIMEOUT_S} seconds`);
  }
  if (errors.some((e) => e instanceof AnswerTooLarge)) return unreadable("the answer is too large");
  // A 401 with WWW-Authenticate: the provider's error code names what it refused (usually the client secret).
  const challenges = errors.flatMap((e) => (Array.isArray(e.cause) ? (e.cause as Array<{ parameters?: { error?: string } }>) : []));
  const challenge = challenges.find((c) => typeof c.parameters?.error === "string" && OAUTH_CODE.test(c.parameters.error));
  if (challenge) return `the provider refused the client credentials (${challenge.parameters!.error})`;
  const oauthError = errors.find((e) => typeof e.error === "string" && OAUTH_CODE.test(e.error));
  if (oauthError) return `the provider refused the request (${String(oauthError.error)})`;
  const mismatch = errors.find((e) => e.code === "OAUTH_JSON_ATTRIBUTE_COMPARISON");
  if (mismatch && step === "discovery") return "The discovery document names another issuer than the issuer URL.";
  const status = errors.map((e) => e.status).find((s) => typeof s === "number" && s > 0);
  if (status !== undefined && (status < 200 || status >= 300)) return unreadable(`the server answered ${status}`);
  const code = errors.map((e) => e.code).find((c) => typeof c === "string" && CHECK_WORDS[c]);
  if (code) return unreadable(CHECK_WORDS[code]);
  if (errors.some((e) => typeof e.code === "string" && /^(E[A-Z]+|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(e.code))) {
    return unreadable("the provider cannot be reached");
  }
  return unreadable("the answer does not follow the OpenID Connect standard");
}
