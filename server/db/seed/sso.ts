import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { companies, scheduledRuns } from "../schema";
import { markVerified } from "../../identity/sso/domain-store";
import { DOMAIN_CHECK_JOB } from "../../identity/sso/domain-verification";
import { DEMO_COMPANY } from "./company";
import { DEMO_IDP_CLIENT_ID, DEMO_SSO_DOMAIN, demoIdpClientSecret, demoIdpEnabled, demoIdpIssuer } from "../../identity/sso/demo-idp/plugin";

/**
 * Demo Co's corporate sign-in: the demo provider at /demo-idp for the domain sso.steward.test, creating
 * newcomers without a role (they land on the limited-access page until an Administrator gives them one).
 * The domain is seeded verified. Runs after the app is built, since the client secret is sealed with the app's identity key.
 */
export async function seedDemoSso(app: FastifyInstance): Promise<void> {
  if (!demoIdpEnabled(app.config)) return;
  const [company] = await app.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
  if (!company) return;
  const provider = await app.sso.providers.create(company.id, {
    name: "Demo IdP",
    type: "oidc",
    issuer_url: demoIdpIssuer(app.config),
    client_id: DEMO_IDP_CLIENT_ID,
    client_secret: await demoIdpClientSecret(app.config),
    domains: [DEMO_SSO_DOMAIN],
    jit_mode: "create",
    default_role: null,
    default_resource_group_id: null,
    enabled: true,
  });
  // sso.steward.test is reserved (.test) and in no DNS: the demo's domain is taken as proved (the daily check
  // passes over it while the demo provider runs), and the first daily round is put a day off.
  await markVerified(app.db, { companyId: provider.companyId, domain: DEMO_SSO_DOMAIN });
  await app.db.insert(scheduledRuns).values({ job: DOMAIN_CHECK_JOB, lastRunAt: new Date() }).onConflictDoNothing();
}
