import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { applicableControls, FRAMEWORKS } from "../../domain/frameworks";
import { classify } from "../../domain/risk";
import { NO_VENDORS } from "../../server/applications/classification";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { applicationCompliance, applicationControls, applications, companies, complianceSummaryState, resourceGroups } from "../../server/db/schema";
import { queryRows } from "../../server/db/client";
import { applicationOverrides, companySettings, frameworkAppliesTo } from "../../server/frameworks/compliance";
import { ACROSS_FRAMEWORKS } from "../../server/frameworks/summary/library-sql";
import { installComplianceSummary } from "../../server/frameworks/summary/install";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/**
 * The compliance summary follows every kind of change in the same transaction, whoever writes: each check
 * compares the stored rows with the domain's own computation (applicability, tier, statuses) for the application.
 */
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

type Row = { frameworkId: string; applicable: number; implemented: number; notApplicable: number; inProgress: number };
const byFramework = (rows: Row[]) => Object.fromEntries(rows.map(({ frameworkId, ...counts }) => [frameworkId, counts]));

/** What the summary holds for one application. */
async function stored(applicationId: string) {
  const db = t.database.db;
  const rows = await db
    .select({
      frameworkId: applicationCompliance.frameworkId,
      applicable: applicationCompliance.applicable,
      implemented: applicationCompliance.implemented,
      notApplicable: applicationCompliance.notApplicable,
      inProgress: applicationCompliance.inProgress,
    })
    .from(applicationCompliance)
    .where(eq(applicationCompliance.applicationId, applicationId));
  return byFramework(rows);
}

/** The same, computed by the domain's rules from the application's current state. */
async function expected(applicationId: string) {
  const db = t.database.db;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app) return {};
  const [settings, overrides, controls] = await Promise.all([
    companySettings(db, app.companyId),
    applicationOverrides(db, [app.id]),
    db.select().from(applicationControls).where(eq(applicationControls.applicationId, app.id)),
  ]);
  const status = new Map(controls.map((c) => [c.controlId, c.status]));
  const count = (ids: string[]): Omit<Row, "frameworkId"> => ({
    applicable: ids.length,
    implemented: ids.filter((id) => status.get(id) === "implemented").length,
    notApplicable: ids.filter((id) => status.get(id) === "not_applicable").length,
    inProgress: ids.filter((id) => status.get(id) === "in_progress").length,
  });
  const applying = FRAMEWORKS.filter((f) => frameworkAppliesTo(f, { ...app }, settings, overrides.get(app.id)));
  const rows: Row[] = applying.map((f) => ({ frameworkId: f.id, ...count(applicableControls([f], app.riskTier).map((c) => c.id)) }));
  const across = applicableControls(applying, app.riskTier).map((c) => c.id);
  if (across.length) rows.push({ frameworkId: ACROSS_FRAMEWORKS, ...count(across) });
  return byFramework(rows);
}

const agrees = async (applicationId: string) => expect(await stored(applicationId)).toEqual(await expected(applicationId));

/** An answer change as any writer makes it: the details and the tier they classify to, straight in the table. */
async function answer(applicationId: string, details: typeof HIGH) {
  await t.database.db.update(applications).set({ details, riskTier: classify(details, NO_VENDORS).risk_tier }).where(eq(applications.id, applicationId));
}

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

