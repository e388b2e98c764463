import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { SignJWT, importJWK, decodeJwt } from "jose";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller, type OtherCompany } from "../support/tenants";
import { PROVIDER_PASSWORD, SsoBrowser, startTestProvider, type TestProvider } from "../support/sso";
import { auditLog, companies, companyIdentityProviders, identityOauthTransactions, identityUsers, resourceGroups, users } from "../../server/db/schema";
import { restoreAccess } from "../../server/identity/restore-access";
import { cognitoFirstSignIn } from "../../server/identity/sso/cognito-first-sign-in";
import { DEMO_COMPANY } from "../../server/db/seed/company";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { protocol, signInRaw } from "./identity-support";
import { proveDomains, startTestDns, type TestDns } from "../support/dns";

/** Corporate sign-in: the providers an Administrator keeps, the public lookup, and the hosted sign-in through a real provider. */
let t: TestApp;
let provider: TestProvider;
/** Where the company proves its domains (DNS_RESOLVER): a domain routes no one until proved. */
let dns: TestDns;
let other: OtherCompany;
let demoCompanyId: string;
let allGroupId: string;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);
const people = [
  { sub: "acme-1", email: "new.person@acme.test", givenName: "Nia", familyName: "New" },
  { sub: "acme-2", email: "known.person@acme.test", givenName: "Kai", familyName: "Known" },
  { sub: "acme-3", email: "outsider@elsewhere.test", givenName: "Oz", familyName: "Out" },
  { sub: "acme-4", email: "olga.second@acme.test", givenName: "Olga", familyName: "Second" },
  { sub: "acme-5", email: "fresh.one@acme.test", givenName: "Fia", familyName: "Fresh" },
  { sub: "acme-6", email: "late.one@acme.test", givenName: "Lu", familyName: "Late" },
];
const credentials = (email: string) => ({ email, password: PROVIDER_PASSWORD });

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Acme Okta",
  type: "oidc",
  issuer_url: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  domains: ["acme.test"],
  jit_mode: "create",
  default_role: null,
  default_resource_group_id: null,
  enabled: true,
  ...overrides,
});

let acme: { id: string; provider_name: string; version: number };
const browser = () => new SsoBrowser(t.app, t.config.publicUrl);

beforeAll(async () => {
  // The test provider runs on loopback, which only the operator's allowlist lets a provider be on.
  dns = await startTestDns();
  t = await createTestApp({ env: { SSO_PROVIDER_ALLOWLIST: "http://127.0.0.1", DNS_RESOLVER: dns.address } });
  provider = await startTestProvider({ redirectUri: `${t.config.publicUrl}/oauth2/idpresponse`, people });
  const db = t.database.db;
  [{ id: demoCompanyId }] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
  [{ id: allGroupId }] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, demoCompanyId), eq(resourceGroups.groupType, "ALL")));
  other = await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const created = await v2("admin", "POST", "/company/identity-providers", providerBody());
  expect(created.statusCode, created.body).toBe(201);
  acme = created.json();
  await proveDomains(dns, t.app, token.admin, created.json());
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
  await dns?.close();
});

