import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, companies, featureFlags } from "../../server/db/schema";
import { MAX_FLAGS_PER_COMPANY } from "../../domain/flags/catalogue";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Admin → Feature flags: /v2/feature-flags. What the flags do when evaluated: ofrep.test.ts. */
let t: TestApp;
let companyId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const db = () => t.database.db;

const audits = (action: string) => db().select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
const list = async (who = "admin") => {
  const res = await call(who, "GET", "/feature-flags");
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; total: number };
};
const patch = (key: string, body: unknown, ifMatch?: string) =>
  t.app.inject({ method: "PATCH", url: `/v2/feature-flags/${key}`, headers: { authorization: `Bearer ${token.admin}`, ...(ifMatch ? { "if-match": ifMatch } : {}) }, payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  [{ id: companyId }] = await db().select().from(companies).where(eq(companies.name, "Demo Co"));
  await createOtherCompany(db());
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("who may manage flags", () => {
  it("answers 401 without a token and 403 to every role but Administrator", async () => {
    expect((await call(null, "GET", "/feature-flags")).statusCode).toBe(401);
    for (const who of ["contributor", "reviewer", "approver", "noroles"]) {
      for (const [method, url, body] of [
        ["GET", "/feature-flags"],
        ["POST", "/feature-flags", { key: "sneaky", description: "", enabled: true, roles: [], percentage: null }],
        ["PATCH", "/feature-flags/data-export", { enabled: false }],
        ["DELETE", "/feature-flags/llm-testing"],
      ] as const) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe("Only an Administrator can manage feature flags.");
      }
    }
    expect(await db().select().from(featureFlags)).toEqual([]);
  });
});

describe("the list", () => {
  it("shows the product's flags at their default before anything is stored", async () => {
    const { items } = await list();
    expect(items.slice(0, 2)).toEqual([
      { key: "llm-testing", description: "", enabled: true, roles: [], percentage: null, product: true, version: 0, updated_at: null },
      { key: "data-export", description: "", enabled: true, roles: [], percentage: null, product: true, version: 0, updated_at: null },
    ]);
  });
});

describe("a flag of the company's own", () => {
  it("is created, changed with If-Match, refused when stale, deleted — every step audited", async () => {
    const created = await call("admin", "POST", "/feature-flags", { key: "new-dashboard", description: "The redesigned dashboard", enabled: true, roles: ["ApplicationReviewer"], percentage: 25 });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    expect(created.json()).toMatchObject({ key: "new-dashboard", enabled: true, roles: ["ApplicationReviewer"], percentage: 25, product: false, version: 1 });
    expect((await list()).items.map((f) => f.key)).toEqual(["llm-testing", "data-export", "new-dashboard"]);

    const changed = await patch("new-dashboard", { percentage: null, roles: [] }, '"1"');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ percentage: null, roles: [], version: 2, description: "The redesigned dashboard" });

    const stale = await patch("new-dashboard", { enabled: false }, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current_version).toBe(2);

    expect((await call("admin", "DELETE", "/feature-flags/new-dashboard")).statusCode).toBe(204);
    expect((await call("admin", "GET", "/feature-flags/new-dashboard")).statusCode).toBe(404);
    expect((await call("admin", "DELETE", "/feature-flags/new-dashboard")).statusCode).toBe(404);

    const [createdEntry] = await audits("feature_flag.created");
    expect(createdEntry).toMatchObject({ entityType: "feature_flag", after: { key: "new-dashboard", percentage: 25 } });
    const [updated] = await audits("feature_flag.updated");
    expect(updated).toMatchObject({ before: { percentage: 25 }, after: { percentage: null } });
    expect(await audits("feature_flag.deleted")).toHaveLength(1);
  });

  it("answers an empty change with the flag as it stands, settings untouched and nothing audited", async () => {
    expect((await call("admin", "POST", "/feature-flags", { key: "quiet-flag", description: "Unchanged", enabled: true, roles: [], percentage: 10 })).statusCode).toBe(201);
    const before = (await audits("feature_flag.updated")).length;
    const res = await patch("quiet-flag", {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: "quiet-flag", description: "Unchanged", enabled: true, percentage: 10 });
    expect(await audits("feature_flag.updated")).toHaveLength(before);
    expect((await call("admin", "DELETE", "/feature-flags/quiet-flag")).statusCode).toBe(204);
  });

  it("refuses a taken key, a product key and bad settings with field errors", async () => {
    const body = { key: "beta-reports", description: "", enabled: false, roles: [], percentage: null };
    expect((await call("admin", "POST", "/feature-flags", body)).statusCode).toBe(201);
    for (const key of ["beta-reports", "data-export"]) {
      const taken = await call("admin", "POST", "/feature-flags", { ...body, key });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual([{ path: "key", message: "feature-flags.keyTaken" }]);
    }
    for (const [bad, path] of [
      [{ ...body, key: "Bad Key" }, "key"],
      [{ ...body, key: "ok", percentage: 101 }, "percentage"],
      [{ ...body, key: "ok", roles: ["Superuser"] }, "roles.0"],
      [{ ...body, key: "ok", description: "x".repeat(501) }, "description"],
    ] as const) {
      const res = await call("admin", "POST", "/feature-flags", bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it("stops at the most flags a company may have", async () => {
    const stored = (await db().select().from(featureFlags).where(eq(featureFlags.companyId, companyId))).length;
    await db()
      .insert(featureFlags)
      .values(Array.from({ length: MAX_FLAGS_PER_COMPANY - stored }, (_, i) => ({ companyId, key: `filler-${i}` })));
    const res = await call("admin", "POST", "/feature-flags", { key: "one-too-many", description: "", enabled: true, roles: [], percentage: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(`at most ${MAX_FLAGS_PER_COMPANY}`);
    await db().delete(featureFlags).where(eq(featureFlags.companyId, companyId));
  });
});

describe("a product flag", () => {
  it("is stored on its first change (version 0 → 1), reset to its default by DELETE, and never removed from the list", async () => {
    expect((await patch("data-export", { enabled: false }, '"3"')).statusCode).toBe(412);
    const first = await patch("data-export", { enabled: false }, '"0"');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ key: "data-export", enabled: false, product: true, version: 1 });
    expect((await audits("feature_flag.updated")).at(-1)).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    expect((await call("admin", "DELETE", "/feature-flags/data-export")).statusCode).toBe(204);
    expect((await list()).items[1]).toMatchObject({ key: "data-export", enabled: true, version: 0 });
    expect(await audits("feature_flag.reset")).toHaveLength(1);
    // Already at its default: nothing to reset, nothing audited.
    expect((await call("admin", "DELETE", "/feature-flags/data-export")).statusCode).toBe(204);
    expect(await audits("feature_flag.reset")).toHaveLength(1);
  });

  it("answers 404 for a key that is neither stored nor the product's", async () => {
    expect((await patch("no-such-flag", { enabled: true })).statusCode).toBe(404);
  });
});

describe("another company", () => {
  it("never sees or changes our flags", async () => {
    await call("admin", "POST", "/feature-flags", { key: "ours-only", description: "secret plan", enabled: true, roles: [], percentage: null });
    await patch("llm-testing", { enabled: false });
    const theirs = await list("other");
    expect(theirs.items.map((f) => f.key)).toEqual(["llm-testing", "data-export"]);
    expect(theirs.items[0]).toMatchObject({ enabled: true, version: 0 });
    expect((await call("other", "GET", "/feature-flags/ours-only")).statusCode).toBe(404);
    expect((await call("other", "PATCH", "/feature-flags/ours-only", { enabled: false })).statusCode).toBe(404);
    expect((await call("other", "DELETE", "/feature-flags/ours-only")).statusCode).toBe(404);
    expect((await call("admin", "GET", "/feature-flags/ours-only")).json()).toMatchObject({ enabled: true });
    await call("admin", "DELETE", "/feature-flags/llm-testing");
  });
});
