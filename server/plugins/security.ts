import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "../config";
import { isApiPath } from "./api-paths";
import { cognitoEndpoint } from "../identity/settings";
import { HttpProblem } from "./problem";

/** HSTS for answers that went out over https (directly, or through a trusted proxy that says so). */
const HSTS = "max-age=31536000; includeSubDomains";

/** A URL's origin (scheme, host, port: no credentials, path or query), which is what CSP sources name. */
const originOf = (url: string) => new URL(url).origin;

/**
 * Origins the SPA must reach besides its own: real AWS services, and the telemetry and flag services the browser is
 * told of in /config.json (Sentry's ingest host from the DSN, PostHog's instance, an external OFREP service) — only
 * those configured. PostHog needs no script source: the browser loads none of its remote extensions.
 */
export function connectSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.identityMode === "cognito") sources.push(originOf(cognitoEndpoint(config)));
  // The browser posts uploads to the bucket: AWS's virtual-hosted address, or the S3-compatible endpoint's.
  if (config.storageMode === "s3") sources.push(config.S3_ENDPOINT ? originOf(config.S3_ENDPOINT) : `https://${config.S3_BUCKET}.s3.${config.S3_REGION ?? "us-east-1"}.amazonaws.com`);
  const sentryDsn = config.SENTRY_DSN_WEB ?? config.SENTRY_DSN;
  if (sentryDsn) sources.push(originOf(sentryDsn));
  if (config.POSTHOG_KEY && config.POSTHOG_HOST) sources.push(originOf(config.POSTHOG_HOST));
  if (config.FLAGS_OFREP_URL) sources.push(originOf(config.FLAGS_OFREP_URL));
  return [...new Set(sources)];
}

export default fp(
  async function security(app: FastifyInstance, opts: { config: Config }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI's emotion injects <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: connectSources(opts.config),
          // Document rendering and the captcha's proof of work run in workers.
          workerSrc: ["'self'", "blob:"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // Sent below, only when the request came over https: locally the app is plain http.
      strictTransportSecurity: false,
    });
    app.addHook("onRequest", async (request, reply) => {
      reply.header("X-Request-Id", request.id);
      if (request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
      // API and sign-in answers carry personal data and tokens: no cache may keep them.
      if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
    });
    await app.register(rateLimit, {
      max: opts.config.RATE_LIMIT_MAX,
      timeWindow: "1 minute",
      // Per route, so after the scope's authentication hook: a signed-in caller is counted as themselves, wherever
      // they call from (colleagues behind one office address do not share a budget); anonymous calls count per
      // address. Still before parsing and validation, so a spent budget answers 429 to malformed requests too.
      hook: "onRequest",
      keyGenerator: (request) => (request.user ? `${request.user.actor}:${request.user.id}` : `address:${request.ip}`),
      // The web app's files are immutable and cacheable; limiting them locks people out of the app.
      allowList: (request) => !isApiPath(request.url),
      // A thrown plain object is not an Error: the error handler would see a 500. A problem stays a 429.
      errorResponseBuilder: (_request, context) =>
        new HttpProblem(429, `Too many requests: the limit is ${context.max} a minute. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
    });
  },
  { name: "security" },
);
