import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { applications, companies, users } from "../../server/db/schema";
import { newApplicationValues } from "../../server/applications/store";
import { DEEP_OFFSET } from "../../server/db/list";
import { APPROVAL_STATUSES } from "../../domain/workflow";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/**
 * Pages deep in a list (past DEEP_OFFSET) find their ids first and read only their rows: they must hold the
 * same rows, in the same order, as the list read from its start. The reference is the export, which reads the
 * whole list by keyset batches, another path through the same order.
 */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const COUNT = 700;
const PAGE_SIZE = 50;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const owners = (await db.select({ id: users.id }).from(users).where(eq(users.companyId, company.id))).map((u) => u.id);
  // Names with mixed case and repeats of the same lowercase form (told apart by id), some owners, every approval status.
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    ...newApplicationValues({ companyId: company.id, name: `${i % 3 ? "deep" : "Deep"} app ${String(i % 350).padStart(3, "0")}${i >= 350 ? " b" : ""}`, ownerId: i % 4 ? owners[i % owners.length] : null }),
    approvalStatus: APPROVAL_STATUSES[i % APPROVAL_STATUSES.length],
  }));
  for (let i = 0; i < rows.length; i += 350) await db.insert(applications).values(rows.slice(i, i + 350));
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The list's names in order, as the export writes them (one CSV line each, after the header). */
async function exportedNames(who: string, query: string): Promise<string[]> {
  const res = await call(who, "GET", `/applications/export?format=csv&columns=name${query}`);
  expect(res.statusCode).toBe(200);
  return res.body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1);
}

describe("deep pages", () => {
  for (const sort of ["name", "-name", "risk_tier", "-approval_status", "owner", "-owner", "-updated_at"]) {
    it(`a page past ${DEEP_OFFSET} rows sorted by ${sort} holds the rows the whole list has there`, async () => {
      const all = await exportedNames("admin", `&sort=${sort}`);
      expect(all.length).toBeGreaterThanOrEqual(COUNT);
      const page = Math.floor(DEEP_OFFSET / PAGE_SIZE) + 3;
      const res = await call("admin", "GET", `/applications?sort=${sort}&page=${page}&page_size=${PAGE_SIZE}`);
      expect(res.statusCode).toBe(200);
      const names = (res.json().items as { name: string }[]).map((a) => a.name);
      expect(names).toHaveLength(PAGE_SIZE);
      expect(names).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
    });
  }

  it("filters and reach hold on a deep page, and the last page is short", async () => {
    const kept = APPROVAL_STATUSES.filter((s) => s !== "rejected");
    const filter = `${kept.map((s) => `&approval_status=${s}`).join("")}&sort=name`;
    const all = await exportedNames("reviewer", filter);
    const lastPage = Math.ceil(all.length / 20);
    expect((lastPage - 1) * 20).toBeGreaterThanOrEqual(DEEP_OFFSET);
    const res = await call("reviewer", "GET", `/applications?page=${lastPage}&page_size=20${filter}`);
    const body = res.json();
    expect(body.items.map((a: { name: string }) => a.name)).toEqual(all.slice((lastPage - 1) * 20));
    expect(body.items.every((a: { approval_status: string }) => (kept as readonly string[]).includes(a.approval_status))).toBe(true);
    expect((await call("reviewer", "GET", `/applications?page=${lastPage + 1}&page_size=20${filter}`)).json().items).toEqual([]);
  });
});
