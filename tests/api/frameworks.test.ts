import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { applicableControls, EU_AI_ACT, FRAMEWORKS, ISO_42001 } from "../../domain/frameworks";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { auditLog, companies, controlEvidence, resourceGroups } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The framework library as a company sees it: settings, progress, disabling keeps evidence. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let companyId: string;
let groupId: string;

const HIGH = lowRiskDetails({ business_criticality: "high" });
const create = async (name: string, details = HIGH) => {
  const res = await call("admin", "POST", "/applications", { name, details, resource_group_id: groupId });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; risk_tier: string };
};
const setStatus = (appId: string, controlId: string, body: Record<string, unknown>) => call("contributor", "PATCH", `/applications/${appId}/controls/${controlId}`, body);
const enable = (id: string, enabled: boolean) => call("admin", "PUT", `/frameworks/${id}/setting`, { enabled });
const framework = async (id: string, who = "admin") => (await call(who, "GET", `/frameworks/${id}`)).json();
/** The applications a framework applies to: a paged list of its own; every page at the largest page size. */
const frameworkApplications = async (id: string, who = "admin") => {
  const res = await call(who, "GET", `/frameworks/${id}/applications?page_size=200`);
  expect(res.statusCode).toBe(200);
  const { items, total } = res.json();
  expect(items).toHaveLength(total);
  return items;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
  const [group] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.name, "Customer AI")));
  groupId = group.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the library", () => {
  it("lists every framework; only the EU AI Act is on by default", async () => {
    const res = await call("admin", "GET", "/frameworks");
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(FRAMEWORKS.length);
    const enabled = Object.fromEntries(items.map((f: { id: string; enabled: boolean }) => [f.id, f.enabled]));
    expect(enabled).toMatchObject({ "eu-ai-act": true, "iso-42001": false, "nist-ai-rmf": false, "nyc-ll144": false });
  });

  it("filters by q, status and enabled", async () => {
    const ids = async (query: string) => (await call("reviewer", "GET", `/frameworks?${query}`)).json().items.map((f: { id: string }) => f.id);
    expect(await ids("enabled=true")).toEqual(["eu-ai-act"]);
    expect(await ids("q=nist")).toEqual(["nist-ai-rmf"]);
    expect(await ids("status=Voluntary")).toEqual(FRAMEWORKS.filter((f) => f.status === "Voluntary").map((f) => f.id));
    expect((await call("admin", "GET", "/frameworks?status=Repealed")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/frameworks?enabled=maybe")).statusCode).toBe(400);
  });

  it("shows a framework's requirements with the controls mapped to them", async () => {
    const detail = await framework("iso-42001", "reviewer");
    expect(detail.requirements).toHaveLength(ISO_42001.requirements.length);
    expect(detail.requirements.every((r: { control_ids: string[] }) => r.control_ids.length > 0)).toBe(true);
    expect(detail.controls.length).toBe(detail.control_count);
    expect((await call("admin", "GET", "/frameworks/gdpr")).statusCode).toBe(404);
  });

  it("is for Administrators and company-level reviewers; the setting is for Administrators", async () => {
    expect((await call("contributor", "GET", "/frameworks")).statusCode).toBe(403);
    expect((await call("approver", "GET", "/frameworks/eu-ai-act")).statusCode).toBe(403);
    expect((await call("reviewer", "PUT", "/frameworks/iso-42001/setting", { enabled: true })).statusCode).toBe(403);
    expect((await call(null, "GET", "/frameworks")).statusCode).toBe(401);
  });
});

describe("company settings", () => {
  it("an Administrator enables a framework with notes; the change is audited and other companies keep theirs", async () => {
    const res = await call("admin", "PUT", "/frameworks/nyc-ll144/setting", { enabled: true, notes: "We hire in New York." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ framework_id: "nyc-ll144", enabled: true, notes: "We hire in New York." });
    expect(await framework("nyc-ll144")).toMatchObject({ enabled: true, notes: "We hire in New York." });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, "framework.setting_changed")));
    expect(entries.some((e) => (e.after as { framework_id: string }).framework_id === "nyc-ll144")).toBe(true);
    expect((await framework("nyc-ll144", "other")).enabled).toBe(false);
    expect((await enable("nyc-ll144", false)).statusCode).toBe(200);
  });

  it("a framework newly enabled applies to the applications in its scope only", async () => {
    const hiring = await create("Hiring ranker", lowRiskDetails({ high_risk_areas: ["employment"], business_criticality: "high" }));
    const other = await create("Office chat helper");
    await enable("nyc-ll144", true);
    const names = (await frameworkApplications("nyc-ll144")).map((a: { name: string }) => a.name);
    expect(names).toContain("Hiring ranker");
    expect(names).not.toContain("Office chat helper");
    const tab = (await call("contributor", "GET", `/applications/${hiring.id}/frameworks`)).json().items;
    expect(tab.find((f: { framework_id: string }) => f.framework_id === "nyc-ll144")).toMatchObject({ applies: true, applies_by_default: true, override: null });
    const otherTab = (await call("contributor", "GET", `/applications/${other.id}/frameworks`)).json().items;
    expect(otherTab.find((f: { framework_id: string }) => f.framework_id === "nyc-ll144")).toMatchObject({ applies: false, applies_by_default: false });
    await enable("nyc-ll144", false);
  });
});

