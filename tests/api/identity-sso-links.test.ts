import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { SignJWT, decodeJwt, importJWK } from "jose";
import { createTestApp, type TestApp } from "../support/test-app";
import { v2Caller } from "../support/tenants";
import { PROVIDER_PASSWORD, SsoBrowser, startTestProvider, type TestProvider } from "../support/sso";
import { auditLog, identityLinks, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { proveDomains, startTestDns, type TestDns } from "../support/dns";
import { protocol, signInRaw } from "./identity-support";
import { advance, codeAt, freezeClock, identityRow, setPolicy, wrongCode } from "./identity-mfa-support";

/**
 * Linking a password account to corporate sign-in, as an attacker would try it: a company's provider asserts
 * the address of someone who signs in with a password. Only an Administrator's link that the person confirmed
 * themselves, signed in with their password, lets the provider in — and then through Steward's own second step.
 */
let t: TestApp;
/** Where the company proves its domain (DNS_RESOLVER): a domain routes no one until proved. */
let dns: TestDns;
let provider: TestProvider;
let hostedName: string;
let providerId: string;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);
const people = [
  { sub: "okta-approver", email: "approver@steward.test", givenName: "Ann", familyName: "Approver" },
  { sub: "okta-contributor", email: "contributor@steward.test", givenName: "Con", familyName: "Tributor" },
  { sub: "okta-mallory", email: "mallory@steward.test", givenName: "Mal", familyName: "Lory" },
];
const credentials = (email: string) => ({ email, password: PROVIDER_PASSWORD });

/** The hosted sign-in up to our answer to the provider's redirect: a redirect (code or error) or the second-step page. */
async function corporateAnswer(email: string, language?: string) {
  const b = new SsoBrowser(t.app, t.config.publicUrl, language);
  const start = await b.request(b.authorizeUrl(hostedName, { login_hint: email }));
  const answer = await b.toProviderAnswer(start.location!, credentials(email));
  return { browser: b, ...(await b.request(answer)) };
}

/** The whole corporate sign-in without a second step: the access token, or the error the app is sent back with. */
async function corporateSignIn(email: string, language?: string) {
  const { browser, location, status, body } = await corporateAnswer(email, language);
  if (!location) throw new Error(`idpresponse answered ${status}: ${body.slice(0, 300)}`);
  return landed(browser, new URL(location));
}

async function landed(browser: SsoBrowser, back: URL) {
  expect(back.pathname).toBe("/auth/callback/");
  const code = back.searchParams.get("code");
  if (!code) return { error: back.searchParams.get("error"), description: back.searchParams.get("error_description") };
  const tokens = await browser.redeem(code);
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { accessToken: tokens.body.access_token };
}

/** The person confirms their pending link: signed in with their password, they sign in at the provider once. */
async function confirmAs(email: string, atProvider = email) {
  const own = await signInRaw(t.app, email, DEMO_PASSWORD);
  const res = await t.app.inject({ method: "POST", url: "/v2/access/user/identity-link/confirm", headers: { authorization: `Bearer ${own.AccessToken}` } });
  expect(res.statusCode, res.body).toBe(200);
  const b = new SsoBrowser(t.app, t.config.publicUrl);
  const back = await b.request(await b.toProviderAnswer(res.json().url, credentials(atProvider)));
  return new URL(back.location!);
}

