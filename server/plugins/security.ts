import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "../config";

/** Origins the SPA must reach besides its own: real AWS services when configured. */
export function connectSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.identityMode === "cognito") sources.push(`https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`);
  if (config.storageMode === "s3") sources.push(`https://${config.S3_BUCKET}.s3.${config.S3_REGION ?? "us-east-1"}.amazonaws.com`);
  if (config.S3_ENDPOINT) sources.push(config.S3_ENDPOINT);
  return sources;
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
      // The SPA is served over plain http locally; HSTS belongs to the TLS terminator in production.
      strictTransportSecurity: false,
    });
    await app.register(rateLimit, {
      max: opts.config.RATE_LIMIT_MAX,
      timeWindow: "1 minute",
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests: the limit is ${context.max} a minute. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
  },
  { name: "security" },
);
