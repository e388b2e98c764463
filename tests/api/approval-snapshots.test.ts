import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { canonicalJson } from "../../domain/audit/canonical-json";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { latestApprovalSnapshot } from "../../server/approvals/store";
import { approvalSnapshots, auditLog, companies, testingTasks } from "../../server/db/schema";
import { SAMPLES } from "../../server/uploads/test-support";
import { documentUploads } from "../support/document-uploads";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Approval snapshots: what an application was when it was approved or rejected, frozen, listed and compared. */
let t: TestApp;
let dataDir: string;
let companyId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let appId = "";
const uploads = documentUploads(() => t, call, () => appId);
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const move = (who: string, body: Record<string, unknown>) => call(who, "PUT", `/applications/${appId}`, body);
const snapshots = () => `/applications/${appId}/approval-snapshots`;
const DECISIONS_CSV = Buffer.from(["sex,selected", ...Array.from({ length: 40 }, (_, i) => `${i % 2 ? "F" : "M"},${i % 3 ? 0 : 1}`)].join("\n") + "\n");

async function decide(decision: "approved" | "rejected") {
  for (const [who, status] of [["contributor", "submitted"], ["reviewer", "in_review"], ["approver", decision]] as const) {
    const res = await move(who, { approval_status: status });
    if (res.statusCode !== 200) throw new Error(`${status} failed ${res.statusCode}: ${res.body}`);
  }
}

