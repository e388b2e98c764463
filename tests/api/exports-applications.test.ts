import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { applications, companies } from "../../server/db/schema";
import { insertApplication } from "../support/applications";
import { csvRows, xlsxRows } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers } from "../support/tenants";

/** The applications grid's export: what the grid shows, as CSV and .xlsx, in the reader's language, for whom it may. */
let t: TestApp;
const token: Record<string, string> = {};

const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...headers } });

/** Descriptions a spreadsheet would take for formulas (or DDE), each to be answered as text. */
const TRICKY = ['=HYPERLINK("http://evil.test","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturned"];

/** The names the grid would list, page after page, for this query (everything on one page of 200). */
async function listedNames(who: string, query: string): Promise<string[]> {
  const res = await get(who, `/applications?page_size=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { name: string }[]).map((a) => a.name);
}

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  const db = t.database.db;
  const other = await createOtherCompany(db);
  await insertApplication(db, other.companyId, "Other Co Secret Scorer");
  Object.assign(token, await signInCallers(t.app));
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  // Straight into the database: the API trims leading white space, but data arrives by other ways too.
  for (const [i, description] of TRICKY.entries()) await db.update(applications).set({ description }).where(eq(applications.id, await insertApplication(db, demo.id, `Tricky ${i}`)));
  const dash = await t.app.inject({ method: "POST", url: "/v2/applications", headers: { authorization: `Bearer ${token.admin}` }, payload: { name: "-Dash first", details: lowRiskDetails() } });
  expect(dash.statusCode, dash.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe("CSV", () => {
  it("answers a CSV file named after the list and the day, with the grid's headers in English and the rows in the list's order", async () => {
    const res = await get("admin", "/applications/export?format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(["Name", "Description", "Risk tier", "Approval status", "Development status", "Owner", "Next review due", "Updated", "Created"]);
    expect(rows.map((r) => r[0].replace(/^'/, ""))).toEqual(await listedNames("admin", "sort=name"));
    expect(rows.length).toBeGreaterThan(10);
    const listed = (await get("admin", "/applications?page_size=200")).json().items as Array<{ name: string; risk_tier: string | null; updated_at: string; next_review_due: string | null }>;
    const sample = listed.find((a) => a.risk_tier === "high" && a.next_review_due)!;
    const row = rows.find((r) => r[0] === sample.name)!;
    expect(row[2]).toBe("High");
    expect(row[6]).toBe(sample.next_review_due);
    expect(row[7]).toBe(sample.updated_at);
    expect(row[7]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("keeps text a spreadsheet would run as a formula as text: a leading = + - @ tab or return gets an apostrophe", async () => {
    const rows = csvRows((await get("admin", "/applications/export?format=csv&q=tricky&columns=name,description")).body).slice(1);
    expect(rows).toEqual(TRICKY.map((description, i) => [`Tricky ${i}`, `'${description}`]));
    const names = csvRows((await get("admin", "/applications/export?format=csv&columns=name")).body).slice(1).map((r) => r[0]);
    expect(names).toContain("'-Dash first");
  });

  it("exports what the grid shows: its filters, search, sort and visible columns in their order", async () => {
    const res = await get("admin", "/applications/export?format=csv&risk_tier=high&risk_tier=medium&sort=-name&columns=risk_tier,name");
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(["Risk tier", "Name"]);
    expect(rows.map((r) => r[1])).toEqual(await listedNames("admin", "risk_tier=high&risk_tier=medium&sort=-name"));
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["High", "Medium"]));
    const searched = csvRows((await get("admin", "/applications/export?format=csv&q=chat&columns=name")).body).slice(1);
    expect(searched.map((r) => r[0])).toEqual(await listedNames("admin", "q=chat"));
    expect(searched.length).toBeGreaterThan(0);
    const byOwner = csvRows((await get("admin", "/applications/export?format=csv&sort=-owner&columns=name,owner")).body).slice(1);
    expect(byOwner.map((r) => r[0].replace(/^'/, ""))).toEqual(await listedNames("admin", "sort=-owner"));
  });

  it("writes headers and values in Spanish when asked, by ?lang= or by Accept-Language", async () => {
    const [header, ...rows] = csvRows((await get("admin", "/applications/export?format=csv&lang=es&columns=name,risk_tier,approval_status&risk_tier=high")).body);
    expect(header).toEqual(["Nombre", "Nivel de riesgo", "Estado de aprobación"]);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(["Alto"]));
    const byHeader = await get("reviewer", "/applications/export?format=csv&columns=name,development_status", { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(csvRows(byHeader.body)[0]).toEqual(["Nombre", "Estado de desarrollo"]);
    expect(byHeader.headers["content-language"]).toBe("es");
  });
});

describe("xlsx", () => {
  it("answers a workbook with the same rows: dates as real dates, enum values in words, formulas kept as text", async () => {
    const res = await get("admin", "/applications/export?format=xlsx&columns=name,risk_tier,updated_at,next_review_due&sort=name");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toMatch(/filename="applications-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { name, rows } = await xlsxRows(res.rawPayload);
    expect(name).toBe("AI Applications");
    const csv = csvRows((await get("admin", "/applications/export?format=csv&columns=name,risk_tier,updated_at,next_review_due&sort=name")).body);
    expect(rows[0]).toEqual(csv[0]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(csv.slice(1).map((r) => r[0]));
    expect(rows.slice(1).map((r) => r[1])).toEqual(csv.slice(1).map((r) => r[1]));
    expect(rows.slice(1).map((r) => r[2])).toEqual(csv.slice(1).map((r) => r[2]));
    // A day is written as that day (midnight UTC), not shifted.
    expect(rows.slice(1).map((r) => (r[3] === null ? "" : String(r[3]).slice(0, 10)))).toEqual(csv.slice(1).map((r) => r[3]));
    expect(rows.map((r) => r[0])).toContain("'-Dash first");
    const described = await xlsxRows((await get("admin", "/applications/export?format=xlsx&q=tricky&columns=description")).rawPayload);
    // XML reads a lone carriage return as a line feed: the cell still starts with the apostrophe.
    expect(described.rows.slice(1).map((r) => r[0])).toEqual(TRICKY.map((d) => `'${d.replace("\r", "\n")}`));
  });
});

describe("who gets what", () => {
  it("answers each caller the rows their list shows: a contributor their groups', another company none of ours", async () => {
    const contributor = csvRows((await get("contributor", "/applications/export?format=csv&columns=name")).body).slice(1).map((r) => r[0]);
    expect(contributor).toEqual(await listedNames("contributor", ""));
    expect(contributor.length).toBeLessThan((await listedNames("admin", "")).length);
    const other = csvRows((await get("other", "/applications/export?format=csv&columns=name")).body).slice(1).map((r) => r[0]);
    expect(other).toEqual(["Other Co Secret Scorer"]);
    const ours = csvRows((await get("admin", "/applications/export?format=csv&columns=name")).body).slice(1).map((r) => r[0]);
    expect(ours).not.toContain("Other Co Secret Scorer");
    const noRoles = csvRows((await get("noroles", "/applications/export?format=csv")).body);
    expect(noRoles).toHaveLength(1);
  });

  it("refuses an anonymous caller, a missing format, an unknown column and a paging parameter, saying what is wrong", async () => {
    expect((await get(null, "/applications/export?format=csv")).statusCode).toBe(401);
    const noFormat = await get("admin", "/applications/export");
    expect(noFormat.statusCode).toBe(400);
    expect(noFormat.json().errors.map((e: { path: string }) => e.path)).toContain("query.format");
    const unknown = await get("admin", "/applications/export?format=csv&columns=name,secret_sauce");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: "query.columns" });
    expect(unknown.json().errors[0].message).toContain("secret_sauce");
    expect((await get("admin", "/applications/export?format=csv&page=2")).statusCode).toBe(400);
    expect((await get("admin", "/applications/export?format=pdf")).statusCode).toBe(400);
  });
});

describe("company scoping with the same names", () => {
  it("never mixes in another company's application even when it matches the search", async () => {
    const [company] = await t.database.db.select().from(companies).where(eq(companies.name, "Other Co"));
    await insertApplication(t.database.db, company.id, "Chat helper of Other Co");
    const rows = csvRows((await get("admin", "/applications/export?format=csv&q=chat&columns=name")).body).slice(1).map((r) => r[0]);
    expect(rows).not.toContain("Chat helper of Other Co");
  });
});
