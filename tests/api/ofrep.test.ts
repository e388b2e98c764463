import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { companies, featureFlags, users } from "../../server/db/schema";
import { seedDemoData } from "../../server/db/seed";
import { createMemorySigningKey } from "../../server/identity/keys";
import { flagBucket } from "../../domain/flags/bucket";
import { createTestDatabase } from "../support/test-app";
import { freePort } from "../support/free-port";
import { CALLERS, createOtherCompany, signInCallers, type Caller } from "../support/tenants";

/**
 * Our flag service over the OpenFeature Remote Evaluation Protocol, and the OpenFeature server SDK using it:
 * `service` evaluates in process; `consumer` has FLAGS_OFREP_URL pointed at `service`, listening on loopback,
 * over the same database (one company's flags, one sign-in).
 */
const PATH = "/ofrep/v1/evaluate/flags";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: FastifyInstance;
let consumer: FastifyInstance;
let companyId: string;
let otherCompanyId: string;
const token = {} as Record<Caller, string>;
const userId: Record<string, string> = {};
const db = () => database.database.db;

async function build(env: Record<string, string>, signingKey: Awaited<ReturnType<typeof createMemorySigningKey>>, ownsDatabase: boolean) {
  // One public URL for both: the tokens' issuer, so each accepts the other's.
  const config = loadConfig({ RATE_LIMIT_MAX: "100000", PUBLIC_URL: "http://localhost:8080", ...env }, "");
  // The database is shared: only its owner closes it.
  const shared = ownsDatabase ? database.database : { ...database.database, close: async () => {} };
  const app = await buildApp({ config, database: shared, logger: false, spaRoot: "/nonexistent", identity: { signingKey } });
  await app.ready();
  return app;
}

const evaluate = (who: Caller | null, url: string, body: unknown, headers: Record<string, string> = {}) =>
  service.inject({
    method: "POST",
    url,
    headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
const context = (who: Caller, extra: Record<string, unknown> = {}) => ({ context: { targetingKey: userId[who], ...extra } });

async function setFlag(key: string, settings: Partial<typeof featureFlags.$inferInsert>, company = companyId) {
  await db()
    .insert(featureFlags)
    .values({ companyId: company, key, enabled: true, ...settings })
    .onConflictDoUpdate({ target: [featureFlags.companyId, featureFlags.key], set: { enabled: true, roles: [], percentage: null, ...settings } });
}
const clearFlags = () => db().delete(featureFlags);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(db(), { applications: false });
  [{ id: companyId }] = await db().select().from(companies).where(eq(companies.name, "Demo Co"));
  ({ companyId: otherCompanyId } = await createOtherCompany(db()));
  const signingKey = await createMemorySigningKey();
  service = await build({}, signingKey, true);
  const port = await freePort();
  await service.listen({ port, host: "127.0.0.1" });
  consumer = await build({ FLAGS_OFREP_URL: `http://127.0.0.1:${port}` }, signingKey, false);
  Object.assign(token, await signInCallers(service));
  for (const [who, email] of Object.entries(CALLERS)) {
    const [row] = await db().select().from(users).where(eq(users.email, email));
    userId[who] = row.id;
  }
}, 60_000);
afterAll(async () => {
  await consumer?.close();
  await service?.close();
  await database?.drop();
});

describe("single flag: POST /ofrep/v1/evaluate/flags/{key}", () => {
  it("answers a product flag at its default, and a stored flag by its rule", async () => {
    await clearFlags();
    const atDefault = await evaluate("reviewer", `${PATH}/llm-testing`, context("reviewer"));
    expect(atDefault.statusCode).toBe(200);
    expect(atDefault.json()).toEqual({ key: "llm-testing", value: true, reason: "DEFAULT", variant: "on", metadata: {} });

    await setFlag("llm-testing", { enabled: false });
    expect((await evaluate("reviewer", `${PATH}/llm-testing`, context("reviewer"))).json()).toMatchObject({ value: false, reason: "DISABLED", variant: "off" });
    await setFlag("new-dashboard", {});
    expect((await evaluate("reviewer", `${PATH}/new-dashboard`, context("reviewer"))).json()).toMatchObject({ value: true, reason: "STATIC" });
  });

  it("answers 404 FLAG_NOT_FOUND for an unknown flag", async () => {
    const res = await evaluate("admin", `${PATH}/no-such-flag`, context("admin"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: "no-such-flag", errorCode: "FLAG_NOT_FOUND", errorDetails: "Flag 'no-such-flag' was not found." });
  });

  it("answers 400 in the protocol's words for a body or context it cannot use", async () => {
    const cases: Array<[unknown, string]> = [
      ["{not json", "PARSE_ERROR"],
      [[1, 2], "PARSE_ERROR"],
      [{}, "INVALID_CONTEXT"],
      [{ context: "me" }, "INVALID_CONTEXT"],
      [{ context: { targetingKey: 42 } }, "INVALID_CONTEXT"],
      [{ context: { email: "a@b.test" } }, "TARGETING_KEY_MISSING"],
    ];
    for (const [body, errorCode] of cases) {
      const res = await evaluate("admin", `${PATH}/llm-testing`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ errorCode, errorDetails: expect.any(String) });
    }
  });

  it("answers 401 without a valid bearer token", async () => {
    expect((await evaluate(null, `${PATH}/llm-testing`, context("admin"))).statusCode).toBe(401);
    const forged = await evaluate(null, `${PATH}/llm-testing`, context("admin"), { authorization: "Bearer not-a-token" });
    expect(forged.statusCode).toBe(401);
    expect((await evaluate(null, PATH, context("admin"))).statusCode).toBe(401);
  });

  it("targets by role from the token: a context claiming other roles changes nothing", async () => {
    await setFlag("admin-preview", { roles: ["Administrator"] });
    expect((await evaluate("admin", `${PATH}/admin-preview`, context("admin"))).json()).toMatchObject({ value: true, reason: "TARGETING_MATCH" });
    const claimed = await evaluate("reviewer", `${PATH}/admin-preview`, context("reviewer", { roles: ["Administrator"] }));
    expect(claimed.json()).toMatchObject({ value: false, reason: "TARGETING_MATCH" });
  });

  it("evaluates the token's company: a context naming another company changes nothing", async () => {
    await setFlag("data-export", { enabled: false }, otherCompanyId);
    await setFlag("theirs-only", {}, otherCompanyId);
    await setFlag("data-export", { enabled: true });
    const res = await evaluate("admin", `${PATH}/data-export`, context("admin", { companyId: otherCompanyId }));
    expect(res.json()).toMatchObject({ value: true });
    expect((await evaluate("admin", `${PATH}/theirs-only`, context("admin", { companyId: otherCompanyId }))).statusCode).toBe(404);
    expect((await evaluate("other", `${PATH}/data-export`, context("other"))).json()).toMatchObject({ value: false });
  });

  it("gives each user a share-of-users flag by their stable bucket, the same on every call", async () => {
    await clearFlags();
    const keys = Array.from({ length: 40 }, (_, i) => `rollout-${i}`);
    for (const key of keys) await setFlag(key, { percentage: 50 });
    let on = 0;
    for (const key of keys) {
      const answers = await Promise.all([1, 2, 3].map(() => evaluate("contributor", `${PATH}/${key}`, context("contributor"))));
      const values = answers.map((a) => a.json().value);
      expect(new Set(values).size, key).toBe(1);
      expect(values[0]).toBe(flagBucket(key, userId.contributor) < 50);
      if (values[0]) on++;
    }
    // About half of the rollouts at 50 % include this user.
    expect(on).toBeGreaterThan(10);
    expect(on).toBeLessThan(30);
    // The bucket is the token's user's, whatever targeting key the context names.
    const claimed = await evaluate("contributor", `${PATH}/rollout-0`, context("contributor", { targetingKey: userId.admin }));
    expect(claimed.json().value).toBe(flagBucket("rollout-0", userId.contributor) < 50);
  });
});

