import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { problemSchema } from "../../../domain/api/problem";
import { emailDomain, hostedProviderName, ssoLookupInputSchema, ssoLookupSchema } from "../../../domain/entities/identity-provider";
import type { Config } from "../../config";
import { DEMO_PASSWORD } from "../../db/seed";
import { secretCipher } from "../../files/secret-cipher";
import { HttpProblem } from "../../plugins/problem";
import { DEMO_SSO_DOMAIN, demoIdpPlugin, demoIdpEnabled } from "./demo-idp/plugin";
import type { AccessClaims } from "../verifier";
import { cognitoFirstSignIn, cognitoProfileReader } from "./cognito-first-sign-in";
import { outboundFetch } from "../../outbound/fetch";
import { Federation } from "./federation";
import { MAX_ANSWER_BYTES, REQUEST_TIMEOUT_S, ssoProviderPolicy } from "./outbound";
import { hostedUiRoutes } from "./hosted-ui-routes";
import { ProviderAdmin } from "./provider-admin";
import { ProviderStore } from "./providers";
import { ProviderTests } from "./provider-tests";
import { DomainProof } from "./domain-proof";
import { DomainVerification } from "./domain-verification";
import { scheduleDomainChecks } from "./domain-schedule";

/** Corporate sign-in as the rest of the app uses it: the providers' store, connection tests and the relying party. */
export interface Sso {
  providers: ProviderStore;
  /** Administrators' changes: checked, audited and (with Cognito) mirrored into the user pool. */
  admin: ProviderAdmin;
  tests: ProviderTests;
  /** Proof of e-mail domains by DNS TXT record: "Verify" and the daily check. */
  domains: DomainVerification;
  federation: Federation;
  /** Why providers cannot be set up in this deployment, or null when they can. */
  unavailable: string | null;
  /**
   * With Cognito: makes the Steward account of a federated person on their first call (the local service
   * does it during the hosted sign-in). Answers whether the caller now has one.
   */
  firstSignIn: ((claims: AccessClaims, accessToken: string) => Promise<boolean>) | null;
}

declare module "fastify" {
  interface FastifyInstance {
    sso: Sso;
  }
}

/** The same answer for every address no provider serves: it must not tell which domains are configured. */
export const SSO_NOT_MAPPED = "An error occurred while signing in. Please check that your email is correct.";

/**
 * Corporate sign-in (SSO). In both identity modes: the companies' providers and the public lookup behind /sso.
 * In local mode also the hosted sign-in endpoints Cognito's domain would serve, and with the demo data a real
 * OpenID provider at /demo-idp to try it with.
 */
export default fp(
  async function sso(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const cipher = await secretCipher("identity", config);
    const providerFetch = outboundFetch(ssoProviderPolicy(config), { timeoutMs: REQUEST_TIMEOUT_S * 1000, maxAnswerBytes: MAX_ANSWER_BYTES });
    const federation = new Federation(`${config.publicUrl}/oauth2/idpresponse`, providerFetch);
    const cognitoDomain = config.identityMode === "cognito" ? config.COGNITO_OAUTH_DOMAIN : undefined;
    const registeredRedirectUri = config.identityMode === "cognito" ? `https://${cognitoDomain ?? "<COGNITO_OAUTH_DOMAIN>"}/oauth2/idpresponse` : federation.redirectUri;
    const providers = new ProviderStore(app.db, cipher, registeredRedirectUri);
    const local = app.identity.local;
    const tests = new ProviderTests(app.db, cipher, federation, registeredRedirectUri, local ? { store: local.hostedSignIn, clientId: local.clientId } : null);
    const unavailable =
      config.identityMode === "cognito" && !cognitoDomain
        ? "Corporate sign-in with Amazon Cognito needs the user pool's domain: the operator sets COGNITO_OAUTH_DOMAIN."
        : null;
    const readProfile = config.identityMode === "cognito" ? cognitoProfileReader({ region: config.COGNITO_REGION!, endpoint: config.COGNITO_ENDPOINT }) : null;
    const domains = new DomainVerification(app.db, new DomainProof(config.DNS_RESOLVER), demoIdpEnabled(config) ? [DEMO_SSO_DOMAIN] : []);
    scheduleDomainChecks(app, domains);
    app.decorate("sso", {
      providers,
      domains,
      admin: new ProviderAdmin(app.db, providers, app.identity, federation, unavailable),
      tests,
      federation,
      unavailable,
      firstSignIn: readProfile && ((claims, accessToken) => cognitoFirstSignIn(app.db, providers, claims, accessToken, readProfile)),
    } satisfies Sso);

    app.withTypeProvider<ZodTypeProvider>().post(
      "/v2/sso/lookup",
      {
        config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: {
          tags: ["sso"],
          summary: "The identity provider that signs in an e-mail address (public: the corporate sign-in page asks it)",
          body: ssoLookupInputSchema,
          response: { 200: ssoLookupSchema, 400: problemSchema, 404: problemSchema },
        },
      },
      async (request) => {
        const domain = emailDomain(request.body.email);
        const provider = domain ? await providers.forDomain(domain) : undefined;
        // SAML providers exist only where Cognito federates them.
        if (!provider || (provider.type === "saml" && config.identityMode !== "cognito")) throw new HttpProblem(404, SSO_NOT_MAPPED);
        return { identity_provider: hostedProviderName(provider.id) };
      },
    );

    if (local) {
      await app.register(hostedUiRoutes, { db: app.db, clientId: local.clientId, publicUrl: config.publicUrl, providers, federation, tests, store: local.hostedSignIn, pool: local });
    }
    if (demoIdpEnabled(config)) await app.register(demoIdpPlugin, { config, password: DEMO_PASSWORD });
  },
  { name: "sso", dependencies: ["db", "identity"] },
);
