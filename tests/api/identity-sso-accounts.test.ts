import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SignJWT, decodeJwt, importJWK } from "jose";
import { createTestApp, type TestApp } from "../support/test-app";
import { v2Caller } from "../support/tenants";
import { PROVIDER_PASSWORD, SsoBrowser, startTestProvider, type TestProvider } from "../support/sso";
import { identitySessions, identityUsers, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { cognitoFirstSignIn } from "../../server/identity/sso/cognito-first-sign-in";
import { currentUser, signInRaw } from "./identity-support";
import { proveDomains, startTestDns, type TestDns } from "../support/dns";

/**
 * Which accounts a corporate sign-in may continue as: only those that belong to federation from the provider.
 * The provider here serves the demo company's own domain, so it can assert the address of any of its people.
 */
let t: TestApp;
let provider: TestProvider;
/** Where the company proves its domain (DNS_RESOLVER): a domain routes no one until proved. */
let dns: TestDns;
let hostedName: string;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);
const people = [
  { sub: "st-1", email: "reviewer@steward.test", givenName: "Eve", familyName: "Impostor" },
  { sub: "st-2", email: "nia.federated@steward.test", givenName: "Nia", familyName: "Fed" },
  { sub: "st-3", email: "ria.reset@steward.test", givenName: "Ria", familyName: "Reset" },
  { sub: "st-4", email: "vera.unverified@steward.test", givenName: "Vera", familyName: "Un" },
];
const credentials = (email: string) => ({ email, password: PROVIDER_PASSWORD });
const browser = (language?: string) => new SsoBrowser(t.app, t.config.publicUrl, language);

/** The whole hosted sign-in, then the code traded: the tokens, or the error the app is sent back with. */
async function corporateSignIn(email: string, language?: string) {
  const b = browser(language);
  const back = await b.signIn(hostedName, credentials(email));
  expect(back.pathname).toBe("/auth/callback/");
  expect(back.searchParams.get("state")).toBe(b.state);
  const code = back.searchParams.get("code");
  if (!code) return { error: back.searchParams.get("error"), description: back.searchParams.get("error_description") };
  const tokens = await b.redeem(code);
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { accessToken: tokens.body.access_token };
}

const identityOf = async (email: string) => (await t.database.db.select().from(identityUsers).where(eq(identityUsers.username, email)))[0];

