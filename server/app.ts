import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { randomUUID } from "node:crypto";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import dbPlugin from "./plugins/db";
import errorsPlugin, { frameworkError, sendProblem } from "./plugins/errors";
import versionEtagsPlugin from "./plugins/concurrency";
import securityPlugin from "./plugins/security";
import textGuardPlugin from "./plugins/text-guard";
import openapiPlugin from "./plugins/openapi";
import spaPlugin from "./plugins/spa";
import healthRoutes from "./routes/health";
import clientConfigRoutes, { clientConfig } from "./routes/client-config";
import v2Routes from "./routes/v2";
import monitoringPlugin from "./notifications/plugin";
import identityPlugin, { type IdentityOptions } from "./identity/plugin";
import ssoPlugin from "./identity/sso/plugin";
import authPlugin from "./plugins/auth";
import abilityPlugin from "./plugins/ability";
import documentsPlugin from "./uploads/plugin";
import testingPlugin from "./testing/plugin";
import flagsPlugin from "./flags/plugin";
import { authSettings } from "./identity/settings";
import { loggerOptions } from "./logger";
import telemetryPlugin from "./telemetry/plugin";
import { ensureAuditChainKey } from "./audit/key";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass false to keep the output clean. */
  logger?: boolean;
  spaRoot?: string;
  /** Signing key and outbox of the local identity service (main.ts keeps them in DATA_DIR); in memory when omitted. */
  identity?: IdentityOptions;
  /** Where log lines go when `logger` is on (stdout by default); tests capture them to check for leaked secrets. */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is registered: the authorization matrix test covers each one. */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole server as one Fastify app: main.ts listens with it, tests inject into it. */
export async function buildApp({ config, database, logger = true, spaRoot, identity, logStream, onRoute }: BuildOptions): Promise<FastifyInstance> {
  // The chain key of every audit entry this app appends; main.ts loads it already, before the migrations.
  await ensureAuditChainKey(config);
  const app = Fastify({
    logger: logger ? { ...(loggerOptions(config.LOG_LEVEL) as object), ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Only the proxies TRUST_PROXY names may say who the client is; by default nobody can.
    trustProxy: config.TRUST_PROXY as FastifyServerOptions["trustProxy"],
    // Our own ids: a client-chosen one could collide with or forge another request's log lines.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Finish in-flight requests on close; drop only idle keep-alive sockets.
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  if (onRoute) app.addHook("onRoute", onRoute);

  await app.register(errorsPlugin);
  await app.register(telemetryPlugin, { config, database });
  await app.register(textGuardPlugin);
  await app.register(versionEtagsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(identityPlugin, { config, ...identity });
  await app.register(ssoPlugin, { config });
  await app.register(authPlugin);
  await app.register(abilityPlugin);
  await app.register(documentsPlugin, { config });
  await app.register(testingPlugin, { config });
  await app.register(flagsPlugin);
  await app.register(monitoringPlugin);

  if (config.MAINTENANCE_MODE) {
    app.addHook("onRequest", async (request, reply) => {
      if (request.url.startsWith("/v2/") && !request.url.startsWith("/v2/docs") && !request.url.startsWith("/v2/openapi.json")) {
        reply.header("Retry-After", "3600");
        return sendProblem(reply, 503, "Steward is down for scheduled maintenance. Please try again later.");
      }
    });
  }

  await app.register(healthRoutes);
  await app.register(clientConfigRoutes, { clientConfig: clientConfig(config, authSettings(config)) });
  await app.register(v2Routes, { prefix: "/v2" });
  await app.register(spaPlugin, { root: spaRoot });
  return app;
}