describe("identity providers in Manage Company", () => {
  it("stores a provider with its secret sealed and never answers the secret", async () => {
    const res = await v2("admin", "GET", `/company/identity-providers/${acme.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: "Acme Okta", type: "oidc", has_client_secret: true, domains: ["acme.test"], redirect_uri: `${t.config.publicUrl}/oauth2/idpresponse` });
    expect(JSON.stringify(body)).not.toContain(provider.clientSecret);
    expect(acme.provider_name).toBe(acme.id.replaceAll("-", ""));
    const [row] = await t.database.db.select().from(companyIdentityProviders).where(eq(companyIdentityProviders.id, acme.id));
    expect(row.clientSecret).toMatch(/^v1\./);
    expect(row.clientSecret).not.toContain(provider.clientSecret);
    const list = await v2("admin", "GET", "/company/identity-providers");
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: acme.id }] });
  });

  it("is for Administrators only, and another company sees none of ours", async () => {
    for (const who of ["reviewer", "approver", "contributor", "noroles"]) {
      expect((await v2(who, "GET", "/company/identity-providers")).statusCode).toBe(403);
      expect((await v2(who, "POST", "/company/identity-providers", providerBody({ name: "Mine", domains: ["mine.test"] }))).statusCode).toBe(403);
    }
    expect((await v2("other", "GET", "/company/identity-providers")).json()).toEqual({ items: [], total: 0 });
    expect((await v2("other", "GET", `/company/identity-providers/${acme.id}`)).statusCode).toBe(404);
    expect((await v2("other", "PUT", `/company/identity-providers/${acme.id}`, providerBody())).statusCode).toBe(404);
    expect((await v2("other", "DELETE", `/company/identity-providers/${acme.id}`)).statusCode).toBe(404);
  });

  it("gives a domain to one company only, and one name to one provider of a company", async () => {
    const taken = await v2("other", "POST", "/company/identity-providers", providerBody({ name: "Theirs" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: "domains", message: "sso.validation.domainTaken" }]);
    const sameName = await v2("admin", "POST", "/company/identity-providers", providerBody({ domains: ["acme2.test"] }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual([{ path: "name", message: "sso.validation.nameTaken" }]);
  });

  it("refuses SAML with the built-in sign-in, a type change, a missing secret and a stale version", async () => {
    const saml = await v2("admin", "POST", "/company/identity-providers", providerBody({ name: "Saml", type: "saml", metadata_url: "https://idp.example/metadata.xml", domains: ["saml.test"] }));
    expect(saml.statusCode).toBe(400);
    expect(saml.json().errors).toEqual([{ path: "type", message: "sso.validation.samlLocal" }]);
    const noSecret = await v2("admin", "POST", "/company/identity-providers", providerBody({ name: "NoSecret", client_secret: undefined, domains: ["nosecret.test"] }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().errors).toEqual([{ path: "client_secret", message: "validation.required" }]);
    const retype = await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, providerBody({ type: "saml", metadata_url: "https://idp.example/m.xml" }));
    expect(retype.statusCode).toBe(400);
    const stale = await t.app.inject({
      method: "PUT",
      url: `/v2/company/identity-providers/${acme.id}`,
      headers: { authorization: `Bearer ${token.admin}`, "if-match": `"${acme.version + 5}"` },
      payload: providerBody(),
    });
    expect(stale.statusCode).toBe(412);
  });

  it("keeps the stored secret when an edit leaves it out, audits the change without it, and frees the domains on delete", async () => {
    const body = providerBody({ name: "Acme SSO", client_secret: undefined, domains: ["acme.test", "acme-labs.test"] });
    const saved = await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Acme SSO", has_client_secret: true, domains: ["acme-labs.test", "acme.test"] });
    // The stored secret still signs in: the connection test with provider_id uses it.
    const tested = await v2("admin", "POST", "/company/identity-providers/test", { issuer_url: provider.issuer, client_id: provider.clientId, provider_id: acme.id });
    expect(tested.json().steps[0]).toMatchObject({ step: "discovery", state: "ok" });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, acme.id), eq(auditLog.action, "identity_provider.updated")));
    expect(entry.after).toMatchObject({ name: "Acme SSO" });
    expect(JSON.stringify(entry)).not.toContain(provider.clientSecret);

    const spare = await v2("admin", "POST", "/company/identity-providers", providerBody({ name: "Spare", domains: ["spare.test"] }));
    await proveDomains(dns, t.app, token.admin, spare.json());
    expect((await v2(null, "POST", "/sso/lookup", { email: "a@spare.test" })).statusCode).toBe(200);
    expect((await v2("admin", "DELETE", `/company/identity-providers/${spare.json().id}`)).statusCode).toBe(204);
    expect((await v2(null, "POST", "/sso/lookup", { email: "a@spare.test" })).statusCode).toBe(404);
  });
});

describe("POST /v2/sso/lookup", () => {
  it("names the provider of a mapped domain, and answers every other address alike", async () => {
    const mapped = await v2(null, "POST", "/sso/lookup", { email: "Someone@ACME.test" });
    expect(mapped.json()).toEqual({ identity_provider: acme.provider_name });
    const detail = "An error occurred while signing in. Please check that your email is correct.";
    for (const email of ["someone@unmapped.test", "no-at-sign", "xy@"]) {
      const res = await v2(null, "POST", "/sso/lookup", { email });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(detail);
    }
    expect((await v2(null, "POST", "/sso/lookup", { email: "ab" })).statusCode).toBe(400);
  });
});

describe("hosted sign-in through the company's provider", () => {
  it("creates a newcomer on the spot, without roles, and signs them in with Cognito-shaped tokens", async () => {
    const b = browser();
    const back = await b.signIn(acme.provider_name, credentials("new.person@acme.test"));
    expect(back.pathname).toBe("/auth/callback/");
    expect(back.searchParams.get("state")).toBe(b.state);
    const tokens = await b.redeem(back.searchParams.get("code")!);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(decodeJwt(tokens.body.access_token)).toMatchObject({ token_use: "access", client_id: "steward-web" });
    expect(decodeJwt(tokens.body.id_token)).toMatchObject({ token_use: "id", email: "new.person@acme.test" });
    const me = await t.app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(me.json()).toMatchObject({ email: "new.person@acme.test", first_name: "Nia", last_name: "New", roles: [] });
    const [created] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "user.created"), eq(auditLog.entityId, me.json().id)));
    expect(created).toMatchObject({ actorType: "system", actorName: "Corporate sign-in (Acme SSO)" });

    const refreshed = await t.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ grant_type: "refresh_token", client_id: "steward-web", refresh_token: tokens.body.refresh_token }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ token_type: "Bearer" });
    expect(refreshed.json().refresh_token).toBeUndefined();
  });

  it("gives a newcomer the provider's default role and group", async () => {
    const saved = await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, providerBody({ name: "Acme SSO", client_secret: undefined, domains: ["acme.test", "acme-labs.test"], default_role: "ApplicationReviewer", default_resource_group_id: allGroupId }));
    expect(saved.statusCode, saved.body).toBe(200);
    const b = browser();
    const tokens = await b.redeem((await b.signIn(acme.provider_name, credentials("fresh.one@acme.test"))).searchParams.get("code")!);
    const me = await t.app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(me.json().roles).toEqual([expect.objectContaining({ name: "ApplicationReviewer" })]);
  });

  it("signs in only accounts it made, and refuses unknown people when the provider creates no one", async () => {
    // An account an Administrator made has a password (a temporary one): the provider must not stand in for it.
    const invited = await v2("admin", "POST", "/access/users", { email: "known.person@acme.test", first_name: "Kai", last_name: "Known", language: "en" });
    expect(invited.statusCode).toBe(201);
    const refusedInvite = await browser().signIn(acme.provider_name, credentials("known.person@acme.test"));
    expect(refusedInvite.searchParams.get("error")).toBe("access_denied");
    expect(refusedInvite.searchParams.get("error_description")).toContain("known.person@acme.test already signs in with a password");
    expect(refusedInvite.searchParams.get("code")).toBeNull();

    await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, providerBody({ name: "Acme SSO", client_secret: undefined, domains: ["acme.test", "acme-labs.test"], jit_mode: "existing_only" }));
    try {
      const b = browser();
      const tokens = await b.redeem((await b.signIn(acme.provider_name, credentials("new.person@acme.test"))).searchParams.get("code")!);
      const me = await t.app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${tokens.body.access_token}` } });
      expect(me.json()).toMatchObject({ email: "new.person@acme.test", first_name: "Nia" });
      const refused = await browser().signIn(acme.provider_name, credentials("late.one@acme.test"));
      expect(refused.searchParams.get("error")).toBe("access_denied");
      expect(refused.searchParams.get("error_description")).toContain("There is no Steward account for late.one@acme.test");
      expect(refused.searchParams.get("code")).toBeNull();
    } finally {
      await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, providerBody({ name: "Acme SSO", client_secret: undefined, domains: ["acme.test", "acme-labs.test"] }));
    }
  });

  it("never signs in someone of another domain or of another company, whatever the provider asserts", async () => {
    const outsider = await browser().signIn(acme.provider_name, credentials("outsider@elsewhere.test"));
    expect(outsider.searchParams.get("error_description")).toContain("does not sign in addresses of elsewhere.test");
    // A person of the other company whose address is in our provider's domain.
    const [theirs] = await t.database.db.select().from(users).where(eq(users.id, other.adminId));
    await t.database.db.insert(users).values({ companyId: other.companyId, sub: crypto.randomUUID(), email: "olga.second@acme.test", firstName: "Olga", lastName: theirs.lastName });
    const crossing = await browser().signIn(acme.provider_name, credentials("olga.second@acme.test"));
    expect(crossing.searchParams.get("error")).toBe("access_denied");
    expect(crossing.searchParams.get("error_description")).toContain("belongs to another organisation");
  });

  it("spends the provider's answer once and refuses a tampered state", async () => {
    const b = browser();
    const start = await b.request(b.authorizeUrl(acme.provider_name));
    const answer = await b.toProviderAnswer(start.location!, credentials("new.person@acme.test"));
    const tampered = new URL(answer);
    tampered.searchParams.set("state", `${tampered.searchParams.get("state")}x`);
    const refused = await b.request(tampered.toString());
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("unknown or was already used");
    expect(refused.location).toBeUndefined();
    expect((await b.request(answer)).location).toContain("code=");
    const replay = await b.request(answer);
    expect(replay.status).toBe(400);
  });

  it("trades a code once, with its own verifier and redirect URI only", async () => {
    const b = browser();
    const code = (await b.signIn(acme.provider_name, credentials("new.person@acme.test"))).searchParams.get("code")!;
    const wrong = await b.redeem(code, { code_verifier: "A".repeat(64) });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "The code_verifier does not match the code_challenge." } });
    // Spent by the wrong attempt: the right verifier comes too late.
    expect((await b.redeem(code)).body.error).toBe("invalid_grant");

    const c = browser();
    const code2 = (await c.signIn(acme.provider_name, credentials("new.person@acme.test"))).searchParams.get("code")!;
    expect((await c.redeem(code2, { redirect_uri: "http://localhost:8080/elsewhere" })).body.error).toBe("invalid_grant");
    const d = browser();
    const code3 = (await d.signIn(acme.provider_name, credentials("new.person@acme.test"))).searchParams.get("code")!;
    expect((await d.redeem(code3)).status).toBe(200);
    expect((await d.redeem(code3)).body).toMatchObject({ error: "invalid_grant", error_description: "The code is invalid, expired or already used." });
    expect((await d.redeem(code3, { client_secret: "x" })).body.error).toBe("unauthorized_client");
  });

  it("tells the app to start again when the sign-in took longer than 3 minutes", async () => {
    const b = browser();
    const start = await b.request(b.authorizeUrl(acme.provider_name));
    const answer = await b.toProviderAnswer(start.location!, credentials("new.person@acme.test"));
    await t.database.db.update(identityOauthTransactions).set({ expiresAt: new Date(Date.now() - 1000) });
    const back = new URL((await b.request(answer)).location!);
    expect(back.searchParams.get("error_description")).toBe("The sign-in took longer than 3 minutes. Please start again.");
    expect(back.searchParams.get("state")).toBe(b.state);
  });

  it("refuses an ID token with a broken signature or for another audience", async () => {
    const key = await importJWK(provider.signingJwk, "RS256");
    const cases: Array<[string, (idToken: string) => Promise<string>]> = [
      ["signature", async (idToken) => `${idToken.slice(0, -6)}AAAAAA`],
      ["audience", async (idToken) => new SignJWT({ ...decodeJwt(idToken), aud: "someone-else" }).setProtectedHeader({ alg: "RS256", kid: provider.signingJwk.kid }).sign(key)],
    ];
    for (const [what, rewrite] of cases) {
      provider.tamper = async (body) => ({ ...body, id_token: await rewrite(body.id_token as string) });
      try {
        const back = await browser().signIn(acme.provider_name, credentials("new.person@acme.test"));
        expect(back.searchParams.get("error"), what).toBe("access_denied");
        expect(back.searchParams.get("code"), what).toBeNull();
      } finally {
        provider.tamper = null;
      }
    }
  });

  it("sends the app back with a clear error while the provider is down, and password sign-in still works", async () => {
    const down = await v2("admin", "POST", "/company/identity-providers", providerBody({ name: "Down", issuer_url: "http://127.0.0.1:9/", domains: ["down.test"] }));
    expect(down.statusCode, down.body).toBe(201);
    const b = browser();
    const back = new URL((await b.request(b.authorizeUrl(down.json().provider_name))).location!);
    expect(back.pathname).toBe("/auth/callback/");
    expect(back.searchParams.get("error")).toBe("temporarily_unavailable");
    expect(back.searchParams.get("error_description")).toContain("Down cannot be reached right now");
    expect((await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken).toBeTruthy();
  });
});

