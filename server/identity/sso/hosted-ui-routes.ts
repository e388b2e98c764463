import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { emailDomain } from "../../../domain/entities/identity-provider";
import { HOSTED_SCOPES } from "../settings";
import { FederationError, LOOPBACK, randomValue, type Federation } from "./federation";
import { html, sendPage } from "./page";
import type { ProviderStore } from "./providers";
import type { ProviderTests } from "./provider-tests";
import { afterFederatedSignIn, federatedMfaRoute, sendSecondStep } from "./federated-sign-in";
import { confirmLink } from "./identity-links";
import { FederatedUserRefused, federatedClaims, federatedUser } from "./provisioning";
import type { LocalPool } from "../pool";
import type { HostedSignInStore, OpenTransaction } from "./transactions";
import type { Db } from "../../db/client";
import { acceptedLanguage } from "../../i18n/texts";

export interface HostedUiOptions {
  db: Db;
  clientId: string;
  publicUrl: string;
  providers: ProviderStore;
  federation: Federation;
  tests: ProviderTests;
  store: HostedSignInStore;
  pool: LocalPool;
}

const CALLBACK_PATHS = ["/auth/callback/", "/auth/callback"];
const LOGOUT_PATHS = ["/signin"];

/**
 * Where the app may be sent back to: its own pages on the public origin. A developer's own origins on this
 * machine count too when Steward itself runs on one (the Vite dev server on another port).
 */
export function appUrlAllowed(uri: string | undefined, publicUrl: string, paths: string[]): boolean {
  if (!uri) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || !paths.includes(url.pathname)) return false;
  const own = new URL(publicUrl);
  if (url.origin === own.origin) return true;
  return LOOPBACK.test(own.hostname) && LOOPBACK.test(url.hostname) && (url.protocol === "http:" || url.protocol === "https:");
}

const authorizeQuery = z.object({
  client_id: z.string().max(128).optional(),
  redirect_uri: z.string().max(2048).optional(),
  response_type: z.string().max(64).optional(),
  scope: z.string().max(1024).optional(),
  state: z.string().max(1024).optional(),
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(16).optional(),
  identity_provider: z.string().max(128).optional(),
  login_hint: z.string().max(320).optional(),
});

/** Only the first value of a repeated query parameter counts; objects never reach a handler. */
const firstValues = (query: unknown) =>
  Object.fromEntries(Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

/** RFC 6749 §4.1.2.1: errors after the redirect URI is known go back to the app, with its state. */
function redirectError(reply: FastifyReply, redirectUri: string, state: string | undefined, error: string, description: string) {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state) url.searchParams.set("state", state);
  return reply.header("cache-control", "no-store").redirect(url.toString(), 302);
}

const refusePage = (reply: FastifyReply, message: string) =>
  sendPage(reply, 400, "Sign-in cannot continue", html`<p class="error" role="alert">${message}</p><p><a href="/signin">Back to sign-in</a></p>`);

/**
 * The hosted sign-in endpoints of the local identity service, as Cognito's domain serves them:
 * `/oauth2/authorize` (straight on to the company's provider named by `identity_provider`), the provider's
 * answer at `/oauth2/idpresponse`, and `/logout`. The code is traded at `/oauth2/token` (token-endpoint.ts).
 */
