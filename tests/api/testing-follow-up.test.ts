import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { applications, notifications, testingTasks } from "../../server/db/schema";
import { runMonitoringSweep } from "../../server/notifications/sweep";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { csvOf, startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/** What a finished test leads to: the starter's bell, My Work and the yearly reminder, and evidence on the controls. */
let w: TestingWorld;
let documentId: string;
const DAY_MS = 86_400_000;
const COLUMNS = { outcome: "selected", outcome_type: "binary", protected: { sex: "sex" } };
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const bell = async (who: string) =>
  (await w.call(who, "GET", "/notifications/30?page_size=200")).json().items.map((n: { notification_text: string; notification_link: string }) => [n.notification_text, n.notification_link]);
const work = async (who: string) =>
  (await w.call(who, "GET", "/my-work?kind=fairness_test_due&page_size=200")).json().items.filter((i: { kind: string }) => i.kind === "fairness_test_due").map((i: { application: { name: string }; due_date: string | null; link: string }) => [i.application.name, i.due_date, i.link]);
const finishedDaysAgo = async (taskId: string, days: number) =>
  w.t.database.db.update(testingTasks).set({ finishedAt: new Date(Date.now() - days * DAY_MS) }).where(eq(testingTasks.id, taskId));

beforeAll(async () => {
  // Decides about people at a high tier: flagged `fairness`, with the EU AI Act's fairness and data controls.
  w = await testingWorld({ details: lowRiskDetails({ decisions_about_people: "supports_human_decision", business_criticality: "high" }) });
  const rows = [["sex", "selected"], ...Array.from({ length: 40 }, (_, i) => [i % 2 ? "F" : "M", i % 3 ? 0 : 1])];
  documentId = await uploadDocument(w, w.apps.inReach, "Decisions.csv", csvOf(rows));
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("the bell", () => {
  it("tells the person who started a test that it is ready, or that it failed, linking to its results or its status", async () => {
    const ready = await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", name: "Q1 audit", document_id: documentId, columns: COLUMNS });
    const failed = await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: documentId, columns: { ...COLUMNS, outcome: "sex", outcome_type: "score" } });
    await w.t.app.testingWorker.wake();
    expect((await w.call("contributor", "GET", `/applications/${w.apps.inReach}/testing/tasks/${failed.id}`)).json()).toMatchObject({
      status: "error",
      error: "testing.errors.noOutcome",
      error_params: { column: "sex" },
    });
    expect(await bell("contributor")).toEqual(
      expect.arrayContaining([
        ["The fairness test “Q1 audit” of Hiring screener is ready: see its results.", `/application-testing/results/${w.apps.inReach}/${ready.id}`],
        ["The fairness test of Hiring screener could not finish: see why on its status page.", `/application-testing/status-details/${w.apps.inReach}/${failed.id}`],
      ]),
    );
    // Only the starter hears of it.
    expect((await bell("admin")).flat().join(" ")).not.toContain("fairness test");
  });
});

describe("My Work and the yearly reminder", () => {
  let fresh: string;
  beforeAll(async () => {
    fresh = (await w.call("admin", "POST", "/applications", { name: "Loan pre-check", owner_id: w.ids.admin, details: lowRiskDetails({ decisions_about_people: "automated_decision" }) })).json().id;
  });

  it("lists an application flagged fairness without a test in the last year, for those who may start one", async () => {
    const tested = (await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: documentId, columns: COLUMNS })).id;
    await w.t.app.testingWorker.wake();
    expect(await work("admin")).toEqual([["Loan pre-check", null, `/applications/detail/${fresh}?tab=testing`]]);
    // The contributor's group holds only the tested application; a reviewer may not start tests.
    expect(await work("contributor")).toEqual([]);
    expect(await work("reviewer")).toEqual([]);

    // Every test of the application more than a year old: due since the day the last one ran out.
    for (const task of await w.t.database.db.select().from(testingTasks).where(eq(testingTasks.applicationId, w.apps.inReach))) {
      if (task.finishedAt) await finishedDaysAgo(task.id, 400);
    }
    await finishedDaysAgo(tested, 370);
    expect(await work("contributor")).toEqual([["Hiring screener", isoDay(new Date(Date.now() - 5 * DAY_MS)), `/applications/detail/${w.apps.inReach}?tab=testing`]]);
    expect(await work("other")).toEqual([]);
  });

  it("reminds the owner once, a month before the year since the last test runs out", async () => {
    const [{ id: taskId }] = await w.t.database.db.select().from(testingTasks).where(eq(testingTasks.applicationId, w.apps.inReach)).orderBy(testingTasks.createdAt).limit(1);
    await finishedDaysAgo(taskId, 350);
    const due = isoDay(new Date(Date.now() + 15 * DAY_MS));
    await runMonitoringSweep(w.t.database.db);
    await runMonitoringSweep(w.t.database.db);
    const reminders = await w.t.database.db.select().from(notifications).where(eq(notifications.kind, "testing.due"));
    expect(reminders.map((n) => [n.userId, n.params.application, n.params.date])).toEqual([[w.ids.contributor, "Hiring screener", due]]);
    expect(await work("contributor")).toEqual([]);
    // Not yet within the month: nothing.
    await finishedDaysAgo(taskId, 300);
    await w.t.database.db.delete(notifications).where(eq(notifications.kind, "testing.due"));
    await runMonitoringSweep(w.t.database.db);
    expect(await w.t.database.db.select().from(notifications).where(eq(notifications.kind, "testing.due"))).toEqual([]);
  });

  it("leaves retired applications alone", async () => {
    await w.t.database.db.update(applications).set({ developmentStatus: "retired" }).where(eq(applications.id, fresh));
    expect(await work("admin")).toEqual([]);
  });
});