describe("the hosted sign-in's own checks", () => {
  it("shows an error page, never a redirect, for an unknown client or a redirect URI that is not the app's", async () => {
    const b = browser();
    const cases: Array<Record<string, string>> = [{ client_id: "someone-else" }, { redirect_uri: "https://evil.example/auth/callback/" }, { redirect_uri: `${t.config.publicUrl}/elsewhere` }];
    for (const overrides of cases) {
      const res = await b.request(b.authorizeUrl(acme.provider_name, overrides));
      expect(res.status).toBe(400);
      expect(res.location).toBeUndefined();
    }
  });

  it("sends the app its error, with its state, for a request without PKCE, a wrong scope or no provider", async () => {
    const b = browser();
    const cases: Array<[Record<string, string | null>, string]> = [
      [{ code_challenge: null }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "openid admin" }, "invalid_scope"],
      [{ identity_provider: null }, "invalid_request"],
      [{ identity_provider: "0".repeat(32) }, "invalid_request"],
    ];
    for (const [overrides, error] of cases) {
      const back = new URL((await b.request(b.authorizeUrl(acme.provider_name, overrides))).location!);
      expect(back.pathname).toBe("/auth/callback/");
      expect(back.searchParams.get("error"), JSON.stringify(overrides)).toBe(error);
      expect(back.searchParams.get("state")).toBe(b.state);
    }
  });

  it("logs out to the app's sign-in page only", async () => {
    const b = browser();
    const good = await b.request(`/logout?client_id=steward-web&logout_uri=${encodeURIComponent(`${t.config.publicUrl}/signin`)}`);
    expect(good).toMatchObject({ status: 302, location: `${t.config.publicUrl}/signin` });
    expect((await b.request(`/logout?client_id=steward-web&logout_uri=${encodeURIComponent("https://evil.example/signin")}`)).status).toBe(400);
    expect((await b.request(`/logout?client_id=nobody&logout_uri=${encodeURIComponent(`${t.config.publicUrl}/signin`)}`)).status).toBe(400);
  });
});

