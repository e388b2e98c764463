import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { clientConfigSchema, type ClientConfig } from "../../domain/api/client-config";
import type { Config } from "../config";

/** What the browser needs to know at run time, so one build runs in every environment. */
export function clientConfig(config: Config, auth: ClientConfig["auth"]): ClientConfig {
  const sentryDsn = config.SENTRY_DSN_WEB ?? config.SENTRY_DSN;
  return {
    auth,
    maintenance: config.MAINTENANCE_MODE,
    idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
    links: { terms: config.TERMS_URL, privacy: config.PRIVACY_URL, resources: config.RESOURCES_URL },
    environment: config.APP_ENV,
    ...(sentryDsn && { sentry: { dsn: sentryDsn } }),
    ...(config.POSTHOG_KEY && { posthog: { key: config.POSTHOG_KEY, host: config.POSTHOG_HOST } }),
    flags: { ofrepUrl: config.FLAGS_OFREP_URL ?? null },
  };
}

export default async function clientConfigRoutes(app: FastifyInstance, opts: { clientConfig: ClientConfig }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/config.json",
    { config: { rateLimit: false }, schema: { hide: true, response: { 200: clientConfigSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return opts.clientConfig;
    },
  );
}