let vendorId: string;
let fileEvidenceId: string;
let testId: string;
let control: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-snapshots-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [{ id: companyId }] = await t.database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  vendorId = (await call("admin", "POST", "/vendors", { name: "Snapshot Vendor" })).json().id;
  const created = await call("contributor", "POST", "/applications", { name: "Credit limit advisor", details: lowRiskDetails({ business_criticality: "high" }), vendor_ids: [vendorId] });
  appId = created.json().id;
  expect(created.json().risk_tier).toBe("high");

  // A control implemented with a file and a link as evidence.
  control = (await call("contributor", "GET", `/applications/${appId}/controls`)).json().items[0].id;
  await call("contributor", "PATCH", `/applications/${appId}/controls/${control}`, { status: "implemented" });
  const file = (await call("contributor", "POST", `/applications/${appId}/controls/${control}/evidence`, { kind: "file", name: "Risk assessment.pdf", effective_on: "2026-06-30" })).json();
  fileEvidenceId = file.evidence.id;
  expect((await uploads.postForm(file.upload, SAMPLES.pdf.bytes, "risk.pdf")).statusCode).toBe(204);
  await call("contributor", "POST", `/applications/${appId}/controls/${control}/evidence`, { kind: "link", name: "Policy", url: "https://wiki.example/policy" });

  // A fairness test with results.
  const doc = await uploads.addDocument("Decisions.csv", "admin");
  await uploads.postForm(doc.upload, DECISIONS_CSV, "decisions.csv");
  await uploads.confirm(doc.document.id, "admin");
  await t.app.documentWorker.wake();
  const started = await call("contributor", "POST", `/applications/${appId}/testing/tasks`, {
    name: "Q3 audit",
    document_id: doc.document.id,
    data_source: "fairness_ml_user",
    columns: { outcome: "selected", outcome_type: "binary", protected: { sex: "sex" } },
  });
  testId = started.json().id;
  await t.app.testingWorker.wake();
  expect((await call("contributor", "GET", `/applications/${appId}/testing/tasks/${testId}`)).json().status).toBe("ready");
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("taking a snapshot", () => {
  it("freezes tier, rules, descriptors, answers, vendors, controls with status, evidence file hashes and test results on approval", async () => {
    expect((await call("reviewer", "GET", snapshots())).json()).toEqual({ items: [], total: 0 });
    await decide("approved");
    const list = (await call("reviewer", "GET", snapshots())).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ application_id: appId, decision: "approved", decided_by: { name: "April Approver" }, risk_tier: "high" });

    const snapshot = (await call("reviewer", "GET", `${snapshots()}/${list.items[0].id}`)).json();
    const { content } = snapshot;
    expect(snapshot.sha256).toBe(sha256(canonicalJson(content)));
    const app = (await call("reviewer", "GET", `/applications/${appId}`)).json();
    const details = (await call("reviewer", "GET", `/applications/${appId}/details`)).json();
    expect(content).toMatchObject({
      format_version: 1,
      decision: "approved",
      decided_by: { name: "April Approver" },
      application: { id: appId, name: "Credit limit advisor", decided_from: "in_review", development_status: app.development_status },
      classification: { risk_tier: "high", rules_fired: details.rules_fired, risk_descriptors: details.risk_descriptors },
      answers: details.details,
      vendors: [{ id: vendorId, name: "Snapshot Vendor", status: "active" }],
    });
    const controls = (await call("reviewer", "GET", `/applications/${appId}/controls`)).json().items;
    expect(content.controls.map((c: { control_id: string }) => c.control_id)).toEqual(controls.map((c: { id: string }) => c.id));
    const frozen = content.controls.find((c: { control_id: string }) => c.control_id === control);
    expect(frozen.status).toBe("implemented");
    expect(frozen.evidence).toEqual([
      expect.objectContaining({ id: fileEvidenceId, kind: "file", effective_on: "2026-06-30", sha256: sha256(SAMPLES.pdf.bytes), size: SAMPLES.pdf.bytes.length }),
      expect.objectContaining({ kind: "link", name: "Policy", url: "https://wiki.example/policy", sha256: null }),
    ]);
    const [task] = await t.database.db.select().from(testingTasks).where(eq(testingTasks.id, testId));
    expect(content.tests).toEqual([{ id: testId, name: "Q3 audit", data_source: "fairness_ml_user", finished_at: task.finishedAt!.toISOString(), results_sha256: sha256(canonicalJson({ summary: task.summary, results: task.results })) }]);

    // The decision's audit entry carries the snapshot's hash: the audit chain vouches for the snapshot.
    const [moved] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, appId), eq(auditLog.action, "approval.moved"), sql`${auditLog.after}->>'approval_status' = 'approved'`));
    expect(moved.after).toEqual({ approval_status: "approved", snapshot_id: snapshot.id, snapshot_sha256: snapshot.sha256 });
  });

  it("is never changed: the stored row refuses updates, and later changes leave it as it was", async () => {
    const [first] = (await call("reviewer", "GET", snapshots())).json().items;
    await expect(t.database.db.update(approvalSnapshots).set({ decidedByName: "Someone else" }).where(eq(approvalSnapshots.id, first.id))).rejects.toThrow();
    await call("contributor", "PUT", `/applications/${appId}`, { name: "Credit limit advisor v2" });
    const again = (await call("reviewer", "GET", `${snapshots()}/${first.id}`)).json();
    expect(again.content.application.name).toBe("Credit limit advisor");
    expect(again.sha256).toBe(first.sha256);
  });

  it("takes one on a rejection too, and none on the other moves", async () => {
    const before = (await call("reviewer", "GET", snapshots())).json().total;
    // A material change resets the approval; a new round ends in a rejection.
    await call("contributor", "PUT", `/applications/${appId}`, { details: { business_criticality: "low" } });
    await move("contributor", { approval_status: "submitted" });
    await move("reviewer", { approval_status: "in_review" });
    expect((await call("reviewer", "GET", snapshots())).json().total).toBe(before);
    await move("approver", { approval_status: "rejected" });
    const list = (await call("reviewer", "GET", snapshots())).json();
    expect(list.total).toBe(before + 1);
    expect(list.items[0]).toMatchObject({ decision: "rejected" });
  });
});