const userId = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0].id;
const linkAudit = async (id: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

beforeAll(async () => {
  dns = await startTestDns();
  t = await createTestApp({ env: { SSO_PROVIDER_ALLOWLIST: "http://127.0.0.1", DNS_RESOLVER: dns.address } });
  provider = await startTestProvider({ redirectUri: `${t.config.publicUrl}/oauth2/idpresponse`, people });
  token.admin = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
  token.reviewer = (await signInRaw(t.app, "reviewer@steward.test", DEMO_PASSWORD)).AccessToken;
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
  providerId = created.json().id;
  await proveDomains(dns, t.app, token.admin, created.json());
});
afterEach(() => {
  vi.useRealTimers();
  provider.tamper = null;
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
  await dns?.close();
});

describe("a provider asserting a password user's address", () => {
  it("gets no token, and the refusal names the Administrator's link action, in both languages", async () => {
    expect(await corporateSignIn("approver@steward.test")).toEqual({
      error: "access_denied",
      description:
        "approver@steward.test already signs in with a password. Ask your administrator to link this account to Steward Okta (Manage Users → Link to corporate sign-in), then sign in once with your password to confirm.",
    });
    const es = await corporateSignIn("approver@steward.test", "es-ES,es;q=0.9");
    expect(es.description).toContain("Gestionar usuarios → Vincular al inicio de sesión corporativo");
  });

  it("is still refused after the Administrator's link, until the person confirms it", async () => {
    const approver = await userId("approver@steward.test");
    expect((await v2("reviewer", "POST", `/access/users/${approver}/identity-link`, { provider_id: providerId })).statusCode).toBe(403);
    const linked = await v2("admin", "POST", `/access/users/${approver}/identity-link`, { provider_id: providerId });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ user_id: approver, provider_id: providerId, provider_name: "Steward Okta", status: "pending", confirmed_at: null });
    expect(await linkAudit(approver, "user.identity_link_created")).toHaveLength(1);

    const refused = await corporateSignIn("approver@steward.test");
    expect(refused.error).toBe("access_denied");
    expect(refused.description).toContain('choose "Confirm link to Steward Okta" in Settings');
  });

  it("cannot be confirmed by signing in at the provider as someone else", async () => {
    const contributor = await userId("contributor@steward.test");
    expect((await v2("admin", "POST", `/access/users/${contributor}/identity-link`, { provider_id: providerId })).statusCode).toBe(201);
    const back = await confirmAs("contributor@steward.test", "mallory@steward.test");
    expect(back.pathname).toBe("/settings");
    expect(back.searchParams.get("identity_link")).toBe("refused");
    expect(back.searchParams.get("identity_link_error")).toContain("the link is for contributor@steward.test");
    expect((await v2("admin", "GET", `/access/users/${contributor}/identity-link`)).json().status).toBe("pending");
  });

  it("once the person confirms, signs in through the provider as the same account, matched by the provider's subject", async () => {
    const approver = await userId("approver@steward.test");
    const back = await confirmAs("approver@steward.test");
    expect(back.pathname).toBe("/settings");
    expect(back.searchParams.get("identity_link")).toBe("confirmed");
    const [link] = await t.database.db.select().from(identityLinks).where(eq(identityLinks.userId, approver));
    expect(link).toMatchObject({ status: "linked", subject: "okta-approver" });
    expect(await linkAudit(approver, "user.identity_link_confirmed")).toHaveLength(1);

    const signedIn = await corporateSignIn("approver@steward.test");
    expect(decodeJwt(signedIn.accessToken!).sub).toBe((await identityRow(t, "approver@steward.test")).sub);
    expect(await linkAudit(approver, "user.signed_in")).toHaveLength(1);
    // The password still signs in too.
    expect((await signInRaw(t.app, "approver@steward.test", DEMO_PASSWORD)).AccessToken).toBeTruthy();
  });

  it("a confirmed link follows the provider's subject, not the address the provider sends", async () => {
    const key = await importJWK(provider.signingJwk, "RS256");
    provider.tamper = async (body) => ({
      ...body,
      id_token: await new SignJWT({ ...decodeJwt(body.id_token as string), sub: "okta-approver" }).setProtectedHeader({ alg: "RS256", kid: provider.signingJwk.kid }).sign(key),
    });
    // The approver's provider account, its address now another one: still the approver's Steward account.
    const mallory = await corporateSignIn("mallory@steward.test");
    expect(decodeJwt(mallory.accessToken!).sub).toBe((await identityRow(t, "approver@steward.test")).sub);
  });
});