beforeAll(async () => {
  dns = await startTestDns();
  t = await createTestApp({ env: { SSO_PROVIDER_ALLOWLIST: "http://127.0.0.1", DNS_RESOLVER: dns.address } });
  provider = await startTestProvider({ redirectUri: `${t.config.publicUrl}/oauth2/idpresponse`, people });
  token.admin = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
  const created = await v2("admin", "POST", "/company/identity-providers", {
    name: "Steward Okta",
    type: "oidc",
    issuer_url: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    domains: ["steward.test"],
    jit_mode: "create",
    default_role: null,
    default_resource_group_id: null,
    enabled: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  hostedName = created.json().provider_name;
  await proveDomains(dns, t.app, token.admin, created.json());
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
  await dns?.close();
});

describe("a corporate sign-in never takes over a password account", () => {
  it("refuses a provider asserting a password user's address, in the browser's language, and links nothing", async () => {
    const reviewer = await identityOf("reviewer@steward.test");
    const sessionsBefore = await t.database.db.select().from(identitySessions).where(eq(identitySessions.sub, reviewer.sub));

    expect(await corporateSignIn("reviewer@steward.test")).toEqual({
      error: "access_denied",
      description:
        "reviewer@steward.test already signs in with a password. Ask your administrator to link this account to Steward Okta (Manage Users → Link to corporate sign-in), then sign in once with your password to confirm.",
    });
    expect(await corporateSignIn("reviewer@steward.test", "es-ES,es;q=0.9,en;q=0.5")).toEqual({
      error: "access_denied",
      description:
        "reviewer@steward.test ya inicia sesión con contraseña. Pida a su administrador que vincule esta cuenta a Steward Okta (Gestionar usuarios → Vincular al inicio de sesión corporativo) y luego inicie sesión una vez con su contraseña para confirmarlo.",
    });

    expect(await identityOf("reviewer@steward.test")).toEqual(reviewer);
    expect(await t.database.db.select().from(identitySessions).where(eq(identitySessions.sub, reviewer.sub))).toEqual(sessionsBefore);
    const own = await signInRaw(t.app, "reviewer@steward.test", DEMO_PASSWORD);
    expect((await currentUser(t.app, own.AccessToken)).json()).toMatchObject({ email: "reviewer@steward.test", roles: [expect.objectContaining({ name: "ApplicationReviewer" })] });
  });

  it("signs the account it created in again, as the same person", async () => {
    const first = await corporateSignIn("nia.federated@steward.test");
    const second = await corporateSignIn("nia.federated@steward.test");
    expect(second.accessToken).toBeTruthy();
    expect(decodeJwt(second.accessToken!).sub).toBe(decodeJwt(first.accessToken!).sub);
    const me = (await currentUser(t.app, second.accessToken!)).json();
    expect(me).toMatchObject({ email: "nia.federated@steward.test", first_name: "Nia", last_name: "Fed" });
    expect((await currentUser(t.app, first.accessToken!)).json().id).toBe(me.id);
  });

  it("does not skip the new password an Administrator's reset asks for", async () => {
    expect((await corporateSignIn("ria.reset@steward.test")).accessToken).toBeTruthy();
    const reset = await v2("admin", "POST", "/access/user/reset-temporary-password", { email: "ria.reset@steward.test" });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await corporateSignIn("ria.reset@steward.test")).toEqual({
      error: "access_denied",
      description: "The account ria.reset@steward.test is waiting for a new password. Sign in with the temporary password you were sent and choose one; Steward Okta cannot skip that step.",
    });
  });

  it("refuses an ID token whose email_verified is false or missing, and creates no one", async () => {
    const key = await importJWK(provider.signingJwk, "RS256");
    const rewrites: Array<[string, (claims: Record<string, unknown>) => Record<string, unknown>]> = [
      ["false", (claims) => ({ ...claims, email_verified: false })],
      ["missing", ({ email_verified: _dropped, ...claims }) => claims],
    ];
    for (const [what, rewrite] of rewrites) {
      provider.tamper = async (body) => ({
        ...body,
        id_token: await new SignJWT(rewrite(decodeJwt(body.id_token as string))).setProtectedHeader({ alg: "RS256", kid: provider.signingJwk.kid }).sign(key),
      });
      try {
        expect(await corporateSignIn("vera.unverified@steward.test"), what).toEqual({
          error: "access_denied",
          description: "Steward Okta did not confirm that the e-mail address vera.unverified@steward.test is verified, so it cannot sign you in to Steward. Ask your administrator.",
        });
      } finally {
        provider.tamper = null;
      }
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, "vera.unverified@steward.test"))).toEqual([]);
    expect(await identityOf("vera.unverified@steward.test")).toBeUndefined();
  });

  it("with Cognito too, makes no account for a pool user whose address the OpenID provider did not verify", async () => {
    const claims = { kind: "user" as const, sub: crypto.randomUUID(), username: `${hostedName}_st-4`, client_id: "web", origin_jti: undefined, exp: 0 };
    const profile = async () => ({ email: "vera.unverified@steward.test", given_name: "Vera", family_name: "Un" });
    await expect(cognitoFirstSignIn(t.database.db, t.app.sso.providers, claims, "token", profile)).rejects.toThrow(
      "Steward Okta did not confirm that the e-mail address vera.unverified@steward.test is verified",
    );
    expect(await t.database.db.select().from(users).where(eq(users.sub, claims.sub))).toEqual([]);
  });
});
