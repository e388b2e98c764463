import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../../config";
import { loadOrCreateKeyFile } from "../../../files/key-file";
import { createDemoIdp, type DemoPerson } from "./provider";

export const DEMO_IDP_PATH = "/demo-idp";
export const DEMO_IDP_CLIENT_ID = "steward-demo";
export const DEMO_SSO_DOMAIN = "sso.steward.test";
/** The demo provider's one person; the password is the demo password every demo account has. */
export const DEMO_SSO_PERSON: Omit<DemoPerson, "password"> = {
  sub: "demo-sso-user-1",
  email: `sso.user@${DEMO_SSO_DOMAIN}`,
  givenName: "Sam",
  familyName: "Single",
};

/** The demo provider exists where the demo data does: the local identity service on the embedded database. */
export const demoIdpEnabled = (config: Config) => config.identityMode === "local" && config.SEED_DEMO && !config.DATABASE_URL;

export const demoIdpIssuer = (config: Config) => `${config.publicUrl}${DEMO_IDP_PATH}`;

/** The demo client's secret, kept in DATA_DIR/keys so the provider and the stored provider settings agree across restarts. */
export async function demoIdpClientSecret(config: Config): Promise<string> {
  return (await loadOrCreateKeyFile(path.join(config.DATA_DIR, "keys"), "demo-idp-client.key")).toString("base64url");
}

/** Mounts the demo OpenID provider at /demo-idp: it reads its own request bodies, so Fastify leaves them alone. */
export async function demoIdpPlugin(app: FastifyInstance, opts: { config: Config; password: string }) {
  const { config } = opts;
  const idp = await createDemoIdp({
    issuer: demoIdpIssuer(config),
    mountPath: DEMO_IDP_PATH,
    client: { clientId: DEMO_IDP_CLIENT_ID, clientSecret: await demoIdpClientSecret(config), redirectUris: [`${config.publicUrl}/oauth2/idpresponse`] },
    people: [{ ...DEMO_SSO_PERSON, password: opts.password }],
  });
  // Behind a proxy the provider must see the public scheme and host, as the issuer names them.
  if (config.TRUST_PROXY) idp.provider.proxy = true;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  app.route({
    method: ["GET", "POST"],
    url: `${DEMO_IDP_PATH}/*`,
    config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.hijack();
      await idp.handle(request.raw, reply.raw);
    },
  });
}
