import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync, zipSync } from "fflate";
import type { FastifyInstance } from "fastify";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { seedDemoDocuments } from "../../server/db/seed/documents";
import { seedDemoApprovalSnapshots } from "../../server/db/seed/approval-snapshots";
import { auditLog, companies, identityUsers, resourceGroups, roleAssignments, roles, users } from "../../server/db/schema";
import { hashPassword } from "../../server/identity/passwords";
import { insertUser } from "../../server/identity/store";
import { SAMPLES } from "../../server/uploads/test-support";
import { signInRaw } from "./identity-support";
import { multipartFile, PNG } from "./authorization-matrix.fixture";
import { multipartBody } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** GET /v2/company/export and POST /v2/company/import: every record out, and back into an empty company. */
let source: TestApp;
let target: TestApp;
const dirs: string[] = [];
const sourceToken: Record<string, string> = {};
const call = v2Caller(() => source.app, sourceToken);
let json: Record<string, unknown>;
let zip: Buffer;

/** An empty company with its first Administrator, signed in: what an import goes into. */
async function emptyCompany(t: TestApp, email: string, name = "Restored Co"): Promise<{ token: string; companyId: string }> {
  const db = t.database.db;
  const [administrator] = await db.select().from(roles).where(eq(roles.name, "Administrator"));
  const [{ id: companyId }] = await db.insert(companies).values({ name }).returning();
  const [{ id: groupId }] = await db.insert(resourceGroups).values({ companyId, name: "Everything", groupType: "ALL" }).returning();
  const identity = await insertUser(db, { email, passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
  const [admin] = await db.insert(users).values({ companyId, sub: identity.sub, email, firstName: "First", lastName: "Admin" }).returning();
  await db.insert(roleAssignments).values({ companyId, userId: admin.id, roleId: administrator.id, resourceGroupId: groupId });
  return { token: (await signInRaw(t.app, email, DEMO_PASSWORD)).AccessToken, companyId };
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const importInto = (app: FastifyInstance, token: string, body: Buffer | object, type = Buffer.isBuffer(body) ? "application/zip" : "application/json") =>
  app.inject({ method: "POST", url: "/v2/company/import", headers: { ...as(token), "content-type": type }, payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) });

/** An export with what differs between two exports of the same records taken out: the time, and what is compared apart. */
function comparable(doc: Record<string, unknown>) {
  const { exported_at: _at, audit_chain: _chain, company, tables, ...rest } = doc as { exported_at: string; audit_chain: unknown; company: Record<string, unknown>; tables: Record<string, Record<string, unknown>[]> };
  const { id: _id, ...companyFields } = company;
  return { ...rest, company: companyFields, tables: { ...tables, users: tables.users.map(({ sub: _sub, ...user }) => user) } };
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) dirs.push(await mkdtemp(path.join(tmpdir(), "steward-export-")));
  source = await createTestApp({ demoApplications: true, env: { DATA_DIR: dirs[0] } });
  await seedDemoDocuments(source.app);
  await source.app.documentWorker.wake();
  await seedDemoApprovalSnapshots(source.app);
  await createOtherCompany(source.database.db);
  Object.assign(sourceToken, await signInCallers(source.app));
  // A logo, a file evidence and an approval through the API, so that every kind of record is there.
  const logo = multipartFile("file", "logo.png", "image/png", PNG);
  expect((await source.app.inject({ method: "POST", url: "/v2/company/logo", headers: { ...as(sourceToken.admin), "content-type": logo.contentType }, payload: logo.payload })).statusCode).toBe(200);
  const [app] = (await call("admin", "GET", "/applications?q=Support%20chatbot")).json().items;
  const control = (await call("admin", "GET", `/applications/${app.id}/controls`)).json().items[0].id;
  const added = (await call("admin", "POST", `/applications/${app.id}/controls/${control}/evidence`, { kind: "file", name: "Red team report.pdf", effective_on: "2026-05-01" })).json();
  const { documentUploads } = await import("../support/document-uploads");
  expect((await documentUploads(() => source, call, () => app.id).postForm(added.upload, SAMPLES.pdf.bytes, "report.pdf")).statusCode).toBe(204);
  await call("admin", "POST", "/access/api-clients", { name: "Nightly sync", role_id: (await source.database.db.select().from(roles).where(eq(roles.name, "ApplicationReviewer")))[0].id, resource_group_id: (await source.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "All applications")))[0].id });

  // A bulk import of a vendor, so the imports and the remembered column mapping travel too.
  const csv = multipartBody([
    { name: "mapping", data: JSON.stringify({ name: "Vendor" }) },
    { name: "file", filename: "vendors.csv", type: "text/csv", data: "Vendor\nImported vendor for the export\n" },
  ]);
  const imported = await source.app.inject({ method: "POST", url: "/v2/imports?entity=vendors&dry_run=false&mode=valid_rows", headers: { ...as(sourceToken.admin), "content-type": csv.contentType }, payload: csv.payload });
  expect(imported.statusCode, imported.body).toBe(201);

  json = (await call("admin", "GET", "/company/export")).json();
  const zipped = await source.app.inject({ method: "GET", url: "/v2/company/export?files=include", headers: as(sourceToken.admin) });
  expect(zipped.statusCode).toBe(200);
  expect(zipped.headers["content-type"]).toBe("application/zip");
  zip = zipped.rawPayload;
  target = await createTestApp({ seed: false, env: { DATA_DIR: dirs[1] } });
}, 180_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the export", () => {
  it("is versioned JSON holding every record of the company, files by their SHA-256, and no secret", async () => {
    const res = await call("admin", "GET", "/company/export");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="steward-export-\d{4}-\d{2}-\d{2}\.json"/);
    expect(json).toMatchObject({ format: "steward-company-export", format_version: 1, company: { name: "Demo Co" } });
    const tables = json.tables as Record<string, Array<Record<string, unknown>>>;
    const count = async (table: string) => (await source.database.db.execute(`select count(*)::int as n from ${table} where company_id = (select id from companies where name = 'Demo Co')`)) as unknown as { rows: Array<{ n: number }> };
    for (const table of ["users", "applications", "vendors", "incidents", "control_evidence", "application_documents", "audit_log", "approval_snapshots", "api_clients", "testing_tasks", "imports", "import_mappings"]) {
      expect(tables[table].length, table).toBe((await count(table)).rows[0].n);
      expect(tables[table].length, table).toBeGreaterThan(0);
    }
    const text = JSON.stringify(json);
    for (const secret of ["secret_hash", "password_hash", "scrypt$", "token_ciphertext", "client_secret", "totp"]) expect(text).not.toContain(secret);
    for (const [table, rows] of Object.entries(tables)) expect(rows.filter((r) => "company_id" in r), table).toEqual([]);
    expect(tables.role_assignments[0]).toHaveProperty("role");
    const evidence = tables.control_evidence.find((e) => e.name === "Red team report.pdf")!;
    expect(evidence.file).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), size: SAMPLES.pdf.bytes.length });
    expect((json.files as Array<{ sha256: string }>).map((f) => f.sha256)).toContain((evidence.file as { sha256: string }).sha256);
  });

  it("as a .zip holds the same document and each file's bytes under its hash", () => {
    const entries = unzipSync(new Uint8Array(zip));
    const document = JSON.parse(strFromU8(entries["export.json"]));
    expect(comparable(document)).toEqual(comparable(json));
    for (const file of document.files as Array<{ sha256: string; size: number }>) expect(entries[`files/${file.sha256}`]?.length, file.sha256).toBe(file.size);
  });

  it("is for Administrators only", async () => {
    for (const who of ["reviewer", "contributor", "approver", "noroles"]) {
      expect((await call(who, "GET", "/company/export")).statusCode).toBe(403);
      expect((await call(who, "POST", "/company/import", {})).statusCode).toBe(403);
    }
  });
});

