import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { applicableControls, EU_AI_ACT } from "../../domain/frameworks";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { auditLog, companies, notifications, resourceGroups, users } from "../../server/db/schema";
import { runMonitoringSweep } from "../../server/notifications/sweep";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Evidence dates: the day evidence speaks for (effective_on) and the end of its validity (expires_on). */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let appId: string;
const CONTROL = applicableControls([EU_AI_ACT], "high")[0].id;
const evidencePath = () => `/applications/${appId}/controls/${CONTROL}/evidence`;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const errorPaths = (body: string) => (JSON.parse(body).errors ?? []).map((e: { path: string; message: string }) => `${e.path}:${e.message}`);
const longDate = (day: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

const addLink = async (body: Record<string, unknown>) => {
  const res = await call("contributor", "POST", evidencePath(), { kind: "link", url: "https://evidence.example/report", ...body });
  if (res.statusCode !== 201) throw new Error(`evidence create failed ${res.statusCode}: ${res.body}`);
  return res.json().evidence as { id: string; effective_on: string; expires_on: string | null; expired: boolean };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const [group] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, company.id), eq(resourceGroups.name, "Customer AI")));
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const res = await call("admin", "POST", "/applications", { name: "Dated evidence", details: lowRiskDetails({ business_criticality: "high" }), resource_group_id: group.id });
  appId = res.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("adding evidence", () => {
  it("speaks for the day it was added unless told an earlier day, which may precede the upload", async () => {
    const plain = await addLink({ name: "Added today", expires_on: isoDay(90) });
    expect(plain).toMatchObject({ effective_on: isoDay(0), expires_on: isoDay(90), expired: false });
    const dated = await addLink({ name: "Penetration test report", effective_on: isoDay(-200), expires_on: isoDay(165) });
    expect(dated).toMatchObject({ effective_on: isoDay(-200), expires_on: isoDay(165) });
    const detail = (await call("reviewer", "GET", `/applications/${appId}/controls/${CONTROL}`)).json();
    expect(detail.evidence.find((e: { id: string }) => e.id === dated.id)).toMatchObject({ effective_on: isoDay(-200), expires_on: isoDay(165) });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, appId), eq(auditLog.action, "evidence.added"))).orderBy(auditLog.seq).limit(1).offset(1);
    expect(audit.after).toMatchObject({ evidence_id: dated.id, effective_on: isoDay(-200), expires_on: isoDay(165) });
  });

  it("keeps clients that know only expires_on working: no effective date, no validity end", async () => {
    const res = await call("contributor", "POST", evidencePath(), { kind: "link", name: "Old client", url: "https://evidence.example/old" });
    expect(res.statusCode).toBe(201);
    expect(res.json().evidence).toMatchObject({ effective_on: isoDay(0), expires_on: null, expired: false });
  });

  it("refuses an effective date to come or that is no date", async () => {
    let res = await call("contributor", "POST", evidencePath(), { kind: "link", name: "Future", url: "https://x.example", effective_on: isoDay(3) });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["effective_on:controls.errors.effectiveFuture"]);
    res = await call("contributor", "POST", evidencePath(), { kind: "file", name: "Undated", effective_on: "last spring" });
    expect(res.statusCode).toBe(400);
    expect(new Set(errorPaths(res.body).map((e: string) => e.split(":")[0]))).toEqual(new Set(["effective_on"]));
    // A validity end today is allowed, even for evidence of a day long past.
    res = await call("contributor", "POST", evidencePath(), { kind: "link", name: "Ends today", url: "https://x.example", effective_on: isoDay(-400), expires_on: isoDay(0) });
    expect(res.statusCode).toBe(201);
  });
});

