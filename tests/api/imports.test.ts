import ExcelJS from "exceljs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditLog, companies, vendors } from "../../server/db/schema";
import { insertApplication } from "../support/applications";
import { csvRows, multipartBody, xlsxRows } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Bulk import of applications and vendors: template, checked preview, mapping, commit, re-import, permissions, audit. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let demoId: string;
let otherId: string;

const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...headers } });

function upload(who: string, query: string, file: Buffer | string, extra: { mapping?: Record<string, string>; filename?: string } = {}) {
  const { payload, contentType } = multipartBody([
    ...(extra.mapping ? [{ name: "mapping", data: JSON.stringify(extra.mapping) }] : []),
    { name: "file", filename: extra.filename ?? "inventory.csv", type: "text/csv", data: file },
  ]);
  return t.app.inject({ method: "POST", url: `/v2/imports?${query}`, headers: { authorization: `Bearer ${token[who]}`, "content-type": contentType }, payload });
}

const count = async (table: typeof applications | typeof vendors, companyId = demoId) =>
  Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.companyId, companyId)))[0].n);

type Row = { line: number; name: string | null; action: string | null; risk_tier?: string | null; risk_level?: string; errors: { field: string | null; column: string | null; message: string; params?: Record<string, string> }[]; outcome?: string; record_id?: string };