describe("Test connection", () => {
  const settings = () => ({ issuer_url: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret });

  it("checks discovery, keys and the redirect URI at once, then finishes with the round trip's claims", async () => {
    const started = await v2("admin", "POST", "/company/identity-providers/test", settings());
    expect(started.statusCode, started.body).toBe(201);
    const test = started.json();
    expect(test.status).toBe("pending");
    expect(test.steps.map((s: { step: string; state: string }) => `${s.step}:${s.state}`)).toEqual(["discovery:ok", "keys:ok", "redirect_uri:ok", "sign_in:pending", "claims:pending"]);
    expect(test.steps[1].detail).toContain("test-key");
    const b = browser();
    const answer = await b.toProviderAnswer(test.authorize_url, credentials("new.person@acme.test"));
    const page = await b.request(answer);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Connection test passed");
    const read = (await v2("admin", "GET", `/company/identity-providers/test/${test.id}`)).json();
    expect(read.status).toBe("passed");
    expect(read.claims).toMatchObject({ email: "new.person@acme.test", email_verified: true });
    expect(JSON.stringify(read)).not.toMatch(/access_token|id_token|eyJ/);
    expect((await v2("other", "GET", `/company/identity-providers/test/${test.id}`)).statusCode).toBe(404);
  });

  it("fails at discovery for an unreachable issuer and skips the rest", async () => {
    const res = await v2("admin", "POST", "/company/identity-providers/test", { ...settings(), issuer_url: "http://127.0.0.1:9" });
    const test = res.json();
    expect(test.status).toBe("failed");
    expect(test.authorize_url).toBeNull();
    expect(test.steps[0]).toMatchObject({ step: "discovery", state: "failed" });
    expect(test.steps[0].detail).toContain("cannot be reached");
    expect(test.steps.slice(1).every((s: { state: string }) => s.state === "skipped")).toBe(true);
  });

  it("fails the sign-in step when the provider refuses the client secret", async () => {
    const test = (await v2("admin", "POST", "/company/identity-providers/test", { ...settings(), client_secret: "not-the-secret" })).json();
    const b = browser();
    await b.request(await b.toProviderAnswer(test.authorize_url, credentials("new.person@acme.test")));
    const read = (await v2("admin", "GET", `/company/identity-providers/test/${test.id}`)).json();
    expect(read.status).toBe("failed");
    expect(read.steps.find((s: { step: string }) => s.step === "sign_in")).toMatchObject({ state: "failed" });
    expect(read.steps.find((s: { step: string }) => s.step === "sign_in").detail).toContain("invalid_client");
  });
});