describe("reading and comparing", () => {
  it("answers the latest snapshot, through the API and to the dossier's store function", async () => {
    const list = (await call("reviewer", "GET", snapshots())).json();
    const latest = (await call("reviewer", "GET", `${snapshots()}/latest`)).json();
    expect(latest.id).toBe(list.items[0].id);
    expect(await latestApprovalSnapshot(t.database.db, companyId, appId)).toEqual(latest);
    const [other] = await t.database.db.select().from(companies).where(eq(companies.name, "Other Co"));
    expect(await latestApprovalSnapshot(t.database.db, other.id, appId)).toBeNull();
    const fresh = (await call("contributor", "POST", "/applications", { name: "Never decided" })).json();
    expect((await call("reviewer", "GET", `/applications/${fresh.id}/approval-snapshots/latest`)).statusCode).toBe(404);
  });

  it("compares any two field by field, matching list entries by id", async () => {
    const [rejected, approved] = (await call("reviewer", "GET", snapshots())).json().items;
    const res = await call("reviewer", "GET", `${snapshots()}/compare?from=${approved.id}&to=${rejected.id}`);
    expect(res.statusCode).toBe(200);
    const { from, to, changes } = res.json();
    expect(from.id).toBe(approved.id);
    expect(to.id).toBe(rejected.id);
    const find = (section: string, field: string | null) => changes.find((c: { section: string; field: string | null }) => c.section === section && c.field === field);
    expect(find("decision", "decision")).toMatchObject({ kind: "changed", before: "approved", after: "rejected" });
    expect(find("application", "name")).toMatchObject({ before: "Credit limit advisor", after: "Credit limit advisor v2" });
    expect(find("answers", "business_criticality")).toMatchObject({ before: "high", after: "low" });
    expect(find("classification", "risk_tier")).toMatchObject({ before: "high" });
    // Nothing about the vendor or the evidence changed, so neither is listed.
    expect(changes.filter((c: { section: string }) => c.section === "vendors")).toEqual([]);
    expect(find("controls", null)).toMatchObject({ kind: "removed", item: { id: control } });
    expect(changes.filter((c: { section: string }) => c.section === "evidence").map((c: { kind: string; item: { id: string } }) => [c.kind, c.item.id])).toContainEqual(["removed", fileEvidenceId]);
  });

  it("compares a snapshot with the application as it is now: what changed since", async () => {
    const [rejected] = (await call("reviewer", "GET", snapshots())).json().items;
    const current = (await call("contributor", "GET", `/applications/${appId}/controls`)).json().items[0];
    await call("contributor", "PATCH", `/applications/${appId}/controls/${current.id}`, { status: "in_progress" });
    const vendor = (await call("admin", "POST", "/vendors", { name: "Newer Vendor" })).json();
    await call("contributor", "PUT", `/applications/${appId}`, { vendor_ids: [vendorId, vendor.id], details: { purpose: "Suggests credit limits to analysts." } });
    const { to, changes } = (await call("reviewer", "GET", `${snapshots()}/compare?from=${rejected.id}&to=current`)).json();
    expect(to).toBeNull();
    expect(changes.some((c: { section: string }) => c.section === "decision")).toBe(false);
    expect(changes).toContainEqual({ section: "vendors", item: { id: vendor.id, label: "Newer Vendor" }, field: null, kind: "added", before: null, after: "Newer Vendor" });
    expect(changes).toContainEqual({ section: "controls", item: { id: current.id, label: `${current.id} ${current.name}` }, field: "status", kind: "changed", before: current.status, after: "in_progress" });
    expect(changes).toContainEqual(expect.objectContaining({ section: "answers", field: "purpose", after: "Suggests credit limits to analysts." }));
  });

  it("keeps them to those who read the application; bad ids are 400 or 404", async () => {
    const [latest] = (await call("reviewer", "GET", snapshots())).json().items;
    for (const who of ["other", "noroles"]) {
      expect((await call(who, "GET", snapshots())).statusCode).toBe(404);
      expect((await call(who, "GET", `${snapshots()}/${latest.id}`)).statusCode).toBe(404);
      expect((await call(who, "GET", `${snapshots()}/latest`)).statusCode).toBe(404);
    }
    expect((await call("reviewer", "GET", `${snapshots()}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await call("reviewer", "GET", `${snapshots()}/compare?from=${latest.id}&to=yesterday`)).statusCode).toBe(400);
    const otherApp = (await call("contributor", "POST", "/applications", { name: "Another one" })).json();
    // A snapshot of one application is not found under another.
    expect((await call("reviewer", "GET", `/applications/${otherApp.id}/approval-snapshots/${latest.id}`)).statusCode).toBe(404);
  });
});
