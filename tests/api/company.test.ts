import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_COMPANY } from "../../server/db/seed/company";
import { companies } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The company: GET and PATCH /v2/company. */
let t: TestApp;
let companyId: string;
let otherCompanyId: string;
const token: Record<string, string> = {};

const v2 = v2Caller(() => t.app, token);
const call = (who: string | null, method: "GET" | "PATCH", payload?: unknown) => v2(who, method, "/company", payload);

const companyRow = async (id: string) => (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: companyId }] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
  ({ companyId: otherCompanyId } = await createOtherCompany(db, { size: "1-10", industry: "Retail" }));

  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("GET /company", () => {
  it("answers 401 without a token", async () => {
    expect((await call(null, "GET")).statusCode).toBe(401);
    expect((await call(null, "PATCH", { name: "X" })).statusCode).toBe(401);
  });

  it.each(["admin", "reviewer", "approver", "contributor", "noroles"])("shows %s their own company", async (who) => {
    const res = await call(who, "GET");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: companyId, name: DEMO_COMPANY.name, size: DEMO_COMPANY.size, industry: DEMO_COMPANY.industry, logo_url: null, mfa_policy: "optional", version: 1 });
  });

  it("shows another company's user only their company", async () => {
    expect((await call("other", "GET")).json()).toEqual({ id: otherCompanyId, name: "Other Co", size: "1-10", industry: "Retail", logo_url: null, mfa_policy: "optional", version: 1 });
  });
});

describe("PATCH /company", () => {
  it.each(["reviewer", "approver", "contributor", "noroles"])("answers 403 to %s", async (who) => {
    const res = await call(who, "PATCH", { name: "Hijacked" });
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().detail).toBe("Only an Administrator can change the company.");
    expect((await companyRow(companyId)).name).toBe(DEMO_COMPANY.name);
  });

  it("answers 400 naming the field for invalid input", async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: "" }, "name"],
      [{ name: "Bad <name>" }, "name"],
      [{ name: "x".repeat(251) }, "name"],
      [{ size: "x".repeat(101) }, "size"],
      [{ industry: 42 }, "industry"],
      [{ mfa_policy: "sometimes" }, "mfa_policy"],
    ];
    for (const [body, path] of cases) {
      const res = await call("admin", "PATCH", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: any) => e.path)).toContain(path);
    }
    expect((await companyRow(companyId)).name).toBe(DEMO_COMPANY.name);
  });

  it("changes the caller's company only, trimming text and clearing with null or empty text", async () => {
    const res = await call("admin", "PATCH", { name: " Demo Company ", size: " 1001-5000 ", industry: "Insurance" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: companyId, name: "Demo Company", size: "1001-5000", industry: "Insurance", logo_url: null, mfa_policy: "optional", version: 2 });
    expect(await companyRow(companyId)).toMatchObject({ name: "Demo Company", size: "1001-5000", industry: "Insurance" });
    expect(await companyRow(otherCompanyId)).toMatchObject({ name: "Other Co", size: "1-10", industry: "Retail" });

    const cleared = await call("admin", "PATCH", { size: null, industry: "  " });
    expect(cleared.json()).toMatchObject({ name: "Demo Company", size: null, industry: null });
    expect(await companyRow(companyId)).toMatchObject({ size: null, industry: null });

    expect((await call("admin", "PATCH", {})).json()).toMatchObject({ name: "Demo Company" });

    // Another company's Administrator changes their own company, never this one.
    const other = await call("other", "PATCH", { name: "Other Company" });
    expect(other.json()).toMatchObject({ id: otherCompanyId, name: "Other Company" });
    expect((await companyRow(companyId)).name).toBe("Demo Company");

    await call("admin", "PATCH", { name: DEMO_COMPANY.name, size: DEMO_COMPANY.size, industry: DEMO_COMPANY.industry });
  });

  it("sets the MFA policy of the caller's company only", async () => {
    const res = await call("admin", "PATCH", { mfa_policy: "required_all" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mfa_policy).toBe("required_all");
    expect((await call("reviewer", "GET")).json().mfa_policy).toBe("required_all");
    expect((await call("other", "GET")).json().mfa_policy).toBe("optional");
    expect((await call("reviewer", "PATCH", { mfa_policy: "off" })).statusCode).toBe(403);
    expect((await call("admin", "PATCH", { mfa_policy: "optional" })).statusCode).toBe(200);
  });
});
