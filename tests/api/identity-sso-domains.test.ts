import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller, type OtherCompany } from "../support/tenants";
import { proveDomains, startTestDns, type TestDns } from "../support/dns";
import { SsoBrowser, startTestProvider, type TestProvider } from "../support/sso";
import { auditLog, companySsoDomains } from "../../server/db/schema";
import { loadConfig } from "../../server/config";
import { DomainProof } from "../../server/identity/sso/domain-proof";
import { DomainVerification } from "../../server/identity/sso/domain-verification";
import { federatedClaims } from "../../server/identity/sso/provisioning";
import { isUniqueViolation } from "../../server/db/errors";
import type { IdentityProvider } from "../../domain/entities/identity-provider";
import { EXPORTED_TABLES } from "../../server/company-export/tables";
import { decodeRow } from "../../server/company-export/rows";

/** E-mail domains route people to a company's provider only once proved by a DNS TXT record, checked on a real DNS server. */
let t: TestApp;
let dns: TestDns;
let other: OtherCompany;
/** A real OpenID provider, for the hosted sign-in's redirect to it. */
let idp: TestProvider;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);

const providerBody = (name: string, domains: string[]) => ({
  name,
  type: "oidc",
  // Never called: the lookup names the provider without reaching it.
  issuer_url: "http://127.0.0.1:9/idp",
  client_id: "client",
  client_secret: "secret",
  domains,
  jit_mode: "create",
  default_role: null,
  default_resource_group_id: null,
  enabled: true,
});
const create = async (who: string, name: string, domains: string[]): Promise<IdentityProvider> => {
  const res = await v2(who, "POST", "/company/identity-providers", providerBody(name, domains));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const verify = (who: string, provider: { id: string }, domain: string) => v2(who, "POST", `/company/identity-providers/${provider.id}/domains/${domain}/verify`);
const lookup = (email: string) => v2(null, "POST", "/sso/lookup", { email });
const stateOf = async (who: string, provider: { id: string }, domain: string) =>
  ((await v2(who, "GET", `/company/identity-providers/${provider.id}`)).json() as IdentityProvider).domain_verification.find((d) => d.domain === domain)!;

beforeAll(async () => {
  dns = await startTestDns();
  t = await createTestApp({ env: { DNS_RESOLVER: dns.address, SSO_PROVIDER_ALLOWLIST: "http://127.0.0.1" } });
  idp = await startTestProvider({ redirectUri: `${t.config.publicUrl}/oauth2/idpresponse`, people: [] });
  other = await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await dns?.close();
});

describe("proving an e-mail domain by DNS TXT record", () => {
  let acme: IdentityProvider;
  beforeAll(async () => {
    acme = await create("admin", "Acme", ["acme.test"]);
  });

  it("keeps a new domain pending, with a record of its own to publish, and routes no one", async () => {
    expect(acme.domains).toEqual(["acme.test"]);
    expect(acme.domain_verification).toEqual([
      { domain: "acme.test", status: "pending", txt_record: expect.stringMatching(/^steward-verification=[0-9a-f]{32}$/), verified_at: null, checked_at: null, check_failure: null },
    ]);
    const res = await lookup("ana@acme.test");
    expect(res.statusCode).toBe(404);
  });

  it("refuses to verify while the name or the record is missing, or carries another token, in its own words", async () => {
    const missingName = await verify("admin", acme, "acme.test");
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json()).toMatchObject({ detail: "The domain acme.test was not found in DNS. Check its spelling, or that it is published.", errors: [{ path: "domain", message: "sso.domainCheck.not_found" }] });

    dns.publish("acme.test", "v=spf1 -all");
    dns.publish("acme.test", "steward-verification=0123456789abcdef0123456789abcdef");
    const wrong = await verify("admin", acme, "acme.test");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toBe("No TXT record with this company's verification text was found at acme.test. Add it at your DNS host, wait for it to publish, and try again.");
    // A refused check changes nothing.
    expect(await stateOf("admin", acme, "acme.test")).toMatchObject({ status: "pending", check_failure: null, checked_at: null });
    expect((await lookup("ana@acme.test")).statusCode).toBe(404);
  });

  it("verifies with the right record, audits it, and from then on routes the domain's people to the provider", async () => {
    dns.publish("acme.test", acme.domain_verification[0].txt_record);
    const res = await verify("admin", acme, "acme.test");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ domain: "acme.test", status: "verified", verified_at: expect.any(String), check_failure: null });
    const routed = await lookup("Ana@ACME.test");
    expect(routed.statusCode).toBe(200);
    expect(routed.json()).toEqual({ identity_provider: acme.provider_name });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, acme.id), eq(auditLog.action, "identity_provider.domain_verified")));
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toMatchObject({ domain: "acme.test", status: "verified" });
  });

  it("keeps a verified domain verified when the provider is saved again, and a newly added one pending", async () => {
    const saved = await v2("admin", "PUT", `/company/identity-providers/${acme.id}`, { ...providerBody("Acme", ["acme.test", "labs.acme.test"]), client_secret: undefined });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as IdentityProvider).domain_verification.map((d) => [d.domain, d.status])).toEqual([
      ["acme.test", "verified"],
      ["labs.acme.test", "pending"],
    ]);
    expect((await lookup("x@labs.acme.test")).statusCode).toBe(404);
  });

  it("lets only Administrators verify, and only their own company's providers", async () => {
    expect((await verify("contributor", acme, "acme.test")).statusCode).toBe(403);
    expect((await verify("other", acme, "acme.test")).statusCode).toBe(404);
    expect((await verify("admin", acme, "unknown.test")).statusCode).toBe(404);
  });
});