describe("bulk: POST /ofrep/v1/evaluate/flags", () => {
  it("answers every flag of the company with an ETag, and 304 for If-None-Match while nothing changed", async () => {
    await clearFlags();
    await setFlag("beta", { roles: ["ApplicationReviewer"] });
    const res = await evaluate("reviewer", PATH, context("reviewer"));
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toEqual([
      { key: "beta", value: true, reason: "TARGETING_MATCH", variant: "on", metadata: {} },
      { key: "data-export", value: true, reason: "DEFAULT", variant: "on", metadata: {} },
      { key: "llm-testing", value: true, reason: "DEFAULT", variant: "on", metadata: {} },
    ]);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await evaluate("reviewer", PATH, context("reviewer"), { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await setFlag("llm-testing", { enabled: false });
    const changed = await evaluate("reviewer", PATH, context("reviewer"), { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().flags.find((f: { key: string }) => f.key === "llm-testing")).toMatchObject({ value: false, reason: "DISABLED" });
  });

  it("answers a bad context with 400 and no key", async () => {
    const res = await evaluate("admin", PATH, { context: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorCode: "INVALID_CONTEXT", errorDetails: expect.any(String) });
  });

  it("lets a browser on another origin ask (CORS, ETag readable)", async () => {
    const preflight = await service.inject({ method: "OPTIONS", url: PATH, headers: { origin: "https://other.example", "access-control-request-method": "POST" } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("Authorization");
    const res = await evaluate("admin", PATH, context("admin"), { origin: "https://other.example" });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-expose-headers"]).toBe("ETag");
  });
});

describe("features behind flags, through the OpenFeature server SDK", () => {
  const get = (app: FastifyInstance, who: Caller, url: string) => app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token[who]}` } });

  it("refuses the exports while data-export is off, on our own service and through an external OFREP service", async () => {
    await clearFlags();
    for (const app of [service, consumer]) expect((await get(app, "admin", "/v2/vendors/export?format=csv")).statusCode).toBe(200);

    await setFlag("data-export", { enabled: false });
    for (const app of [service, consumer]) {
      for (const url of ["/v2/vendors/export?format=csv", "/v2/audit/export?format=csv", "/v2/company/export"]) {
        const res = await get(app, "admin", url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().detail).toBe("Data export is turned off for your company.");
      }
      // Only exports: the list itself still answers.
      expect((await get(app, "admin", "/v2/vendors")).statusCode).toBe(200);
    }
    // Another company's setting is theirs alone.
    expect((await get(consumer, "other", "/v2/vendors/export?format=csv")).statusCode).toBe(200);
  });

  it("targets by role the same way through the external service", async () => {
    await setFlag("data-export", { roles: ["Administrator"] });
    for (const app of [service, consumer]) {
      expect((await get(app, "admin", "/v2/vendors/export?format=csv")).statusCode).toBe(200);
      expect((await get(app, "reviewer", "/v2/vendors/export?format=csv")).statusCode).toBe(403);
    }
  });

  it("refuses the LLM testing area while llm-testing is off", async () => {
    await clearFlags();
    expect((await get(consumer, "admin", "/v2/testing/prompt-sets")).statusCode).toBe(200);
    await setFlag("llm-testing", { enabled: false });
    for (const app of [service, consumer]) {
      const res = await get(app, "admin", "/v2/testing/prompt-sets");
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe("LLM testing is turned off for your company.");
    }
  });
});