describe("progress", () => {
  it("is (implemented + not applicable) ÷ applicable, per application and across them", async () => {
    const a = await create("Claims scorer");
    const b = await create("Claims router");
    const eu = applicableControls([EU_AI_ACT], "high");
    expect(eu.length).toBeGreaterThan(4);
    expect((await setStatus(a.id, eu[0].id, { status: "implemented" })).statusCode).toBe(200);
    expect((await setStatus(a.id, eu[1].id, { status: "not_applicable", justification: "No personal data." })).statusCode).toBe(200);
    expect((await setStatus(a.id, eu[2].id, { status: "in_progress" })).statusCode).toBe(200);
    expect((await setStatus(b.id, eu[0].id, { status: "implemented" })).statusCode).toBe(200);

    const detail = await framework("eu-ai-act");
    const listedApplications = await frameworkApplications("eu-ai-act");
    expect(detail.application_count).toBe(listedApplications.length);
    const rowA = listedApplications.find((x: { id: string }) => x.id === a.id);
    expect(rowA).toMatchObject({ applicable: eu.length, implemented: 1, not_applicable: 1, in_progress: 1, not_started: eu.length - 3 });
    expect(rowA.progress).toBeCloseTo(2 / eu.length);
    const rowB = listedApplications.find((x: { id: string }) => x.id === b.id);
    expect(rowB.progress).toBeCloseTo(1 / eu.length);

    // Across applications: the sum of their counts, so other applications' progress moves it too.
    const sums = listedApplications.reduce(
      (s: { applicable: number; done: number }, x: { applicable: number; implemented: number; not_applicable: number }) => ({
        applicable: s.applicable + x.applicable,
        done: s.done + x.implemented + x.not_applicable,
      }),
      { applicable: 0, done: 0 },
    );
    expect(detail.progress.applicable).toBe(sums.applicable);
    expect(detail.progress.progress).toBeCloseTo(sums.done / sums.applicable);
    const listed = (await call("admin", "GET", "/frameworks")).json().items.find((f: { id: string }) => f.id === "eu-ai-act");
    expect(listed.progress).toEqual(detail.progress);

    const tab = (await call("reviewer", "GET", `/applications/${a.id}/frameworks`)).json().items;
    expect(tab.find((f: { framework_id: string }) => f.framework_id === "eu-ai-act").progress.progress).toBeCloseTo(2 / eu.length);
  });

  it("covers only the applications of the caller's company", async () => {
    const theirs = await framework("eu-ai-act", "other");
    expect(await frameworkApplications("eu-ai-act", "other")).toEqual([]);
    expect(theirs.progress).toMatchObject({ applicable: 0, progress: 0 });
  });
});

describe("disabling a framework", () => {
  it("hides its controls from every application without deleting evidence; re-enabling brings them back", async () => {
    const a = await create("Refund approver");
    await enable("iso-42001", true);
    const withIso = applicableControls([EU_AI_ACT, ISO_42001], "high").map((c) => c.id);
    const euOnly = new Set(applicableControls([EU_AI_ACT], "high").map((c) => c.id));
    const isoOnly = withIso.find((id) => !euOnly.has(id));
    const controlsOf = async () => (await call("contributor", "GET", `/applications/${a.id}/controls`)).json().items as { id: string; evidence_count: number }[];
    expect((await controlsOf()).map((c) => c.id)).toEqual(withIso);

    const target = isoOnly ?? withIso[0];
    const added = await call("contributor", "POST", `/applications/${a.id}/controls/${target}/evidence`, { kind: "link", name: "Policy", url: "https://intranet.example/policy" });
    expect(added.statusCode).toBe(201);
    await setStatus(a.id, target, { status: "implemented" });

    // Turning off every framework that maps the control hides it.
    await enable("iso-42001", false);
    await enable("eu-ai-act", false);
    expect(await controlsOf()).toEqual([]);
    expect((await call("contributor", "GET", `/applications/${a.id}/controls/${target}`)).statusCode).toBe(404);
    const kept = await t.database.db.select().from(controlEvidence).where(eq(controlEvidence.applicationId, a.id));
    expect(kept).toHaveLength(1);
    expect(kept[0].deletedAt).toBeNull();

    await enable("eu-ai-act", true);
    await enable("iso-42001", true);
    const back = await controlsOf();
    expect(back.map((c) => c.id)).toEqual(withIso);
    expect(back.find((c) => c.id === target)).toMatchObject({ evidence_count: 1, status: "implemented" });
    await enable("iso-42001", false);
  });
});