describe("two companies and one domain", () => {
  it("lets both wait on it, but only the first to prove it gets it; the other can neither verify nor claim it then", async () => {
    const ours = await create("admin", "Ours", ["shared.test"]);
    const theirs = await create("other", "Theirs", ["shared.test"]);
    const [mine, yours] = [ours.domain_verification[0].txt_record, theirs.domain_verification[0].txt_record];
    expect(mine).not.toBe(yours);
    dns.publish("shared.test", mine);
    dns.publish("shared.test", yours);

    expect((await verify("other", theirs, "shared.test")).statusCode).toBe(200);
    const late = await verify("admin", ours, "shared.test");
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe("Another company has already verified shared.test; it cannot be verified for this company too.");
    expect((await lookup("a@shared.test")).json()).toEqual({ identity_provider: theirs.provider_name });
    expect((await stateOf("admin", ours, "shared.test")).status).toBe("pending");
    // A third provider of ours cannot claim it pending either, while the other company holds it.
    const claim = await v2("admin", "POST", "/company/identity-providers", providerBody("Again", ["shared.test", "again.test"]));
    expect(claim.statusCode).toBe(409);

    // The database holds the line too: one verified row per domain.
    const error = await t.database.db
      .update(companySsoDomains)
      .set({ status: "verified" })
      .where(and(eq(companySsoDomains.providerId, ours.id), eq(companySsoDomains.domain, "shared.test")))
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(other.companyId).toBeTruthy();
  });
});

describe("the daily check", () => {
  it("sends a domain whose record disappeared back to pending, audited, and runs once a day however often it is asked", async () => {
    const daily = await create("admin", "Daily", ["daily.test"]);
    await proveDomains(dns, t.app, token.admin, daily);
    expect((await lookup("d@daily.test")).statusCode).toBe(200);

    await t.app.sso.domains.recheckAll();
    expect((await stateOf("admin", daily, "daily.test")).status).toBe("verified");

    dns.txt.set("daily.test", ["v=spf1 -all"]);
    expect(await t.app.sso.domains.recheckOnce()).toBe(true);
    expect(await t.app.sso.domains.recheckOnce()).toBe(false);
    expect(await stateOf("admin", daily, "daily.test")).toMatchObject({ status: "pending", verified_at: null, check_failure: "record_missing" });
    expect((await lookup("d@daily.test")).statusCode).toBe(404);
    const lapsed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, daily.id), eq(auditLog.action, "identity_provider.domain_lapsed")));
    expect(lapsed).toHaveLength(1);
  });

  it("passes over a domain the installation proves by configuration (the demo provider's reserved one)", async () => {
    const reserved = await create("admin", "Reserved", ["reserved.test"]);
    await proveDomains(dns, t.app, token.admin, reserved);
    dns.txt.delete("reserved.test");
    await new DomainVerification(t.database.db, new DomainProof(dns.address), ["reserved.test"]).recheckAll();
    expect((await stateOf("admin", reserved, "reserved.test")).status).toBe("verified");
    expect((await lookup("r@reserved.test")).statusCode).toBe(200);
    // Any other installation looks it up, and it lapses.
    await new DomainVerification(t.database.db, new DomainProof(dns.address)).recheckAll();
    expect((await stateOf("admin", reserved, "reserved.test")).status).toBe("pending");
  });
});

