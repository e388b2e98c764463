import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { OpenFeature, type Client, type EvaluationContext, type Provider } from "@openfeature/server-sdk";
import { OFREPProvider } from "@openfeature/ofrep-provider";
import { PRODUCT_FLAGS, type ProductFlagKey } from "../../domain/flags/catalogue";
import { forbidden } from "../plugins/problem";
import { FEATURE_REFUSALS } from "./features";
import ofrepRoutes from "./ofrep-routes";
import { StewardFlagProvider } from "./own-provider";

declare module "fastify" {
  interface FastifyInstance {
    flags: {
      /** Whether a product feature is on for the caller of a protected route (their company, roles and id). */
      isEnabled(request: FastifyRequest, key: ProductFlagKey): Promise<boolean>;
    };
  }
}

/** The browser's own identifier, sent beside the token so that evaluation sees the same client-side id on both sides. */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The evaluation context of a signed-in caller: who they are comes from the access token alone. */
export function evaluationContext(request: FastifyRequest): EvaluationContext {
  const clientId = request.headers["x-client-id"];
  return {
    targetingKey: request.user.id,
    companyId: request.user.companyId,
    roles: request.user.roles.map((r) => r.name),
    ...(typeof clientId === "string" && CLIENT_ID.test(clientId) ? { clientId } : {}),
  };
}

/**
 * Feature flags through the OpenFeature server SDK: our own provider over the database, or — with
 * FLAGS_OFREP_URL — the OFREP provider asking that service, with the caller's own bearer token (so the
 * service sees the same user the browser shows it). Also serves our flag service at /ofrep and refuses the
 * routes that declare a feature (`config.features`, `config.featureOf`) whose flag is off for the caller.
 */
export default fp(
  async function flags(app: FastifyInstance) {
    const forwardedAuthorization = new AsyncLocalStorage<string | undefined>();
    const provider: Provider = app.config.FLAGS_OFREP_URL
      ? new OFREPProvider({
          baseUrl: app.config.FLAGS_OFREP_URL.replace(/\/+$/, ""),
          headersFactory: (): Record<string, string> => {
            const authorization = forwardedAuthorization.getStore();
            return authorization ? { Authorization: authorization } : {};
          },
        })
      : new StewardFlagProvider(() => app.db);
    // A domain of its own per app: tests run several apps, each with its own provider, in one process.
    const domain = `steward-${randomUUID()}`;
    await OpenFeature.setProviderAndWait(domain, provider);
    const client: Client = OpenFeature.getClient(domain);
    app.addHook("onClose", async () => {
      await provider.onClose?.();
    });

    app.decorate("flags", {
      isEnabled(request: FastifyRequest, key: ProductFlagKey) {
        return forwardedAuthorization.run(request.headers.authorization, () => client.getBooleanValue(key, PRODUCT_FLAGS[key].defaultValue, evaluationContext(request)));
      },
    });

    // Only the routes that declare a feature get the check, after the route's own pre-handlers.
    app.addHook("onRoute", (route: RouteOptions) => {
      const { features = [], featureOf } = route.config ?? {};
      if (features.length === 0 && !featureOf) return;
      const refuseWhenOff: preHandlerHookHandler = async (request) => {
        const refuseIfOff = async (flag: ProductFlagKey) => {
          if (!(await app.flags.isEnabled(request, flag))) throw forbidden(FEATURE_REFUSALS[flag]);
        };
        for (const flag of features) await refuseIfOff(flag);
        // Asked only when the route's own features are on: it may read the database.
        const ofRequest = await featureOf?.(request);
        if (ofRequest && !features.includes(ofRequest)) await refuseIfOff(ofRequest);
      };
      const existing = route.preHandler ? ([] as preHandlerHookHandler[]).concat(route.preHandler as preHandlerHookHandler | preHandlerHookHandler[]) : [];
      route.preHandler = [...existing, refuseWhenOff];
    });

    await app.register(ofrepRoutes);
  },
  { name: "flags", dependencies: ["db", "auth"] },
);