describe("a ready test as evidence", () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = (await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", name: "Annual bias audit", document_id: documentId, columns: COLUMNS })).id;
    await w.t.app.testingWorker.wake();
  });

  it("lists the application's controls that a fairness test evidences", async () => {
    const res = await w.call("reviewer", "GET", `/applications/${w.apps.inReach}/testing/evidence-controls`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { control_id: string; framework: string }[];
    expect(items.map((c) => c.control_id)).toEqual(expect.arrayContaining(["C-FAIR-01", "C-DATA-01", "C-TEST-01"]));
    // Security testing shares Art. 15 with accuracy but no fairness test shows it.
    expect(items.map((c) => c.control_id)).not.toContain("C-SEC-01");
    expect(items.find((c) => c.control_id === "C-FAIR-01")?.framework).toBe("EU AI Act, NIST AI RMF");
  });

  it("adds a link to the results, named after the test and expiring a year after it finished", async () => {
    const path = `/applications/${w.apps.inReach}/testing/tasks/${taskId}/evidence`;
    expect((await w.call("reviewer", "POST", path, { control_id: "C-FAIR-01" })).statusCode).toBe(403);
    const unknown = await w.call("contributor", "POST", path, { control_id: "C-SEC-01" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: "control_id", message: "testing.validation.evidenceControl" }]);

    const res = await w.call("contributor", "POST", path, { control_id: "C-FAIR-01" });
    expect(res.statusCode, res.body).toBe(201);
    const [task] = await w.t.database.db.select().from(testingTasks).where(eq(testingTasks.id, taskId));
    const expires = new Date(task.finishedAt!);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    expect(res.json()).toMatchObject({
      control_id: "C-FAIR-01",
      kind: "link",
      name: `Annual bias audit (${isoDay(task.finishedAt!)})`,
      url: `${w.t.config.publicUrl}/application-testing/results/${w.apps.inReach}/${taskId}`,
      expires_on: isoDay(expires),
      expired: false,
    });
    const control = (await w.call("reviewer", "GET", `/applications/${w.apps.inReach}/controls/C-FAIR-01`)).json();
    expect(control.evidence.map((e: { name: string }) => e.name)).toContain(`Annual bias audit (${isoDay(task.finishedAt!)})`);

    // A test that has not finished, or is more than a year old, is no evidence.
    await finishedDaysAgo(taskId, 366);
    expect((await w.call("contributor", "POST", path, { control_id: "C-FAIR-01" })).statusCode).toBe(409);
  });
});