/** An applications file with the template's English headers. */
const HEADER = "Name,Description,Owner (e-mail),Vendors,Purpose,Intended users,Type of AI,Business criticality,Decisions about people,Personal data,High-risk areas";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n");
// Options by their names or by their values, either works.
const HIRING = "Hiring screener,Ranks candidates,contributor@steward.test,Lumina Models,Ranks job applicants,Employees,Predictive machine learning,High,supports_human_decision,Personal data,Employment and management of workers";

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  const db = t.database.db;
  [{ id: demoId }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  ({ companyId: otherId } = await createOtherCompany(db));
  await insertApplication(db, otherId, "Elsewhere assistant");
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("the template", () => {
  it("has every column an import reads, headed in the reader's language, with a guide row of the allowed values", async () => {
    const res = await get("admin", "/imports/template?entity=applications&format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain('filename="Applications-import-template.csv"');
    const [header, guide] = csvRows(res.body);
    expect(header.slice(0, 6)).toEqual(["Name", "Description", "Owner (e-mail)", "Application group", "Vendors", "Purpose"]);
    expect(header).toContain("Type of AI");
    expect(guide[0]).toMatch(/^# Required\. A unique name/);
    expect(guide[header.indexOf("Type of AI")]).toBe("One of: Predictive machine learning; Generative AI; Rules or other.");
    expect(guide[header.indexOf("Application group")]).toContain("Customer AI");
    expect(guide[header.indexOf("Vendors")]).toContain("Lumina Models");

    const spanish = csvRows((await get("admin", "/imports/template?entity=vendors&format=csv&lang=es")).body);
    expect(spanish[0].slice(0, 2)).toEqual(["Nombre", "Sitio web"]);
    expect(spanish[1][0]).toMatch(/^# Obligatorio\./);

    const workbook = await xlsxRows((await get("admin", "/imports/template?entity=applications&format=xlsx")).rawPayload);
    expect(workbook.rows[0]).toEqual(header);
    expect(String(workbook.rows[1][0])).toMatch(/^# Required/);
  });

  it("is for those who may import: a reviewer is refused", async () => {
    expect((await get("reviewer", "/imports/template?entity=applications&format=csv")).statusCode).toBe(403);
    expect((await get("admin", "/imports/template?entity=robots&format=csv")).statusCode).toBe(400);
  });

  it("fills in back to an import: the template's own guide row is skipped", async () => {
    const template = (await get("admin", "/imports/template?entity=applications&format=csv")).body;
    const filled = `${template}Template test app,,,,,,,,,,,,,,,,,,,,,,,,,,,,\r\n`;
    const res = await upload("admin", "entity=applications", filled);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rows).toHaveLength(1);
    expect(res.json().rows[0]).toMatchObject({ name: "Template test app", action: "create", errors: [] });
  });
});

describe("a dry run", () => {
  it("checks every row, names each error by field and column, gives each valid row its tier, and writes nothing", async () => {
    const before = await count(applications);
    const res = await upload(
      "admin",
      "entity=applications",
      csv(
        HIRING,
        "Broken one,,nobody@nowhere.test,Ghost Vendor,Does things,Robots,Magic,High,None,None,",
        "Hiring screener,Again,,,,,,,,,",
        ",No name here,,,,,,,,,",
        "Support chatbot,Answers customers (edited),,,,,,,,,",
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ entity: "applications", status: "preview", file_name: "inventory.csv", counts: { rows: 5, valid: 2, invalid: 3, create: 1, update: 1 } });
    expect(body.mapping).toMatchObject({ name: "Name", owner: "Owner (e-mail)", "details.ai_type": "Type of AI", vendors: "Vendors" });
    const [hiring, broken, repeated, nameless, chatbot] = body.rows as Row[];
    expect(hiring).toMatchObject({ line: 2, action: "create", risk_tier: "high", errors: [] });
    expect(broken.action).toBeNull();
    expect(broken.errors).toEqual(
      expect.arrayContaining([
        { field: "owner", column: "Owner (e-mail)", message: "imports.errors.unknownUser", params: { value: "nobody@nowhere.test" } },
        { field: "vendors", column: "Vendors", message: "imports.errors.unknownVendor", params: { value: "Ghost Vendor" } },
        expect.objectContaining({ field: "details.intended_users", message: "imports.errors.notAnOption", params: expect.objectContaining({ value: "Robots" }) }),
        expect.objectContaining({ field: "details.ai_type", column: "Type of AI", message: "imports.errors.notAnOption" }),
      ]),
    );
    expect(repeated.errors).toEqual([{ field: "name", column: "Name", message: "imports.errors.repeatedName", params: { line: "2" } }]);
    expect(nameless.errors).toEqual([{ field: "name", column: "Name", message: "validation.required" }]);
    expect(chatbot).toMatchObject({ action: "update", risk_tier: "medium", errors: [] });
    expect(await count(applications)).toBe(before);
  });

  it("refuses a file that is not a table, an empty one, and a request without a file, saying what is wrong", async () => {
    const binary = await upload("admin", "entity=applications", Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x90]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().errors).toEqual([{ path: "file", message: "imports.errors.fileType" }]);
    expect((await upload("admin", "entity=applications", HEADER)).json().errors).toEqual([{ path: "file", message: "imports.errors.noRows" }]);
    const none = await t.app.inject({ method: "POST", url: "/v2/imports?entity=applications", headers: { authorization: `Bearer ${token.admin}`, "content-type": "application/json" }, payload: "{}" });
    expect(none.statusCode).toBe(415);
    const zip = await upload("admin", "entity=vendors", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]));
    expect(zip.json().errors).toEqual([{ path: "file", message: "imports.errors.fileType" }]);
  });
});

describe("mapping", () => {
  const ODD = ["App,What it does,Kind of AI", "Odd header app,Summarises tickets,Generative AI"].join("\n");

  it("maps the file's own headers, checks again, and offers the same mapping with the next file", async () => {
    const first = (await upload("contributor", "entity=applications", ODD)).json();
    expect(first.mapping).toEqual({});
    const mapping = { name: "App", description: "What it does", "details.ai_type": "Kind of AI" };
    const mapped = await call("contributor", "PUT", `/imports/${first.id}/mapping`, { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().rows[0]).toMatchObject({ name: "Odd header app", action: "create", risk_tier: null, errors: [] });
    const again = (await upload("contributor", "entity=applications", ODD)).json();
    expect(again.mapping).toEqual(mapping);
    // Someone else's mapping is theirs.
    expect((await upload("admin", "entity=applications", ODD)).json().mapping).toEqual({});
  });

  it("refuses a mapping to a column the file lacks, an unknown field, one column twice, or without the name", async () => {
    const { id } = (await upload("contributor", "entity=applications", ODD)).json();
    const res = await call("contributor", "PUT", `/imports/${id}/mapping`, { mapping: { name: "App", description: "Nope", robots: "App", "details.purpose": "What it does", "details.ai_type": "What it does" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: "mapping.description", message: "imports.errors.unknownColumn" },
        { path: "mapping.robots", message: "imports.errors.unknownField" },
        { path: "mapping.details.ai_type", message: "imports.errors.columnTwice" },
      ]),
    );
    expect((await call("contributor", "PUT", `/imports/${id}/mapping`, { mapping: {} })).json().errors).toEqual([{ path: "mapping.name", message: "imports.errors.nameUnmapped" }]);
  });
});

describe("committing", () => {
  it("all or nothing: one invalid row and nothing is imported, the errors named by row", async () => {
    const before = await count(applications);
    const { id } = (await upload("admin", "entity=applications", csv("Valid but alone,,,,,,,,,,", "Bad owner,,ghost@nowhere.test,,,,,,,,"))).json();
    const res = await call("admin", "POST", `/imports/${id}/commit`, { mode: "all_or_nothing" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: "rows.3.owner", message: "imports.errors.unknownUser" }]);
    expect(await count(applications)).toBe(before);
  });

  it("the valid rows: imported in one go, each audited with the import's id; the import records what each row became", async () => {
    const before = await count(applications);
    const { id } = (await upload("admin", "entity=applications", csv(HIRING, "Bad owner,,ghost@nowhere.test,,,,,,,,"))).json();
    const res = await call("admin", "POST", `/imports/${id}/commit`, { mode: "valid_rows" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "committed", mode: "valid_rows" });
    const [created, skipped] = body.rows as Row[];
    expect(created).toMatchObject({ outcome: "created", action: "create" });
    expect(skipped).toMatchObject({ outcome: "skipped", action: null });
    expect(await count(applications)).toBe(before + 1);
    const application = (await get("admin", `/applications/${created.record_id}`)).json();
    expect(application).toMatchObject({ name: "Hiring screener", risk_tier: "high", owner: { name: "Carlos Contributor" }, vendors: [{ name: "Lumina Models" }] });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, created.record_id!), eq(auditLog.entityType, "application")));
    expect(entries.map((e) => e.action).sort()).toEqual(["application.created", "application.imported"]);
    for (const entry of entries) expect(entry.after).toMatchObject({ import_id: id, line: 2 });
    // Committed once: a second commit is refused, and the import reads as committed.
    expect((await call("admin", "POST", `/imports/${id}/commit`, { mode: "valid_rows" })).statusCode).toBe(409);
    expect((await get("admin", `/imports/${id}`)).json().rows[0]).toMatchObject({ outcome: "created" });
  });

  it("re-importing the same file updates by name instead of adding again, audited with the new import's id", async () => {
    const before = await count(applications);
    const file = csv(HIRING.replace("Ranks candidates", "Ranks candidates; now with reasons").replace(",High,", ",Medium,"));
    const res = await upload("admin", "entity=applications&dry_run=false&mode=all_or_nothing", file);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = res.json().rows as Row[];
    expect(row).toMatchObject({ action: "update", outcome: "updated" });
    expect(await count(applications)).toBe(before);
    const application = (await get("admin", `/applications/${row.record_id}`)).json();
    expect(application).toMatchObject({ description: "Ranks candidates; now with reasons", version: 2 });
    const details = (await get("admin", `/applications/${row.record_id}/details`)).json();
    expect(details.details.business_criticality).toBe("medium");
    // Every entry the update wrote names the import.
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, row.record_id!), sql`${auditLog.createdAt} >= ${new Date(res.json().created_at)}`));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["application.imported", "details.updated"]));
    for (const entry of entries) expect(entry.after).toMatchObject({ import_id: res.json().id });
    // The same vendors as before are no change.
    expect(entries.map((e) => e.action)).not.toContain("vendors.updated");
  });
});