describe("the compliance summary", () => {
  it("is there for a new application, and follows its control statuses (API and bulk writes)", async () => {
    const a = await create("Summary claims scorer");
    await agrees(a.id);
    expect((await stored(a.id))["eu-ai-act"].applicable).toBeGreaterThan(3);
    const [first, second, third] = applicableControls(FRAMEWORKS.filter((f) => f.id === "eu-ai-act"), "high");
    expect((await call("contributor", "PATCH", `/applications/${a.id}/controls/${first.id}`, { status: "implemented" })).statusCode).toBe(200);
    await agrees(a.id);
    expect((await stored(a.id))["eu-ai-act"].implemented).toBe(1);
    expect((await call("contributor", "PATCH", `/applications/${a.id}/controls/${first.id}`, { status: "in_progress" })).statusCode).toBe(200);
    expect((await stored(a.id))["eu-ai-act"]).toMatchObject({ implemented: 0, inProgress: 1 });
    // Several rows in one statement, as an import writes them.
    await t.database.db.insert(applicationControls).values([
      { companyId, applicationId: a.id, controlId: second.id, status: "implemented" },
      { companyId, applicationId: a.id, controlId: third.id, status: "not_applicable", justification: "No personal data." },
    ]);
    await agrees(a.id);
    await t.database.db.delete(applicationControls).where(eq(applicationControls.applicationId, a.id));
    await agrees(a.id);
    expect((await stored(a.id))["eu-ai-act"]).toMatchObject({ implemented: 0, notApplicable: 0, inProgress: 0 });
  });

  it("follows a tier change, and an answer that brings a framework into scope", async () => {
    const a = await create("Summary office helper", lowRiskDetails());
    expect((await call("admin", "PUT", `/frameworks/nyc-ll144/setting`, { enabled: true })).statusCode).toBe(200);
    await agrees(a.id);
    expect(Object.keys(await stored(a.id))).not.toContain("nyc-ll144");
    const lowCount = (await stored(a.id))["eu-ai-act"].applicable;
    await answer(a.id, HIGH);
    await agrees(a.id);
    expect((await stored(a.id))["eu-ai-act"].applicable).toBeGreaterThan(lowCount);
    await answer(a.id, lowRiskDetails({ business_criticality: "high", high_risk_areas: ["employment"] }));
    await agrees(a.id);
    expect(Object.keys(await stored(a.id))).toContain("nyc-ll144");
    expect((await call("admin", "PUT", `/frameworks/nyc-ll144/setting`, { enabled: false })).statusCode).toBe(200);
  });

  it("follows a per-application override and a company's framework switch, for every application at once", async () => {
    const a = await create("Summary router");
    const b = await create("Summary triager");
    expect(Object.keys(await stored(a.id))).not.toContain("iso-42001");
    expect((await call("admin", "PUT", `/frameworks/iso-42001/setting`, { enabled: true })).statusCode).toBe(200);
    for (const id of [a.id, b.id]) {
      await agrees(id);
      expect(Object.keys(await stored(id))).toContain("iso-42001");
    }
    // Every application of the company, not only these two.
    const [{ missing }] = await queryRows<{ missing: number }>(
      t.database.db,
      sql`select count(*)::int as missing from applications a where a.company_id = ${companyId}
        and not exists (select 1 from application_compliance c where c.application_id = a.id and c.framework_id = 'iso-42001')`,
    );
    expect(missing).toBe(0);
    expect((await call("admin", "PUT", `/applications/${a.id}/frameworks/iso-42001/setting`, { enabled: false, reason: "Out of the ISO programme." })).statusCode).toBe(200);
    await agrees(a.id);
    expect(Object.keys(await stored(a.id))).not.toContain("iso-42001");
    expect((await call("admin", "PUT", `/applications/${a.id}/frameworks/iso-42001/setting`, { enabled: true })).statusCode).toBe(200);
    await agrees(a.id);
    expect((await call("admin", "PUT", `/frameworks/iso-42001/setting`, { enabled: false })).statusCode).toBe(200);
    for (const id of [a.id, b.id]) {
      await agrees(id);
      expect(Object.keys(await stored(id))).not.toContain("iso-42001");
    }
  });

  it("loses an application's rows when the application is deleted", async () => {
    const a = await create("Summary short-lived");
    expect(Object.keys(await stored(a.id)).length).toBeGreaterThan(0);
    await t.database.db.delete(applications).where(eq(applications.id, a.id));
    expect(await stored(a.id)).toEqual({});
  });

  it("is rebuilt at startup when the library it was built from changes", async () => {
    const db = t.database.db;
    const a = await create("Summary rebuilt");
    await db.delete(applicationCompliance).where(eq(applicationCompliance.companyId, companyId));
    // Same library: nothing to do (the rows stay as they are, here missing).
    expect(await installComplianceSummary(db)).toBe(false);
    expect(await stored(a.id)).toEqual({});
    await db.update(complianceSummaryState).set({ libraryHash: "an older library" });
    expect(await installComplianceSummary(db)).toBe(true);
    await agrees(a.id);
    const [{ apps, summarised }] = await queryRows<{ apps: number; summarised: number }>(
      db,
      sql`select (select count(*)::int from applications where company_id = ${companyId} and risk_tier is not null) as apps,
        (select count(*)::int from application_compliance where company_id = ${companyId} and framework_id = ${ACROSS_FRAMEWORKS}) as summarised`,
    );
    expect(summarised).toBe(apps);
  });
});
