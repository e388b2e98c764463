import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { applications, companies } from "../../server/db/schema";
import { newApplicationValues } from "../../server/applications/store";
import { ESTIMATE_REUSE_MS, EXACT_TOTAL_THRESHOLD } from "../../server/db/list-total";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** List totals: counted exactly for short lists, estimated (and flagged) for very long ones. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [company] = await t.database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("application list totals", () => {
  it("a short list reports its exact total and no estimate flag", async () => {
    const res = await call("admin", "GET", "/applications?page_size=1");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [{ n }] = await t.database.db.$count(applications, eq(applications.companyId, companyId)).then((n) => [{ n }]);
    expect(body.total).toBe(n);
    expect(body.total_is_estimate).toBeUndefined();
  });

  it("past the threshold the total is flagged as an estimate and is more than the threshold", async () => {
    const rows = Array.from({ length: EXACT_TOTAL_THRESHOLD + 50 }, (_, i) => newApplicationValues({ companyId, name: `Bulk ${i}` }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(applications).values(rows.slice(i, i + 500));
    const res = await call("admin", "GET", "/applications?page_size=5&sort=risk_tier");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_is_estimate).toBe(true);
    expect(body.total).toBeGreaterThan(EXACT_TOTAL_THRESHOLD);
    expect(body.items).toHaveLength(5);
  });

  it("a search narrowing the long list below the threshold is counted exactly again", async () => {
    const res = await call("admin", "GET", "/applications?q=Bulk%2010&page_size=1");
    const body = res.json();
    // Bulk 10, Bulk 100..109, Bulk 1000..1049
    expect(body.total).toBe(1 + 10 + 50);
    expect(body.total_is_estimate).toBeUndefined();
  });

  it("a search counts every match exactly, however many, with the other filters applied, on any page", async () => {
    const all = await call("admin", "GET", "/applications?q=Bulk&page_size=5");
    expect(all.json().total).toBe(EXACT_TOTAL_THRESHOLD + 50);
    expect(all.json().total_is_estimate).toBeUndefined();
    expect(all.json().items.map((a: { name: string }) => a.name)).toEqual(["Bulk 0", "Bulk 1", "Bulk 10", "Bulk 100", "Bulk 1000"]);

    const notAssessed = await call("admin", "GET", "/applications?q=Bulk%201&risk_tier=not_assessed&approval_status=draft&page_size=5");
    const low = await call("admin", "GET", "/applications?q=Bulk%201&risk_tier=low&page_size=5");
    // Bulk 1, 10..19, 100..199, 1000..1049: new applications are drafts, and unanswered ones are not assessed yet.
    expect(notAssessed.json().total).toBe(1 + 10 + 100 + 50);
    expect(low.json()).toMatchObject({ total: 0, items: [] });

    // Sorted by owner, a search joins the owners (none of these has one: they sort last, then by id).
    const byOwner = await call("admin", "GET", "/applications?q=Bulk%2010&sort=-owner&page_size=5");
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().total).toBe(1 + 10 + 50);

    const pastTheEnd = await call("admin", "GET", "/applications?q=Bulk%2010&page=99&page_size=5");
    expect(pastTheEnd.json()).toMatchObject({ total: 1 + 10 + 50, items: [] });
  });

  it("reuses an estimate while paging for a few seconds, then counts again once the list has shrunk", async () => {
    const url = "/applications?page_size=5&sort=risk_tier";
    const first = (await call("admin", "GET", url)).json();
    expect(first.total_is_estimate).toBe(true);
    await t.database.db.delete(applications).where(like(applications.name, "Bulk %"));
    expect((await call("admin", "GET", `${url}&page=2`)).json()).toMatchObject({ total: first.total, total_is_estimate: true });

    const exact = await t.database.db.$count(applications, eq(applications.companyId, companyId));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ESTIMATE_REUSE_MS + 1 });
    try {
      const later = (await call("admin", "GET", url)).json();
      expect(later.total).toBe(exact);
      expect(later.total_is_estimate).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