describe("who may import what", () => {
  it("refuses per row what the caller could not do: a contributor adds to their group but cannot change an application out of reach", async () => {
    const res = await upload("contributor", "entity=applications", csv("Contributors new app,,,,,,,,,,", "Credit limit scorer,Taken over,,,,,,,,,", "Elsewhere assistant,Same name in another company,,,,,,,,,"));
    expect(res.statusCode, res.body).toBe(201);
    const [mine, outOfReach, otherCompanys] = res.json().rows as Row[];
    expect(mine).toMatchObject({ action: "create", errors: [] });
    expect(outOfReach).toMatchObject({ action: null, errors: [{ field: null, column: null, message: "imports.errors.cannotUpdate" }] });
    // Another company's record does not exist here: the row adds one.
    expect(otherCompanys).toMatchObject({ action: "create", errors: [] });
    const committed = (await call("contributor", "POST", `/imports/${res.json().id}/commit`, { mode: "valid_rows" })).json();
    const added = (committed.rows as Row[]).find((r) => r.name === "Contributors new app")!;
    // It joined the contributor's group, so they keep seeing it.
    expect((await get("contributor", `/applications/${added.record_id}`)).statusCode).toBe(200);
    expect(await count(applications, otherId)).toBe(1);
  });

  it("refuses a caller who may create nothing, and keeps each import to its author", async () => {
    expect((await upload("reviewer", "entity=applications", csv(HIRING))).statusCode).toBe(403);
    expect((await upload("reviewer", "entity=vendors", "Name\nSomeone")).statusCode).toBe(403);
    const { id } = (await upload("admin", "entity=applications", csv("Private preview,,,,,,,,,,"))).json();
    expect((await get("contributor", `/imports/${id}`)).statusCode).toBe(404);
    expect((await get("other", `/imports/${id}`)).statusCode).toBe(404);
    expect((await call("other", "POST", `/imports/${id}/commit`, { mode: "valid_rows" })).statusCode).toBe(404);
  });
});