describe("first sign-in with Amazon Cognito", () => {
  it("makes the account of a federated pool user from the attributes Cognito keeps, once, and refuses a second identity for it", async () => {
    const claims = (sub: string, username: string) => ({ kind: "user" as const, sub, username, client_id: "web", origin_jti: undefined, exp: 0 });
    const profile = async () => ({ email: "cora.cognito@acme.test", email_verified: "true", given_name: "Cora", family_name: "Cog" });
    const sub = crypto.randomUUID();
    expect(await cognitoFirstSignIn(t.database.db, t.app.sso.providers, claims(sub, `${acme.provider_name}_idp-subject-1`), "token", profile)).toBe(true);
    const [created] = await t.database.db.select().from(users).where(eq(users.sub, sub));
    expect(created).toMatchObject({ email: "cora.cognito@acme.test", firstName: "Cora", companyId: demoCompanyId });
    // Cognito made no local identity user: the pool keeps the sign-in.
    expect(await t.database.db.select().from(identityUsers).where(eq(identityUsers.sub, sub))).toEqual([]);
    await expect(cognitoFirstSignIn(t.database.db, t.app.sso.providers, claims(crypto.randomUUID(), `${acme.provider_name}_idp-subject-2`), "token", profile)).rejects.toThrow("already signs in with a password");
    expect(await cognitoFirstSignIn(t.database.db, t.app.sso.providers, claims(crypto.randomUUID(), "plain.user@acme.test"), "token", profile)).toBe(false);
  });
});

