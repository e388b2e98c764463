import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { applicableControls, EU_AI_ACT } from "../../domain/frameworks";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { companies, controlEvidence, resourceGroups, users } from "../../server/db/schema";
import { SAMPLES } from "../../server/uploads/test-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller, type OtherCompany } from "../support/tenants";

/** An application's controls, their evidence and its own framework settings. */
let t: TestApp;
let dataDir: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let appId: string;
let other: OtherCompany;
const EU_HIGH = applicableControls([EU_AI_ACT], "high");
const CONTROL = EU_HIGH[0].id;
const controlPath = (id = CONTROL) => `/applications/${appId}/controls/${id}`;
const errorPaths = (body: string) => (JSON.parse(body).errors ?? []).map((e: { path: string; message: string }) => `${e.path}:${e.message}`);
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-controls-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const [group] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, company.id), eq(resourceGroups.name, "Customer AI")));
  other = await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const res = await call("admin", "POST", "/applications", { name: "Loan scorer", details: lowRiskDetails({ business_criticality: "high" }), resource_group_id: group.id });
  appId = res.json().id;
  expect(res.json().risk_tier).toBe("high");
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the controls of an application", () => {
  it("are those of its enabled frameworks at its tier, each with requirements, status and evidence count", async () => {
    const res = await call("reviewer", "GET", `/applications/${appId}/controls`);
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(EU_HIGH.length);
    expect(items.map((c: { id: string }) => c.id)).toEqual(EU_HIGH.map((c) => c.id));
    expect(items[0]).toMatchObject({ status: "not_started", owner: null, due_date: null, evidence_count: 0, overdue: false });
    expect(items[0].requirements.every((r: { framework_id: string }) => r.framework_id === "eu-ai-act")).toBe(true);
  });

  it("an application not assessed yet has none", async () => {
    const created = await call("admin", "POST", "/applications", { name: "Unassessed idea" });
    expect((await call("admin", "GET", `/applications/${created.json().id}/controls`)).json()).toEqual({ items: [], total: 0 });
  });

  it("another company's caller gets 404, those without access 404, readers 403 on changes", async () => {
    expect((await call("other", "GET", `/applications/${appId}/controls`)).statusCode).toBe(404);
    expect((await call("other", "PATCH", controlPath(), { status: "implemented" })).statusCode).toBe(404);
    expect((await call("noroles", "GET", controlPath())).statusCode).toBe(404);
    expect((await call("reviewer", "PATCH", controlPath(), { status: "implemented" })).statusCode).toBe(403);
    expect((await call("approver", "POST", `${controlPath()}/evidence`, { kind: "link", name: "x", url: "https://x.example" })).statusCode).toBe(403);
    expect((await call("admin", "GET", controlPath("C-NOPE-99"))).statusCode).toBe(404);
  });
});

describe("recording a control", () => {
  it("sets status, owner, due date and notes; an overdue control says so; the activity shows it", async () => {
    const [carlos] = await t.database.db.select().from(users).where(eq(users.email, "contributor@steward.test"));
    const res = await call("contributor", "PATCH", controlPath(), { status: "in_progress", owner_id: carlos.id, due_date: isoDay(-2), notes: "Drafting." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "in_progress", owner: { id: carlos.id, name: "Carlos Contributor" }, due_date: isoDay(-2), notes: "Drafting.", overdue: true });
    // A partial change keeps the rest; done controls are never overdue.
    const done = await call("contributor", "PATCH", controlPath(), { status: "implemented" });
    expect(done.json()).toMatchObject({ status: "implemented", owner: { id: carlos.id }, notes: "Drafting.", overdue: false });
    const activity = JSON.stringify((await call("admin", "GET", `/applications/${appId}/activity`)).json());
    expect(activity).toContain("control.updated");
  });

  it("refuses an unknown status, not_applicable without a justification and an owner from elsewhere", async () => {
    let res = await call("contributor", "PATCH", controlPath(), { status: "done" });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body).some((p: string) => p.startsWith("status"))).toBe(true);
    res = await call("contributor", "PATCH", controlPath(EU_HIGH[1].id), { status: "not_applicable" });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["justification:controls.errors.justificationRequired"]);
    res = await call("contributor", "PATCH", controlPath(EU_HIGH[1].id), { status: "not_applicable", justification: "   " });
    expect(res.statusCode).toBe(400);
    res = await call("contributor", "PATCH", controlPath(), { owner_id: other.adminId });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["owner_id:controls.errors.ownerUnknown"]);
    res = await call("contributor", "PATCH", controlPath(EU_HIGH[1].id), { status: "not_applicable", justification: "Only internal users." });
    expect(res.json()).toMatchObject({ status: "not_applicable", justification: "Only internal users." });
  });
});