export async function hostedUiRoutes(app: FastifyInstance, opts: HostedUiOptions) {
  const { clientId, publicUrl, providers, federation, tests, store } = opts;
  const limit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

  app.get("/oauth2/authorize", { config: limit, schema: { hide: true } }, async (request, reply) => {
    const parsed = authorizeQuery.safeParse(firstValues(request.query));
    if (!parsed.success) return refusePage(reply, "The sign-in request has parameters that are too long.");
    const q = parsed.data;
    // Until client and redirect URI are known good, nothing is sent anywhere (RFC 6749 §4.1.2.1).
    if (q.client_id !== clientId) return refusePage(reply, "The sign-in request names an unknown client.");
    if (!appUrlAllowed(q.redirect_uri, publicUrl, CALLBACK_PATHS)) return refusePage(reply, "The sign-in request names a redirect URI that is not registered.");
    const back = (error: string, description: string) => redirectError(reply, q.redirect_uri!, q.state, error, description);

    if (q.response_type !== "code") return back("unsupported_response_type", "response_type must be code.");
    if (!q.state) return back("invalid_request", "state is required.");
    if (!q.code_challenge || q.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
      return back("invalid_request", "A PKCE code_challenge with code_challenge_method=S256 is required.");
    }
    const scopes = (q.scope ?? "openid").split(" ").filter(Boolean);
    if (!scopes.includes("openid") || scopes.some((s) => !HOSTED_SCOPES.includes(s))) return back("invalid_scope", `scope must include openid and only ${HOSTED_SCOPES.join(", ")}.`);
    if (!q.identity_provider) return back("invalid_request", "identity_provider is required: sign in from the app's corporate sign-in page.");

    const provider = await providers.byHostedName(q.identity_provider);
    if (!provider || !provider.enabled) return back("invalid_request", "The identity provider is unknown or turned off. Ask your administrator.");
    const settings = providers.settingsOf(provider);
    if (!settings) return back("invalid_request", `${provider.name} is not fully set up in Steward. Ask your administrator.`);
    try {
      const config = await federation.configuration(settings);
      const upstream = { state: randomValue(), nonce: randomValue(), verifier: randomValue() };
      await store.begin({ providerId: provider.id, clientId, redirectUri: q.redirect_uri!, clientState: q.state, codeChallenge: q.code_challenge, ...upstream });
      // A hint is passed on only for a domain the company proved: a pending one names no one of this provider.
      const hintDomain = q.login_hint ? emailDomain(q.login_hint) : null;
      const loginHint = hintDomain && (await providers.domains(provider.id)).includes(hintDomain) ? q.login_hint : undefined;
      const target = await federation.authorizationUrl(config, { ...upstream, loginHint });
      return reply.header("cache-control", "no-store").redirect(target, 302);
    } catch (error) {
      if (!(error instanceof FederationError)) throw error;
      request.log.warn({ provider: provider.id, reason: error.message }, "identity provider unavailable");
      return back("temporarily_unavailable", `${provider.name} cannot be reached right now, so corporate sign-in is not possible. Try again later, or ask your administrator. (${error.message})`);
    }
  });

  app.get("/oauth2/idpresponse", { config: limit, schema: { hide: true } }, async (request, reply) => {
    const query = firstValues(request.query);
    const state = typeof query.state === "string" ? query.state : "";
    const transaction = state && state.length <= 1024 ? await store.take(state) : null;
    if (!transaction) return refusePage(reply, "This sign-in answer is unknown or was already used. Start again from the sign-in page.");
    if (transaction.providerTestId) return finishTest(request, reply, { ...transaction, state }, query);
    if (transaction.identityLinkId) return finishLink(request, reply, { ...transaction, state }, query);

    const back = (error: string, description: string) => redirectError(reply, transaction.redirectUri, transaction.clientState, error, description);
    if (transaction.expired) return back("access_denied", "The sign-in took longer than 3 minutes. Please start again.");
    const provider = transaction.providerId ? await providers.byId(transaction.providerId) : undefined;
    const settings = provider?.enabled ? providers.settingsOf(provider) : null;
    if (!provider || !settings) return back("access_denied", "The identity provider was removed or turned off meanwhile. Ask your administrator.");
    if (typeof query.error === "string") {
      return back(query.error.slice(0, 64), typeof query.error_description === "string" ? query.error_description.slice(0, 500) : `${provider.name} refused the sign-in.`);
    }
    try {
      const config = await federation.configuration(settings);
      const claims = await federation.exchange(config, callbackUrl(request, federation.redirectUri), { ...transaction, state });
      const person = federatedClaims(provider, await providers.domains(provider.id), claims);
      const user = await federatedUser(opts.db, provider, person);
      const hosted = { clientId: transaction.clientId, redirectUri: transaction.redirectUri, clientState: transaction.clientState, codeChallenge: transaction.codeChallenge, providerId: provider.id };
      const words = { email: person.email, provider: provider.name };
      const outcome = await afterFederatedSignIn(opts.pool, user.sub, person.amr, hosted, words, request.log);
      if ("step" in outcome) return sendSecondStep(reply, acceptedLanguage(request), outcome.step);
      return reply.header("cache-control", "no-store").redirect(outcome.redirect, 302);
    } catch (error) {
      // The browser's language is the one the app shows the sign-in page in.
      if (error instanceof FederatedUserRefused) return back("access_denied", error.wording(acceptedLanguage(request)));
      if (error instanceof FederationError) {
        request.log.warn({ provider: provider.id, reason: error.message }, "federated sign-in refused");
        return back("access_denied", `${provider.name}: ${error.message}`);
      }
      throw error;
    }
  });

  /** The person, signed in to Steward with their password, confirms an Administrator's link at the provider. */
  async function finishLink(request: FastifyRequest, reply: FastifyReply, transaction: OpenTransaction & { state: string }, query: Record<string, unknown>) {
    const back = (error?: string) => {
      const url = new URL(transaction.redirectUri);
      url.searchParams.set("identity_link", error ? "refused" : "confirmed");
      if (error) url.searchParams.set("identity_link_error", error);
      return reply.header("cache-control", "no-store").redirect(url.toString(), 302);
    };
    if (transaction.expired) return back("The sign-in took longer than 3 minutes. Please start again.");
    const provider = transaction.providerId ? await providers.byId(transaction.providerId) : undefined;
    const settings = provider?.enabled ? providers.settingsOf(provider) : null;
    if (!provider || !settings) return back("The identity provider was removed or turned off meanwhile. Ask your administrator.");
    if (typeof query.error === "string") return back(`${provider.name} refused the sign-in.`);
    try {
      const config = await federation.configuration(settings);
      const claims = await federation.exchange(config, callbackUrl(request, federation.redirectUri), transaction);
      await confirmLink(opts.db, transaction.identityLinkId!, provider, federatedClaims(provider, await providers.domains(provider.id), claims));
      return back();
    } catch (error) {
      if (error instanceof FederatedUserRefused) return back(error.wording(acceptedLanguage(request)));
      if (error instanceof FederationError) return back(`${provider.name}: ${error.message}`);
      throw error;
    }
  }

  async function finishTest(request: FastifyRequest, reply: FastifyReply, transaction: OpenTransaction & { state: string }, query: Record<string, unknown>) {
    const test = await tests.settingsOf(transaction.providerTestId!);
    if (!test) return refusePage(reply, "This connection test no longer exists.");
    let outcome: { claims: Record<string, unknown> } | { error: string };
    if (transaction.expired) outcome = { error: "The sign-in at the provider took longer than 3 minutes. Run the test again." };
    else if (typeof query.error === "string") outcome = { error: `The provider answered ${query.error}${typeof query.error_description === "string" ? `: ${query.error_description}` : ""}` };
    else {
      try {
        const config = await federation.configuration(test.settings);
        outcome = { claims: await federation.exchange(config, callbackUrl(request, federation.redirectUri), transaction) };
      } catch (error) {
        if (!(error instanceof FederationError)) throw error;
        outcome = { error: error.message };
      }
    }
    const result = await tests.complete(test.row, outcome);
    const passed = result.status === "passed";
    return sendPage(
      reply,
      200,
      passed ? "Connection test passed" : "Connection test failed",
      html`<p role="status">${passed ? "The provider signed you in and sent the claims Steward needs." : "The round trip did not succeed: see the steps in Steward."}</p><p class="hint">You can close this window and go back to Steward.</p>`,
    );
  }

  await app.register(federatedMfaRoute, { pool: opts.pool });

  app.get("/logout", { config: limit, schema: { hide: true } }, async (request, reply) => {
    const query = firstValues(request.query);
    if (query.client_id !== clientId) return refusePage(reply, "The sign-out request names an unknown client.");
    const logoutUri = typeof query.logout_uri === "string" ? query.logout_uri : undefined;
    if (!appUrlAllowed(logoutUri, publicUrl, LOGOUT_PATHS)) return refusePage(reply, "The sign-out request names a logout URI that is not registered.");
    return reply.header("cache-control", "no-store").redirect(logoutUri!, 302);
  });
}

/** The provider's answer as openid-client checks it: the registered redirect URI with the query that arrived. */
function callbackUrl(request: FastifyRequest, redirectUri: string): URL {
  const at = request.url.indexOf("?");
  return new URL(`${redirectUri}${at >= 0 ? request.url.slice(at) : ""}`);
}