describe("importing", () => {
  it("refuses what is not an export, a company with records, and someone who is none of its Administrators", async () => {
    const { token } = await emptyCompany(target, "stranger@elsewhere.test", "Stranger Co");
    let res = await importInto(target.app, token, { hello: "world" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain("format");
    res = await importInto(target.app, token, { ...json, format_version: 2 });
    expect(res.statusCode).toBe(400);
    res = await importInto(target.app, token, Buffer.from("not a zip"));
    expect(res.statusCode).toBe(400);
    res = await importInto(target.app, token, json);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("stranger@elsewhere.test");
    // Into the company it came from (which has records).
    res = await importInto(source.app, sourceToken.admin, json);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("holds");
  });

  it("refuses rows that point outside the export or carry unknown fields, writing nothing", async () => {
    const { token, companyId } = await emptyCompany(target, "admin@steward.test");
    const tables = json.tables as Record<string, Array<Record<string, unknown>>>;
    const foreign = { ...json, tables: { ...tables, application_vendors: [{ ...tables.application_vendors[0], vendor_id: "00000000-0000-4000-8000-000000000000" }] } };
    let res = await importInto(target.app, token, foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("application_vendors[0].vendor_id refers to a record that is not in the export");
    res = await importInto(target.app, token, { ...json, tables: { ...tables, vendors: [{ ...tables.vendors[0], colour: "red" }, ...tables.vendors.slice(1)] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("vendors[0] has unknown fields: colour");
    res = await importInto(target.app, token, { ...json, tables: { ...tables, incidents: [{ ...tables.incidents[0], severity: "apocalyptic" }, ...tables.incidents.slice(1)] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("The export holds a value its table refuses: incidents (incidents_severity_check).");
    const entries = unzipSync(new Uint8Array(zip));
    const [someFile] = Object.keys(entries).filter((n) => n.startsWith("files/"));
    res = await importInto(target.app, token, Buffer.from(zipSync({ ...entries, [someFile]: new Uint8Array([1, 2, 3]) })));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("does not match its hash");
    expect(await target.database.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).toEqual([]);
  });

  it("reproduces every record in an empty company, files and audit chain included", async () => {
    const [{ id: companyId }] = await target.database.db.select().from(companies).where(eq(companies.name, "Restored Co"));
    const [me] = await target.database.db.select().from(users).where(eq(users.email, "admin@steward.test"));
    const token = (await signInRaw(target.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
    const res = await importInto(target.app, token, zip);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    const tables = json.tables as Record<string, unknown[]>;
    for (const [table, rows] of Object.entries(tables)) expect(result.tables[table], table).toBe(rows.length);
    expect(result.files).toEqual({ stored: (json.files as unknown[]).length, missing: 0 });

    // Exported again, the restored company is the same, record by record and field by field.
    const again = await target.app.inject({ method: "GET", url: "/v2/company/export", headers: as(token) });
    const restored = again.json();
    const imported = restored.tables.audit_log.pop();
    expect(imported).toMatchObject({ action: "company.imported", seq: tables.audit_log.length + 1 });
    // The import's entry anchors the imported history: it names the head the export signed.
    const signed = json.audit_chain as { entries: number; head: string };
    expect(signed.entries).toBe(tables.audit_log.length);
    expect(imported.after.audit_chain).toEqual({ entries: signed.entries, head: signed.head });
    expect(restored.audit_chain).toMatchObject({ entries: signed.entries + 1, head: imported.hash });
    expect(comparable(restored)).toEqual(comparable(json));
    // The importer kept their own sign-in and took their exported record.
    const [after] = await target.database.db.select().from(users).where(eq(users.email, "admin@steward.test"));
    expect(after.sub).toBe(me.sub);
    expect(after.companyId).toBe(companyId);

    // The chain verifies with the source's head, continued by the import's own entry.
    const sourceVerdict = (await call("admin", "GET", "/audit/verify")).json();
    const verdict = (await target.app.inject({ method: "GET", url: "/v2/audit/verify", headers: as(token) })).json();
    expect(verdict).toEqual({ ok: true, entries: sourceVerdict.entries + 1, head: imported.hash });
    expect(imported.prev_hash).toBe(restored.tables.audit_log.at(-1).hash);

    // Files are back byte for byte, under keys of the restored company.
    const [chatbot] = (await target.app.inject({ method: "GET", url: "/v2/applications?q=Support%20chatbot", headers: as(token) })).json().items;
    const control = (await target.app.inject({ method: "GET", url: `/v2/applications/${chatbot.id}/controls`, headers: as(token) })).json().items[0].id;
    const detail = (await target.app.inject({ method: "GET", url: `/v2/applications/${chatbot.id}/controls/${control}`, headers: as(token) })).json();
    const report = detail.evidence.find((e: { name: string }) => e.name === "Red team report.pdf");
    const download = await target.app.inject({ method: "GET", url: `/v2/applications/${chatbot.id}/controls/${control}/evidence/${report.id}/content`, headers: as(token) });
    expect(download.rawPayload.equals(SAMPLES.pdf.bytes)).toBe(true);
    const logo = await target.app.inject({ method: "GET", url: "/v2/company/logo", headers: as(token) });
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    // Everyone else has a sign-in account, without a password until an Administrator sends one.
    const [reviewer] = await target.database.db.select().from(identityUsers).where(and(eq(identityUsers.username, "reviewer@steward.test")));
    expect(reviewer).toMatchObject({ passwordHash: null, status: "FORCE_CHANGE_PASSWORD" });
    // Once is enough: the company now holds records.
    expect((await importInto(target.app, token, zip)).statusCode).toBe(409);
  });
});