describe("the hosted sign-in's login_hint", () => {
  it("is passed on to the provider for a verified domain only", async () => {
    const res = await v2("admin", "POST", "/company/identity-providers", {
      ...providerBody("Hinted", ["hinted.test", "unproved.test"]),
      issuer_url: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
    });
    expect(res.statusCode, res.body).toBe(201);
    const hinted: IdentityProvider = res.json();
    await proveDomains(dns, t.app, token.admin, hinted, ["hinted.test"]);
    const hintSent = async (email: string) => {
      const b = new SsoBrowser(t.app, t.config.publicUrl);
      const start = await b.request(b.authorizeUrl(hinted.provider_name, { login_hint: email }));
      expect(start.status).toBe(302);
      return new URL(start.location!).searchParams.get("login_hint");
    };
    expect(await hintSent("ana@hinted.test")).toBe("ana@hinted.test");
    expect(await hintSent("ana@unproved.test")).toBeNull();
  });
});

describe("the resolver", () => {
  it("says so, in its own words, when no resolver answers", async () => {
    const outcome = await new DomainProof("127.0.0.1:9").check("acme.test", "x");
    expect(outcome).toEqual({ ok: false, failure: "unreachable", message: "The DNS resolver could not be reached, so the domain could not be checked. Try again in a few minutes." });
  });

  it("takes DNS_RESOLVER as an address with an optional port, and names a bad one at start", () => {
    expect(loadConfig({ DNS_RESOLVER: "127.0.0.1:5353" }, "").DNS_RESOLVER).toBe("127.0.0.1:5353");
    expect(loadConfig({ DNS_RESOLVER: "[::1]:53" }, "").DNS_RESOLVER).toBe("[::1]:53");
    expect(loadConfig({}, "").DNS_RESOLVER).toBeUndefined();
    expect(() => loadConfig({ DNS_RESOLVER: "dns.example:53" }, "")).toThrow(/Invalid setting DNS_RESOLVER/);
  });
});

describe("the federated e-mail address", () => {
  it("must be stated verified: a missing or false email_verified is refused with a sentence", () => {
    const claims = { email: "ana@acme.test", given_name: "Ana" };
    const provider = { name: "Acme", type: "oidc" as const };
    expect(() => federatedClaims(provider, ["acme.test"], claims)).toThrow("Acme did not confirm that the e-mail address ana@acme.test is verified, so it cannot sign you in to Steward. Ask your administrator.");
    expect(() => federatedClaims(provider, ["acme.test"], { ...claims, email_verified: false })).toThrow(/did not confirm/);
    expect(federatedClaims(provider, ["acme.test"], { ...claims, email_verified: true }).email).toBe("ana@acme.test");
    // A pending domain is not among the provider's domains: its people are refused.
    expect(() => federatedClaims(provider, [], { ...claims, email_verified: true })).toThrow("Acme does not sign in addresses of acme.test.");
  });
});

describe("a company export", () => {
  it("carries no proof: an import cannot bring a domain in verified, it starts pending with a token of its own", () => {
    const spec = EXPORTED_TABLES.find((table) => table.name === "company_sso_domains")!;
    const providerId = "33333333-3333-4333-8333-333333333333";
    const context = { companyId: other.companyId, roleIds: new Map(), ids: new Map([["company_identity_providers", new Set<unknown>([providerId])]]) };
    expect(decodeRow(spec, { domain: "acme.test", provider_id: providerId }, 0, context)).toEqual({ domain: "acme.test", companyId: other.companyId, providerId });
    expect(() => decodeRow(spec, { domain: "acme.test", provider_id: providerId, status: "verified" }, 0, context)).toThrow(/unknown fields: status/);
  });
});