describe("evidence", () => {
  it("a link with an expiry is added, listed, counted and removed (the row is kept for the audit trail)", async () => {
    const res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "link", name: "Risk register", url: "https://wiki.example/risk", expires_on: isoDay(30) });
    expect(res.statusCode).toBe(201);
    const { evidence, upload } = res.json();
    expect(upload).toBeNull();
    expect(evidence).toMatchObject({ kind: "link", name: "Risk register", url: "https://wiki.example/risk", expires_on: isoDay(30), expired: false, added_by: { name: "Carlos Contributor" } });
    expect((await call("reviewer", "GET", controlPath())).json().evidence.map((e: { id: string }) => e.id)).toContain(evidence.id);
    const listed = (await call("reviewer", "GET", `/applications/${appId}/controls`)).json().items.find((c: { id: string }) => c.id === CONTROL);
    expect(listed.evidence_count).toBe(1);

    expect((await call("reviewer", "DELETE", `${controlPath()}/evidence?evidence_id=${evidence.id}`)).statusCode).toBe(403);
    expect((await call("contributor", "DELETE", `${controlPath()}/evidence?evidence_id=${evidence.id}`)).statusCode).toBe(204);
    expect((await call("contributor", "DELETE", `${controlPath()}/evidence?evidence_id=${evidence.id}`)).statusCode).toBe(404);
    expect((await call("reviewer", "GET", controlPath())).json().evidence).toEqual([]);
    const [row] = await t.database.db.select().from(controlEvidence).where(eq(controlEvidence.id, evidence.id));
    expect(row.deletedAt).not.toBeNull();
    const activity = JSON.stringify((await call("admin", "GET", `/applications/${appId}/activity`)).json());
    expect(activity).toContain("evidence.added");
    expect(activity).toContain("evidence.removed");
  });

  it("refuses links that are not http(s), expiry dates in the past and a missing name", async () => {
    for (const url of ["javascript:alert(1)", "ftp://files.example/a.pdf", "data:text/html,hi", "not a url"]) {
      const res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "link", name: "Bad", url });
      expect(res.statusCode, url).toBe(400);
      expect(errorPaths(res.body)).toEqual(["url:controls.errors.linkScheme"]);
    }
    let res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "link", name: "Old", url: "https://x.example", expires_on: isoDay(-1) });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["expires_on:controls.errors.expiryPast"]);
    res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "link", name: " ", url: "https://x.example" });
    expect(res.statusCode).toBe(400);
    res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "link", name: "Today", url: "http://x.example", expires_on: isoDay(0) });
    expect(res.statusCode).toBe(201);
  });

  it("a file goes through the presigned form and downloads byte for byte", async () => {
    const res = await call("contributor", "POST", `${controlPath()}/evidence`, { kind: "file", name: "Test report.pdf", content_type: "application/pdf" });
    expect(res.statusCode).toBe(201);
    const { evidence, upload } = res.json() as { evidence: { id: string; kind: string; document_id: string }; upload: { url: string; fields: Record<string, string> } };
    expect(evidence.kind).toBe("file");
    const content = `${controlPath()}/evidence/${evidence.id}/content`;
    expect((await call("reviewer", "GET", content)).statusCode).toBe(409);

    const boundary = `----steward${randomBytes(8).toString("hex")}`;
    const payload = Buffer.concat([
      ...Object.entries(upload.fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      SAMPLES.pdf.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const posted = await t.app.inject({ method: "POST", url: upload.url, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
    expect(posted.statusCode).toBe(204);
    // The file is one of the application's documents too: confirming it queues the same check.
    expect(evidence.document_id).toBe(evidence.id);
    expect((await call("contributor", "POST", `/applications/${appId}/document/${evidence.document_id}`, { uploaded: true })).statusCode).toBe(200);
    await t.app.documentWorker.wake();
    const documents = (await call("reviewer", "GET", `/applications/${appId}/documents`)).json().items;
    expect(documents.find((d: { id: string }) => d.id === evidence.id)).toMatchObject({ name: "Test report.pdf", status: "ready" });
    const download = await call("reviewer", "GET", content);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf.bytes)).toBe(true);
    expect(download.headers["content-disposition"]).toContain("attachment");
    expect((await call("other", "GET", content)).statusCode).toBe(404);
  });
});

describe("an application's own framework settings", () => {
  const setting = (who: string, body: Record<string, unknown>) => call(who, "PUT", `/applications/${appId}/frameworks/eu-ai-act/setting`, body);

  it("turning off a framework that applies by default needs a reason, hides its controls, and turning it on brings them back", async () => {
    let res = await setting("contributor", { enabled: false });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["reason:controls.errors.reasonRequired"]);
    expect((await setting("reviewer", { enabled: false, reason: "x" })).statusCode).toBe(403);
    res = await setting("contributor", { enabled: false, reason: "Used only outside the EU." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ framework_id: "eu-ai-act", applies: false, applies_by_default: true, override: false, reason: "Used only outside the EU." });
    expect((await call("contributor", "GET", `/applications/${appId}/controls`)).json().total).toBe(0);

    res = await setting("contributor", { enabled: true });
    expect(res.json()).toMatchObject({ applies: true, override: null, reason: null });
    const back = (await call("contributor", "GET", `/applications/${appId}/controls`)).json();
    expect(back.total).toBe(EU_HIGH.length);
    expect(back.items.find((c: { id: string }) => c.id === CONTROL).evidence_count).toBeGreaterThan(0);
  });

  it("a framework outside the application's scope can be turned on, and applies once the company enables it", async () => {
    const path = `/applications/${appId}/frameworks/nyc-ll144/setting`;
    let res = await call("contributor", "PUT", path, { enabled: true });
    expect(res.json()).toMatchObject({ applies_by_default: false, override: true, company_enabled: false, applies: false });
    await call("admin", "PUT", "/frameworks/nyc-ll144/setting", { enabled: true });
    res = await call("contributor", "GET", `/applications/${appId}/frameworks`);
    expect(res.json().items.find((f: { framework_id: string }) => f.framework_id === "nyc-ll144")).toMatchObject({ applies: true });
    expect((await call("contributor", "PUT", `/applications/${appId}/frameworks/gdpr/setting`, { enabled: true })).statusCode).toBe(404);
    expect((await call("other", "GET", `/applications/${appId}/frameworks`)).statusCode).toBe(404);
  });
});