describe("restoring access from the command line", () => {
  it("gives a locked-out person a temporary password without second factors, the Administrator role, and a company with SSO off", async () => {
    const db = t.database.db;
    const invited = await v2("admin", "POST", "/access/users", { email: "locked.out@steward.test", first_name: "Lou", last_name: "Locked", language: "en" });
    const [identity] = await db.select().from(identityUsers).where(eq(identityUsers.username, "locked.out@steward.test"));
    await db.update(identityUsers).set({ totpEnabled: true, totpSecret: "v1.x.y.z", emailMfaEnabled: true }).where(eq(identityUsers.sub, identity.sub));

    const result = await restoreAccess(db, { email: "Locked.Out@steward.test", grantAdmin: true, disableSso: true, resetCredentials: true });
    expect(result).toMatchObject({ company: DEMO_COMPANY.name, grantedAdmin: true });
    expect(result.disabledProviders).toContain("Acme SSO");
    expect((await v2(null, "POST", "/sso/lookup", { email: "x@acme.test" })).statusCode).toBe(404);

    const started = await protocol(t.app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: "steward-web", AuthParameters: { USERNAME: "locked.out@steward.test", PASSWORD: result.temporaryPassword } });
    expect(started.body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
    const [after] = await db.select().from(identityUsers).where(eq(identityUsers.sub, identity.sub));
    expect(after).toMatchObject({ totpEnabled: false, totpSecret: null, emailMfaEnabled: false });
    const user = (await v2("admin", "GET", `/access/users/${invited.json().id}`)).json();
    expect(user.roles.map((r: { name: string }) => r.name)).toContain("Administrator");
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorName, "Operator (command line)"));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["user.access_restored", "role.granted", "identity_provider.updated"]));

    await expect(restoreAccess(db, { email: "nobody@steward.test", grantAdmin: false, disableSso: false, resetCredentials: true })).rejects.toThrow("No Steward user");
  });
});