describe("changing evidence dates", () => {
  it("corrects the effective date and moves the validity end, audited with what it was", async () => {
    const evidence = await addLink({ name: "Model card", expires_on: isoDay(30) });
    const res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { effective_on: isoDay(-20), expires_on: isoDay(340) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: evidence.id, name: "Model card", effective_on: isoDay(-20), expires_on: isoDay(340), expired: false });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, appId), eq(auditLog.action, "evidence.updated")));
    expect(audit.before).toMatchObject({ evidence_id: evidence.id, effective_on: isoDay(0), expires_on: isoDay(30) });
    expect(audit.after).toMatchObject({ evidence_id: evidence.id, effective_on: isoDay(-20), expires_on: isoDay(340) });

    const cleared = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { expires_on: null, name: "Model card v2" });
    expect(cleared.json()).toMatchObject({ name: "Model card v2", effective_on: isoDay(-20), expires_on: null });
  });

  it("answers an empty change with the evidence as it is, and audits nothing", async () => {
    const evidence = await addLink({ name: "Untouched", expires_on: isoDay(30) });
    const res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: evidence.id, name: "Untouched", effective_on: isoDay(0), expires_on: isoDay(30) });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, appId), eq(auditLog.action, "evidence.updated")));
    expect(audits.filter((a) => (a.after as { evidence_id?: string } | null)?.evidence_id === evidence.id)).toEqual([]);
  });

  it("refuses a new validity end in the past or before the effective date; a lapsed one may stay while the effective date is corrected", async () => {
    const evidence = await addLink({ name: "Audit letter", effective_on: isoDay(-100), expires_on: isoDay(10) });
    let res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { expires_on: isoDay(-1) });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["expires_on:controls.errors.expiryPast"]);
    res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { effective_on: isoDay(0), expires_on: isoDay(-1) });
    expect(res.statusCode).toBe(400);
    res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { effective_on: isoDay(0) });
    expect(res.statusCode).toBe(200);
    res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { expires_on: isoDay(5), effective_on: isoDay(-1) });
    expect(res.json()).toMatchObject({ effective_on: isoDay(-1), expires_on: isoDay(5) });

    // Evidence whose validity has lapsed (as stored by an earlier day) keeps it while its effective date is corrected.
    const { controlEvidence } = await import("../../server/db/schema");
    await t.database.db.update(controlEvidence).set({ effectiveOn: isoDay(-60), expiresOn: isoDay(-3) }).where(eq(controlEvidence.id, evidence.id));
    res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { effective_on: isoDay(-90) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ effective_on: isoDay(-90), expires_on: isoDay(-3), expired: true });
    res = await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { effective_on: isoDay(-1) });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(["expires_on:controls.errors.validityBeforeEffective"]);
  });

  it("is for those who edit the application; another company's Administrator and unknown evidence get 404", async () => {
    const evidence = await addLink({ name: "Guarded" });
    expect((await call("reviewer", "PATCH", `${evidencePath()}/${evidence.id}`, { name: "Mine" })).statusCode).toBe(403);
    expect((await call("other", "PATCH", `${evidencePath()}/${evidence.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("contributor", "PATCH", `${evidencePath()}/00000000-0000-4000-8000-000000000000`, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { colour: "red" })).statusCode).toBe(400);
    await call("contributor", "DELETE", `${evidencePath()}?evidence_id=${evidence.id}`);
    expect((await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { name: "Gone" })).statusCode).toBe(404);
  });
});

describe("the expiry reminder", () => {
  it("names the day the evidence speaks for and the end of its validity, in the reader's language", async () => {
    const evidence = await addLink({ name: "Bias audit 2025", effective_on: isoDay(-350), expires_on: isoDay(6) });
    const db = t.database.db;
    await runMonitoringSweep(db);
    const rows = await db.select().from(notifications).where(eq(notifications.kind, "evidence.expiring"));
    const mine = rows.filter((r) => r.params.evidence === "Bias audit 2025");
    expect(mine).toHaveLength(1);
    expect(mine[0].params).toMatchObject({ effective: isoDay(-350), date: isoDay(6) });
    const [owner] = await db.select().from(users).where(eq(users.id, mine[0].userId));
    const read = async () => (await call(owner.email === "admin@steward.test" ? "admin" : "contributor", "GET", "/notifications/30?page_size=200")).json();
    const textOf = (body: { items: Array<{ notification_text: string }> }) => body.items.map((n) => n.notification_text).find((text) => text.includes("Bias audit 2025"));
    expect(textOf(await read())).toBe(`The evidence Bias audit 2025 of ${longDate(isoDay(-350), "en")} for ${CONTROL} of Dated evidence holds until ${longDate(isoDay(6), "en")}.`);
    await db.update(users).set({ language: "es" }).where(eq(users.id, owner.id));
    try {
      expect(textOf(await read())).toBe(`La evidencia Bias audit 2025 del ${longDate(isoDay(-350), "es")} del control ${CONTROL} de Dated evidence vale hasta el ${longDate(isoDay(6), "es")}.`);
    } finally {
      await db.update(users).set({ language: "en" }).where(eq(users.id, owner.id));
    }

    // A moved validity end is a new reminder; the same one is never sent twice.
    await call("contributor", "PATCH", `${evidencePath()}/${evidence.id}`, { expires_on: isoDay(8) });
    await runMonitoringSweep(db);
    await runMonitoringSweep(db);
    const after = (await db.select().from(notifications).where(eq(notifications.kind, "evidence.expiring"))).filter((r) => r.params.evidence === "Bias audit 2025");
    expect(after.map((r) => r.params.date).sort()).toEqual([isoDay(6), isoDay(8)]);
  });
});