describe("post-authentication steps of a linked corporate sign-in", () => {
  it("asks for Steward's own second factor when the company requires one and the provider's amr does not vouch", async () => {
    freezeClock();
    const own = await signInRaw(t.app, "approver@steward.test", DEMO_PASSWORD);
    const { body: associated } = await protocol(t.app, "AssociateSoftwareToken", { AccessToken: own.AccessToken });
    const secret = associated.SecretCode as string;
    expect((await protocol(t.app, "VerifySoftwareToken", { AccessToken: own.AccessToken, UserCode: codeAt(secret) })).status).toBe(200);
    await setPolicy(t, "required_all");
    advance(30_000);

    const page = await corporateAnswer("approver@steward.test");
    expect(page.status).toBe(200);
    expect(page.location).toBeUndefined();
    expect(page.body).toContain("Enter the code from your authenticator app");
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1];
    const post = (code: string) =>
      t.app.inject({ method: "POST", url: "/oauth2/mfa", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams({ session, code }).toString() });

    const wrong = await post(wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("The code is not right");
    const right = await post(codeAt(secret));
    expect(right.statusCode).toBe(302);
    const signedIn = await landed(page.browser, new URL(right.headers.location as string));
    expect(decodeJwt(signedIn.accessToken!).sub).toBe((await identityRow(t, "approver@steward.test")).sub);
    // The step is spent.
    expect((await post(codeAt(secret))).body).toContain("expired or was already answered");
  });

  it("lets a provider whose amr vouches for a second factor through without Steward's", async () => {
    const key = await importJWK(provider.signingJwk, "RS256");
    provider.tamper = async (body) => ({
      ...body,
      id_token: await new SignJWT({ ...decodeJwt(body.id_token as string), amr: ["pwd", "mfa"] }).setProtectedHeader({ alg: "RS256", kid: provider.signingJwk.kid }).sign(key),
    });
    expect((await corporateSignIn("approver@steward.test")).accessToken).toBeTruthy();
  });

  it("has a linked person who must have a second factor and has none set up an authenticator app before the code", async () => {
    freezeClock();
    const contributor = await userId("contributor@steward.test");
    // As if confirmed (the confirmation itself is tested above): the contributor has no second factor.
    await t.database.db.update(identityLinks).set({ status: "linked", subject: "okta-contributor" }).where(eq(identityLinks.userId, contributor));
    const page = await corporateAnswer("contributor@steward.test");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Add this key to your authenticator app");
    const secret = /<code>([A-Z2-7]+)<\/code>/.exec(page.body)![1];
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1];
    const post = (code: string) =>
      t.app.inject({ method: "POST", url: "/oauth2/mfa", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams({ session, code }).toString() });
    const wrong = await post(wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(secret);
    const right = await post(codeAt(secret));
    expect(right.statusCode).toBe(302);
    expect((await landed(page.browser, new URL(right.headers.location as string))).accessToken).toBeTruthy();
    expect(await identityRow(t, "contributor@steward.test")).toMatchObject({ totpEnabled: true });
    await setPolicy(t, "optional");
  });

  it("refuses a linked account an Administrator has put on hold (reset to a temporary password)", async () => {
    const reset = await v2("admin", "POST", "/access/user/reset-temporary-password", { email: "contributor@steward.test" });
    expect(reset.statusCode, reset.body).toBe(204);
    const refused = await corporateSignIn("contributor@steward.test");
    expect(refused.error).toBe("access_denied");
    expect(refused.description).toContain("is waiting for a new password");
  });

  it("the Administrator's removal ends the provider's sign-in", async () => {
    const approver = await userId("approver@steward.test");
    expect((await v2("admin", "DELETE", `/access/users/${approver}/identity-link`)).statusCode).toBe(204);
    const none = await v2("admin", "GET", `/access/users/${approver}/identity-link`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await corporateSignIn("approver@steward.test")).error).toBe("access_denied");
    expect(await linkAudit(approver, "user.identity_link_removed")).toHaveLength(1);
  });
});
