import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedDemoDocuments } from "../../server/db/seed/documents";
import { seedDemoApprovalSnapshots } from "../../server/db/seed/approval-snapshots";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { classify } from "../../domain/risk";
import { deploymentBlockReason } from "../../domain/workflow";

/** The demo company starts with a living inventory that obeys its own rules. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

/** The vendor facts classify() takes, read back through the API: listed vendors plus the foundation-model vendor. */
async function vendorContextOf(applicationId: string, foundationModelVendorId: string | null) {
  const listed: Array<{ id: string; risk_level: string }> = (await call("admin", "GET", `/applications/${applicationId}`)).json().vendors;
  const used = new Map(listed.map((v) => [v.id, v.risk_level]));
  if (foundationModelVendorId) used.set(foundationModelVendorId, (await call("admin", "GET", `/vendors/${foundationModelVendorId}`)).json().risk_level);
  return { vendorCount: used.size, highRiskVendorIds: [...used].filter(([, level]) => level === "high").map(([id]) => id).sort() };
}

describe("demo applications", () => {
  it("cover every tier (and not assessed) and every approval status", async () => {
    const metrics = (await call("admin", "GET", "/applications/metrics")).json();
    expect(metrics.total).toBeGreaterThanOrEqual(10);
    for (const tier of ["prohibited", "high", "medium", "low", "not_assessed"]) expect(metrics.by_risk_tier[tier], tier).toBeGreaterThan(0);
    for (const status of ["draft", "submitted", "in_review", "approved", "rejected", "changes_requested"]) {
      expect(metrics.by_approval_status[status], status).toBeGreaterThan(0);
    }
    expect(metrics.reviews_overdue).toBeGreaterThan(0);
  });

  it("store the classification their answers give, and deploy only what the rules allow", async () => {
    const { items } = (await call("admin", "GET", "/applications?page_size=200")).json();
    for (const app of items) {
      const details = (await call("admin", "GET", `/applications/${app.id}/details`)).json();
      const fresh = classify(details.details, await vendorContextOf(app.id, details.details.foundation_model_vendor_id));
      expect(details.risk_tier, app.name).toBe(fresh.risk_tier);
      expect(details.rules_fired, app.name).toEqual(fresh.rules_fired);
      expect((await call("admin", "GET", `/applications/${app.id}/assessments`)).json().total, app.name).toBe(1);
      if (app.approval_status === "approved") expect(app.risk_tier, app.name).not.toBe("prohibited");
      // A deployed application that needs approval has it, unless a material change just reset it (with the reason).
      if (app.development_status === "deployed" && deploymentBlockReason(app.risk_tier, app.approval_status)) {
        expect(app.approval_reset_reason, app.name).not.toBeNull();
      }
    }
  });

  it("give the demo contributor the Customer AI group's applications to work on", async () => {
    const mine = (await call("contributor", "GET", "/applications")).json();
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.total).toBeLessThan((await call("admin", "GET", "/applications")).json().total);
  });
});

describe("demo vendors", () => {
  it("a foundation-model provider, an HR-screening supplier and a cloud ML platform, at three risk levels, used by demo applications", async () => {
    const { items } = (await call("reviewer", "GET", "/vendors?sort=name")).json();
    expect(items.map((v: { name: string; risk_level: string }) => [v.name, v.risk_level])).toEqual([
      ["Lumina Models", "medium"],
      ["Nimbus ML Cloud", "low"],
      ["TalentSift", "high"],
    ]);
    for (const vendor of items) expect(vendor.application_count, vendor.name).toBeGreaterThan(0);
    const talentSift = items.find((v: { name: string }) => v.name === "TalentSift");
    const { items: applications } = (await call("admin", "GET", `/vendors/${talentSift.id}/applications`)).json();
    expect(applications.map((a: { name: string }) => a.name)).toEqual(["CV screening ranker"]);
    const ranker = (await call("admin", "GET", `/applications/${applications[0].id}`)).json();
    expect(ranker.risk_descriptors.find((d: { key: string }) => d.key === "vendor").rules).toContain("D-VENDOR-HIGH-RISK");
  });

  it("have documents that the worker checks and the viewer can open", async () => {
    await seedDemoDocuments(t.app);
    await t.app.documentWorker.wake();
    const { items } = (await call("admin", "GET", "/applications?q=CV%20screening")).json();
    const documents = (await call("admin", "GET", `/applications/${items[0].id}/documents`)).json();
    const list = Array.isArray(documents) ? documents : documents.items;
    expect(list.map((d: { name: string; status: string }) => `${d.name}: ${d.status}`).sort()).toEqual([
      "CV screening ranker - model card.pdf: ready",
      "Selection rates by group.csv: ready",
    ]);
  });
});

describe("demo approval snapshots", () => {
  it("each approved or rejected demo application has the snapshot of its decision, and the others none", async () => {
    await seedDemoApprovalSnapshots(t.app);
    const { items } = (await call("admin", "GET", "/applications?page_size=200")).json();
    for (const app of items as Array<{ id: string; name: string; approval_status: string; risk_tier: string | null }>) {
      const { items: snapshots } = (await call("admin", "GET", `/applications/${app.id}/approval-snapshots`)).json();
      const decided = app.approval_status === "approved" || app.approval_status === "rejected";
      expect(snapshots.map((s: { decision: string; risk_tier: string | null }) => [s.decision, s.risk_tier]), app.name).toEqual(decided ? [[app.approval_status, app.risk_tier]] : []);
      if (decided) expect(snapshots[0].decided_by.name).toBe("April Approver");
    }
  });
});

describe("demo incidents", () => {
  it("a serious report due in three days on the contributor's My Work, one resolved and reported, one minor and open", async () => {
    const { items, total } = (await call("admin", "GET", "/incidents?sort=severity")).json();
    expect(total).toBe(3);
    expect(items.map((i: { severity: string; status: string; serious: boolean; reported_at: string | null }) => [i.severity, i.status, i.serious, i.reported_at !== null])).toEqual([
      ["critical", "investigating", true, false],
      ["high", "resolved", true, true],
      ["low", "open", false, false],
    ]);
    const work = (await call("contributor", "GET", "/my-work?kind=incident_report&page_size=200")).json().items.filter((i: { kind: string }) => i.kind === "incident_report");
    expect(work.map((i: { application: { name: string } }) => i.application.name)).toEqual(["Support chatbot"]);
    const daysLeft = (new Date(work[0].due_date).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(2.9);
    expect(daysLeft).toBeLessThan(3.1);
  });
});
