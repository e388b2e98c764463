import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { applications, auditLog, companies, incidents, notifications, resourceGroups, users } from "../../server/db/schema";
import { runMonitoringSweep } from "../../server/notifications/sweep";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { applicableControls, EU_AI_ACT } from "../../domain/frameworks";

/** The AI incident register: recording, the Art. 73 report deadlines, follow-up, and who sees what. */
let t: TestApp;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
/** An application in the contributor's group (Customer AI), one outside it, and a high-tier one with controls. */
const apps = { inReach: "", outside: "", controlled: "" };
/** A control every high-tier application carries (the EU AI Act is on by default). */
const CONTROL = applicableControls([EU_AI_ACT], "high")[0].id;
const DETECTED = "2026-03-01T09:30:00.000Z";

const paths = (res: { json(): { errors?: Array<{ path: string }> } }) => (res.json().errors ?? []).map((e) => e.path);
const record = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, "POST", "/incidents", { application_id: apps.inReach, severity: "medium", detected_at: DETECTED, ...body });
  if (res.statusCode !== 201) throw new Error(`incident create failed ${res.statusCode}: ${res.body}`);
  return res.json();
};
const titles = async (who: string, query = "") => {
  const res = await call(who, "GET", `/incidents?page_size=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { titles: res.json().items.map((i: { title: string }) => i.title) as string[], total: res.json().total as number };
};
const patch = (who: string, id: string, body: unknown, ifMatch?: string) =>
  t.app.inject({ method: "PATCH", url: `/v2/incidents/${id}`, headers: { authorization: `Bearer ${token[who]}`, ...(ifMatch && { "if-match": ifMatch }) }, payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  for (const u of await db.select().from(users)) ids[u.email.split("@")[0]] = u.id;
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "Support chatbot", resource_group_id: customerAi, owner_id: ids.contributor });
  apps.outside = await create({ name: "Internal forecaster" });
  apps.controlled = await create({ name: "Credit scorer", resource_group_id: customerAi, details: lowRiskDetails({ business_criticality: "high" }) });
});
afterAll(async () => {
  await t?.close();
});

describe("recording an incident", () => {
  it("records it open, owned by its recorder, with its application named; audited", async () => {
    const res = await call("contributor", "POST", "/incidents", { application_id: apps.inReach, title: " Wrong refund promised ", severity: "low", detected_at: "2026-03-01T10:30:00+01:00" });
    expect(res.statusCode, res.body).toBe(201);
    const incident = res.json();
    expect(incident).toMatchObject({
      title: "Wrong refund promised",
      application: { id: apps.inReach, name: "Support chatbot" },
      status: "open",
      detected_at: DETECTED,
      serious: false,
      serious_type: null,
      report_deadline: null,
      report_overdue: false,
      corrective_actions: [],
      owner_id: ids.contributor,
      owner: { id: ids.contributor, name: expect.any(String) },
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, "incident"), eq(auditLog.entityId, incident.id)));
    expect(audit).toMatchObject({ action: "incident.created", actorId: ids.contributor, after: { title: "Wrong refund promised", status: "open" } });
  });

  it.each([
    ["death", "2026-03-11T09:30:00.000Z"],
    ["widespread_infringement", "2026-03-03T09:30:00.000Z"],
    ["critical_infrastructure", "2026-03-03T09:30:00.000Z"],
    ["health_harm", "2026-03-16T09:30:00.000Z"],
    ["fundamental_rights", "2026-03-16T09:30:00.000Z"],
    ["property_environment", "2026-03-16T09:30:00.000Z"],
  ])("computes the report deadline of a serious incident of type %s from its detection", async (serious_type, deadline) => {
    const incident = await record("contributor", { title: `Serious ${serious_type}`, serious: true, serious_type });
    expect(incident).toMatchObject({ report_deadline: deadline, report_overdue: true });
  });

  it("never takes a deadline from the client", async () => {
    const res = await call("contributor", "POST", "/incidents", { application_id: apps.inReach, title: "Sneaky", severity: "low", detected_at: DETECTED, report_deadline: "2030-01-01T00:00:00Z" });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{ occurred_at: "2026-03-02T00:00:00Z" }, ["detected_at"]],
    [{ serious: true }, ["serious_type"]],
    [{ serious_type: "death" }, ["serious_type"]],
    [{ reported_at: "2026-02-01T00:00:00Z" }, ["reported_at"]],
    [{ affected_people: -3, severity: "apocalyptic" }, ["affected_people", "severity"]],
    [{ title: "   " }, ["title"]],
    [{ owner_id: "00000000-0000-4000-8000-000000000000" }, ["owner_id"]],
    [{ corrective_actions: [{ description: "Retrain", control_id: "C-NOPE-01" }] }, ["corrective_actions.0.control_id"]],
    [{ corrective_actions: [{ description: "" }] }, ["corrective_actions.0.description"]],
  ])("refuses %j with a 400 naming %j", async (body, fields) => {
    const res = await call("contributor", "POST", "/incidents", { application_id: apps.inReach, title: "Invalid", severity: "low", detected_at: DETECTED, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res).sort()).toEqual(fields);
  });

  it("takes corrective actions on the application's own controls, owned by users of the company", async () => {
    const incident = await record("contributor", {
      application_id: apps.controlled,
      title: "Biased scores",
      corrective_actions: [{ description: "Re-run the fairness test", owner_id: ids.contributor, due_date: "2026-04-01", control_id: CONTROL }],
    });
    expect(incident.corrective_actions).toEqual([{ id: expect.any(String), description: "Re-run the fairness test", owner_id: ids.contributor, due_date: "2026-04-01", control_id: CONTROL, done: false }]);
    // The same control is not one of an application without controls; another company's user is nobody here.
    const [other] = await t.database.db.select().from(users).where(eq(users.email, "boss@other.test"));
    const res = await call("contributor", "POST", "/incidents", {
      application_id: apps.inReach,
      title: "Elsewhere",
      severity: "low",
      detected_at: DETECTED,
      corrective_actions: [{ description: "Fix", owner_id: other.id, control_id: CONTROL }],
    });
    expect(paths(res)).toEqual(["corrective_actions.0.owner_id", "corrective_actions.0.control_id"]);
  });
});

describe("the list", () => {
  it("filters by application, severity, status, overdue report and title, and sorts by any key", async () => {
    await record("admin", { application_id: apps.outside, title: "Forecast drift", severity: "critical", detected_at: "2026-01-05T00:00:00Z" });
    await record("admin", { application_id: apps.outside, title: "Forecast outage", severity: "high", detected_at: "2026-01-06T00:00:00Z", serious: true, serious_type: "critical_infrastructure", reported_at: "2026-01-07T00:00:00Z" });
    const all = await titles("admin", `&application_id=${apps.outside}`);
    expect(all).toEqual({ titles: ["Forecast outage", "Forecast drift"], total: 2 });
    expect((await titles("admin", `&application_id=${apps.outside}&sort=severity`)).titles).toEqual(["Forecast drift", "Forecast outage"]);
    expect((await titles("admin", `&application_id=${apps.outside}&sort=-title`)).titles).toEqual(["Forecast outage", "Forecast drift"]);
    expect((await titles("admin", "&severity=critical&severity=high")).titles).toEqual(["Forecast outage", "Forecast drift"]);
    expect((await titles("admin", "&q=OUTAGE")).titles).toEqual(["Forecast outage"]);
    expect((await titles("admin", `&application_id=${apps.outside}&status=investigating`)).total).toBe(0);
    // Reported in time: not overdue; the serious ones recorded above were never reported.
    const overdue = await titles("admin", "&overdue_report=true&sort=report_deadline");
    // The 2-day deadlines first (the same instant, in either order), then the 10-day one, then the 15-day ones.
    expect(overdue.titles.slice(0, 2).sort()).toEqual(["Serious critical_infrastructure", "Serious widespread_infringement"]);
    expect(overdue.titles[2]).toBe("Serious death");
    expect(overdue.titles).not.toContain("Forecast outage");
    expect(overdue.total).toBe(6);
    expect((await titles("admin", "&overdue_report=false")).titles).toContain("Forecast outage");
  });

  it("refuses an unknown sort key or filter by name", async () => {
    expect(paths(await call("admin", "GET", "/incidents?sort=mood"))).toEqual(["query.sort"]);
    expect(paths(await call("admin", "GET", "/incidents?colour=red"))).toEqual(["query.colour"]);
  });
});

describe("following an incident up", () => {
  it("moves its status open → investigating → resolved → closed and reopens it; other moves are refused naming status", async () => {
    const incident = await record("contributor", { title: "Moves" });
    const move = async (status: string) => patch("contributor", incident.id, { status });
    expect((await move("closed")).statusCode).toBe(400);
    expect(paths(await move("resolved"))).toEqual(["status"]);
    for (const status of ["investigating", "resolved", "closed", "open", "investigating", "resolved", "open"]) {
      const res = await move(status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().status).toBe(status);
    }
    expect((await move("open")).statusCode).toBe(200);
  });

  it("recomputes the deadline when the facts change, and checks them together as they would be stored", async () => {
    const incident = await record("contributor", { title: "Escalating", serious: true, serious_type: "health_harm" });
    expect(incident.report_deadline).toBe("2026-03-16T09:30:00.000Z");
    const worse = await patch("contributor", incident.id, { serious_type: "death", detected_at: "2026-03-02T09:30:00Z", root_cause: "Stale model", affected_people: 1 });
    expect(worse.json()).toMatchObject({ serious_type: "death", report_deadline: "2026-03-12T09:30:00.000Z", root_cause: "Stale model", affected_people: 1, version: 2 });
    // Not serious with a type left over: the type must go too.
    expect(paths(await patch("contributor", incident.id, { serious: false }))).toEqual(["serious_type"]);
    expect(paths(await patch("contributor", incident.id, { occurred_at: "2026-03-05T00:00:00Z" }))).toEqual(["detected_at"]);
    const cleared = (await patch("contributor", incident.id, { serious: false, serious_type: null, reported_at: null })).json();
    expect(cleared).toMatchObject({ serious: false, serious_type: null, report_deadline: null, report_overdue: false });
    expect((await patch("contributor", incident.id, { report_deadline: "2030-01-01T00:00:00Z" })).statusCode).toBe(400);
    expect((await patch("contributor", incident.id, { application_id: apps.outside })).statusCode).toBe(400);
  });

  it("replaces the corrective actions, keeping the ids sent back", async () => {
    const incident = await record("contributor", { application_id: apps.controlled, title: "Actions", corrective_actions: [{ description: "Audit the data" }] });
    const [first] = incident.corrective_actions;
    const res = await patch("contributor", incident.id, { corrective_actions: [{ ...first, done: true }, { description: "Add a control", control_id: CONTROL }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().corrective_actions).toEqual([{ ...first, done: true }, expect.objectContaining({ description: "Add a control", control_id: CONTROL, done: false })]);
    expect(paths(await patch("contributor", incident.id, { corrective_actions: [first, first] }))).toEqual(["corrective_actions.1.id"]);
  });

  it("refuses a stale version with 412 and changes nothing; the current version saves; audited before and after", async () => {
    const incident = await record("contributor", { title: "Contended" });
    const saved = await patch("contributor", incident.id, { severity: "high" }, '"1"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    const stale = await patch("admin", incident.id, { severity: "low" }, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current_version).toBe(2);
    expect((await call("admin", "GET", `/incidents/${incident.id}`)).json()).toMatchObject({ severity: "high", version: 2 });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, "incident"), eq(auditLog.entityId, incident.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["incident.created", "incident.updated"]);
    expect(audits.find((a) => a.action === "incident.updated")).toMatchObject({ before: { severity: "medium" }, after: { severity: "high" } });
  });

  it("lets only Administrators delete, at the expected version; audited with what it was", async () => {
    const incident = await record("contributor", { title: "Recorded twice" });
    expect((await call("contributor", "DELETE", `/incidents/${incident.id}`)).statusCode).toBe(403);
    const stale = await t.app.inject({ method: "DELETE", url: `/v2/incidents/${incident.id}`, headers: { authorization: `Bearer ${token.admin}`, "if-match": '"7"' } });
    expect(stale.statusCode).toBe(412);
    expect((await call("admin", "DELETE", `/incidents/${incident.id}`)).statusCode).toBe(204);
    expect((await call("admin", "GET", `/incidents/${incident.id}`)).statusCode).toBe(404);
    expect((await call("admin", "DELETE", `/incidents/${incident.id}`)).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "incident.deleted"), eq(auditLog.entityId, incident.id)));
    expect(audit).toMatchObject({ actorId: ids.admin, before: { title: "Recorded twice" }, after: null });
  });

  it("goes with its application", async () => {
    const doomed = (await call("admin", "POST", "/applications", { name: "Short-lived" })).json().id;
    const incident = await record("admin", { application_id: doomed, title: "Orphan to be" });
    await t.database.db.delete(applications).where(eq(applications.id, doomed));
    expect(await t.database.db.select().from(incidents).where(eq(incidents.id, incident.id))).toEqual([]);
  });
});

describe("who sees and changes what", () => {
  it("hides incidents of applications out of the caller's reach: 404 by id, absent from the list and its total", async () => {
    const hidden = await record("admin", { application_id: apps.outside, title: "Out of reach" });
    expect((await call("contributor", "GET", `/incidents/${hidden.id}`)).statusCode).toBe(404);
    expect((await patch("contributor", hidden.id, { title: "Mine now" })).statusCode).toBe(404);
    const theirs = await titles("contributor");
    expect(theirs.titles).not.toContain("Out of reach");
    expect(theirs.total).toBe(theirs.titles.length);
    expect((await titles("admin")).titles).toContain("Out of reach");
    const res = await call("contributor", "POST", "/incidents", { application_id: apps.outside, title: "Elsewhere", severity: "low", detected_at: DETECTED });
    expect(res.statusCode).toBe(404);
    expect(paths(res)).toEqual(["application_id"]);
  });

  it("lets reviewers and approvers read but not record or change (403)", async () => {
    const incident = await record("contributor", { title: "Read only for some" });
    for (const who of ["reviewer", "approver"]) {
      expect((await call(who, "GET", `/incidents/${incident.id}`)).statusCode, who).toBe(200);
      expect((await titles(who)).titles, who).toContain("Read only for some");
      expect((await call(who, "POST", "/incidents", { application_id: apps.inReach, title: "No", severity: "low", detected_at: DETECTED })).statusCode, who).toBe(403);
      expect((await patch(who, incident.id, { title: "No" })).statusCode, who).toBe(403);
    }
    expect((await call("noroles", "GET", "/incidents")).statusCode).toBe(403);
    expect((await call("noroles", "GET", `/incidents/${incident.id}`)).statusCode).toBe(404);
  });

  it("shows another company none of ours (404), and ours none of theirs", async () => {
    const ours = await record("contributor", { title: "Our secret incident" });
    expect((await call("other", "GET", `/incidents/${ours.id}`)).statusCode).toBe(404);
    expect((await patch("other", ours.id, { title: "Taken" })).statusCode).toBe(404);
    expect((await call("other", "DELETE", `/incidents/${ours.id}`)).statusCode).toBe(404);
    expect(await titles("other")).toEqual({ titles: [], total: 0 });
    const res = await call("other", "POST", "/incidents", { application_id: apps.inReach, title: "Planted", severity: "low", detected_at: DETECTED });
    expect(res.statusCode).toBe(404);
    expect(paths(res)).toEqual(["application_id"]);
  });
});

describe("reports coming due", () => {
  const DAY_MS = 86_400_000;
  /** Detected `daysAgo` days ago, so a death (10 days) is due in 10 - daysAgo days. */
  const detectedAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  const workOf = async (who: string, title: string) => {
    const res = await call(who, "GET", "/my-work?kind=incident_report&page_size=200");
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.filter((i: { subject: { name: string } | null }) => i.subject?.name === title);
  };

  it("puts an open serious incident due within 5 days on My Work of its owner, the application's owner and reviewers", async () => {
    const due = await record("admin", { title: "Dosage advice death", serious: true, serious_type: "death", detected_at: detectedAgo(6), owner_id: ids.approver });
    const item = { kind: "incident_report", application: { id: apps.inReach, name: "Support chatbot", risk_tier: null }, subject: { id: due.id, name: "Dosage advice death" }, due_date: due.report_deadline, link: `/incidents/detail/${due.id}` };
    // The approver owns the incident, the contributor the application; the reviewer reviews it.
    for (const who of ["approver", "contributor", "reviewer"]) expect(await workOf(who, "Dosage advice death"), who).toEqual([item]);
    expect(await workOf("admin", "Dosage advice death")).toEqual([]);
    expect(await workOf("other", "Dosage advice death")).toEqual([]);
  });

  it("leaves out reports further off, already made, and incidents resolved", async () => {
    await record("contributor", { title: "Far off", serious: true, serious_type: "health_harm", detected_at: detectedAgo(1) });
    await record("contributor", { title: "Reported", serious: true, serious_type: "death", detected_at: detectedAgo(6), reported_at: detectedAgo(1) });
    const resolved = await record("contributor", { title: "Resolved", serious: true, serious_type: "death", detected_at: detectedAgo(6) });
    await patch("contributor", resolved.id, { status: "investigating" });
    await patch("contributor", resolved.id, { status: "resolved" });
    for (const title of ["Far off", "Reported", "Resolved"]) expect(await workOf("contributor", title), title).toEqual([]);
  });

  it("has the sweep tell the application's owner and reviewers and the incident's owner once, due and then overdue", async () => {
    const soon = await record("contributor", { title: "Leaked transcripts", serious: true, serious_type: "fundamental_rights", detected_at: detectedAgo(12) });
    const late = await record("contributor", { title: "Grid controller fault", serious: true, serious_type: "critical_infrastructure", detected_at: detectedAgo(3) });
    await runMonitoringSweep(t.database.db);
    await runMonitoringSweep(t.database.db);
    const sent = async (id: string) => t.database.db.select().from(notifications).where(eq(notifications.link, `/incidents/detail/${id}`));
    const soonRows = await sent(soon.id);
    expect(soonRows.map((r) => r.userId).sort()).toEqual([ids.contributor, ids.reviewer].sort());
    expect(new Set(soonRows.map((r) => r.kind))).toEqual(new Set(["incident.report_due"]));
    expect((await sent(late.id)).map((r) => r.kind)).toEqual(["incident.report_overdue", "incident.report_overdue"]);

    const deadline = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(soon.report_deadline));
    const texts = (await call("contributor", "GET", "/notifications/30?page_size=200")).json().items.map((n: { notification_text: string }) => n.notification_text);
    expect(texts).toContain(`The serious incident Leaked transcripts of Support chatbot must be reported to the authority by ${deadline}.`);

    // Once overdue, the same incident is announced once more; a later run sends nothing new.
    await runMonitoringSweep(t.database.db, new Date(Date.now() + 4 * DAY_MS));
    await runMonitoringSweep(t.database.db, new Date(Date.now() + 4 * DAY_MS));
    expect((await sent(soon.id)).map((r) => r.kind).sort()).toEqual(["incident.report_due", "incident.report_due", "incident.report_overdue", "incident.report_overdue"]);
  });
});
