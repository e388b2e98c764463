import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { PROVIDER_TEST_STEPS, type ProviderTest, type ProviderTestStep } from "../../../domain/entities/identity-provider";
import type { Db } from "../../db/client";
import { identityProviderTests } from "../../db/schema";
import type { SecretCipher } from "../../files/secret-cipher";
import { notFound } from "../../plugins/problem";
import { FederationError, LOOPBACK, randomValue, type Federation, type ProviderSettings } from "./federation";
import { describeFailure } from "./outbound";
import type { HostedSignInStore } from "./transactions";

/** An Administrator has this long to finish the provider's sign-in of a connection test. */
const TEST_MINUTES = 10;
const testOwner = (id: string) => `idp-test/${id}`;

type TestRow = typeof identityProviderTests.$inferSelect;
type Steps = ProviderTest["steps"];

const initialSteps = (): Steps => PROVIDER_TEST_STEPS.map((step) => ({ step, state: "pending", detail: null }));

function setStep(steps: Steps, step: ProviderTestStep, state: Steps[number]["state"], detail: string | null): Steps {
  return steps.map((s) => (s.step === step ? { step, state, detail } : s));
}

/** Every step still pending after a failure is skipped: it could not run. */
const skipRest = (steps: Steps): Steps => steps.map((s) => (s.state === "pending" ? { ...s, state: "skipped", detail: null } : s));

/** Providers accept only https redirect URIs, except on this machine. */
function redirectUriProblem(uri: string): string | null {
  const url = new URL(uri);
  if (url.protocol === "https:" || LOOPBACK.test(url.hostname)) return null;
  return `Providers accept only https redirect URIs, and Steward's is ${uri}: set PUBLIC_URL to the https address users reach.`;
}

/**
 * "Test connection": discovery, the signing keys and the redirect URI are checked at once; then the
 * Administrator signs in at the provider (the round trip) and the claims it sends are shown. Nothing is saved
 * to the provider itself, so a setting can be tried before it can lock anyone out.
 */
export class ProviderTests {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    private readonly federation: Federation,
    /** The redirect URI Administrators register at their provider. */
    private readonly registeredRedirectUri: string,
    /** Our hosted sign-in, which runs the round trip; null when it runs elsewhere (Cognito's domain). */
    private readonly roundTrip: { store: HostedSignInStore; clientId: string } | null,
  ) {}

  async start(companyId: string, createdById: string | null, settings: ProviderSettings): Promise<ProviderTest> {
    const id = randomUUID();
    let steps = initialSteps();
    let authorizeUrl: string | null = null;
    try {
      const config = await this.federation.configuration(settings);
      const metadata = config.serverMetadata();
      steps = setStep(steps, "discovery", "ok", `Issuer ${metadata.issuer}; authorization endpoint ${metadata.authorization_endpoint ?? "missing"}`);
      const keys = await this.federation.signingKeys(config);
      steps = setStep(steps, "keys", "ok", `${keys.length} signing key${keys.length === 1 ? "" : "s"}: ${keys.join(", ")}`);
      const redirectProblem = redirectUriProblem(this.registeredRedirectUri);
      if (redirectProblem) throw new FederationError("redirect_uri", redirectProblem);
      steps = setStep(steps, "redirect_uri", "ok", `Register ${this.registeredRedirectUri} as a redirect URI at the provider.`);
      if (this.roundTrip) {
        const upstream = { state: randomValue(), nonce: randomValue(), verifier: randomValue() };
        await this.roundTrip.store.begin({
          providerId: null,
          providerTestId: id,
          clientId: this.roundTrip.clientId,
          redirectUri: "",
          clientState: "",
          codeChallenge: "",
          ...upstream,
        });
        authorizeUrl = await this.federation.authorizationUrl(config, upstream);
      } else {
        steps = setStep(steps, "sign_in", "skipped", "With Amazon Cognito the sign-in runs through the user pool: save the provider and try /sso.");
        steps = setStep(steps, "claims", "skipped", null);
      }
    } catch (error) {
      const failed = error instanceof FederationError ? error : new FederationError("discovery", describeFailure(error, "discovery"));
      steps = skipRest(setStep(steps, failed.step, "failed", failed.message));
    }
    const status = steps.some((s) => s.state === "failed") ? "failed" : steps.some((s) => s.state === "pending") ? "pending" : "passed";
    await this.db.insert(identityProviderTests).values({
      id,
      companyId,
      createdById,
      settings: { issuer_url: settings.issuerUrl, client_id: settings.clientId, client_secret: this.cipher.encrypt(settings.clientSecret, testOwner(id)) },
      status,
      steps,
      claims: null,
      expiresAt: new Date(Date.now() + TEST_MINUTES * 60_000),
    });
    return { id, status, steps, authorize_url: status === "pending" ? authorizeUrl : null, claims: null };
  }

  /** The test as it stands; a round trip not finished in time has failed. */
  async read(companyId: string, id: string): Promise<ProviderTest> {
    const [row] = await this.db
      .select()
      .from(identityProviderTests)
      .where(and(eq(identityProviderTests.companyId, companyId), eq(identityProviderTests.id, id)));
    if (!row) throw notFound("Connection test");
    if (row.status === "pending" && row.expiresAt.getTime() <= Date.now()) {
      return this.finish(row, "sign_in", "failed", "The sign-in at the provider was not finished in time. Run the test again.", null);
    }
    return { id: row.id, status: row.status, steps: row.steps, authorize_url: null, claims: row.claims ?? null };
  }

  /** The settings under test, for the round trip's code exchange. */
  async settingsOf(id: string): Promise<{ row: TestRow; settings: ProviderSettings } | null> {
    const [row] = await this.db.select().from(identityProviderTests).where(eq(identityProviderTests.id, id));
    if (!row) return null;
    const clientSecret = this.cipher.decrypt(row.settings.client_secret, testOwner(row.id));
    if (clientSecret === null) return null;
    return { row, settings: { issuerUrl: row.settings.issuer_url, clientId: row.settings.client_id, clientSecret } };
  }

  /** The round trip came back: the claims received (never the tokens), or why it failed. */
  async complete(row: TestRow, outcome: { claims: Record<string, unknown> } | { error: string }): Promise<ProviderTest> {
    if ("error" in outcome) return this.finish(row, "sign_in", "failed", outcome.error, null);
    const claims = outcome.claims;
    const signedIn = setStep(row.steps, "sign_in", "ok", `Signed in as ${String(claims.email ?? claims.sub ?? "an unnamed user")}`);
    const email = typeof claims.email === "string" && claims.email.includes("@");
    const detail = email
      ? `Received ${Object.keys(claims).sort().join(", ")}`
      : "The ID token has no email claim: Steward needs it to know who signed in. Release the email scope or claim at the provider.";
    return this.finish({ ...row, steps: signedIn }, "claims", email ? "ok" : "failed", detail, claims);
  }

  private async finish(row: TestRow, step: ProviderTestStep, state: "ok" | "failed", detail: string, claims: Record<string, unknown> | null): Promise<ProviderTest> {
    const steps = skipRest(setStep(row.steps, step, state, detail));
    const status = steps.some((s) => s.state === "failed") ? "failed" : "passed";
    await this.db.update(identityProviderTests).set({ steps, status, claims }).where(eq(identityProviderTests.id, row.id));
    return { id: row.id, status, steps, authorize_url: null, claims };
  }
}