describe("vendors", () => {
  it("imports vendors from .xlsx with their risk level, updating one of the same name", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Vendors");
    sheet.addRow(["Name", "Website", "Status", "Trains on customer data", "Personal data processed", "Data processing agreement signed", "Certifications", "Security incident in the last 24 months", "Provides a foundation model", "Last review date"]);
    sheet.addRow(["Careful Cloud", "https://careful.example.com", "Active", "No", "No", "Yes", "ISO/IEC 27001", "No", "No", new Date("2026-02-01T00:00:00Z")]);
    sheet.addRow(["Lumina Models", "", "Under review", "", "", "", "", "", "", ""]);
    sheet.addRow(["Sketchy AI", "not a url", "", "Yes", "", "", "", "", "", "yesterday"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload("contributor", "entity=vendors", bytes, { filename: "vendors.xlsx" });
    expect(res.statusCode, res.body).toBe(201);
    const [careful, lumina, sketchy] = res.json().rows as Row[];
    expect(careful).toMatchObject({ action: "create", risk_level: "low", errors: [] });
    expect(lumina).toMatchObject({ action: "update", errors: [] });
    expect(sketchy.errors.map((e) => e.field).sort()).toEqual(["details.last_review_date", "website"]);
    const committed = await call("contributor", "POST", `/imports/${res.json().id}/commit`, { mode: "valid_rows" });
    expect(committed.statusCode, committed.body).toBe(200);
    const listed = (await get("contributor", "/vendors?q=careful")).json().items;
    expect(listed).toEqual([expect.objectContaining({ name: "Careful Cloud", status: "active", risk_level: "low", website: "https://careful.example.com" })]);
    const [luminaRow] = await t.database.db.select().from(vendors).where(and(eq(vendors.companyId, demoId), eq(vendors.name, "Lumina Models")));
    expect(luminaRow.status).toBe("under_review");
    const imported = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "vendor.imported"), sql`${auditLog.after}->>'import_id' = ${res.json().id}`));
    expect(imported).toHaveLength(2);
  });
});

describe("the API reference", () => {
  it("documents the import endpoints", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/v2/openapi.json" })).json();
    expect(doc.paths["/v2/imports"].post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/v2/imports"].post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["entity", "dry_run", "mode"]));
    expect(doc.paths["/v2/imports/{id}/commit"].post).toBeDefined();
    expect(doc.paths["/v2/imports/template"].get).toBeDefined();
  });
});
