import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { applicationDocuments, processingItems, testingTasks } from "../../server/db/schema";
import { SAMPLES } from "../../server/uploads/test-support";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { fairnessResultsSchema, type FairnessCategory, type TestingTask } from "../../domain/entities/testing-task";
import { csvOf, startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/** Testing tasks through the API: a fairness_ml_user run from upload to results, the input it refuses, who sees and does what. */
let w: TestingWorld;
let decisions: Buffer;
let decisionsId: string;

/**
 * A hand-counted decisions table: per (sex, race/ethnicity, age band), how many rows, how many shortlisted (the
 * first ones) and how many actually hired (the label, the first ones). Plus two rows with no decision.
 */
const GROUPS: [sex: string, race: string, age: string, rows: number, shortlisted: number, hired: number][] = [
  ["F", "A", "under 40", 20, 8, 10],
  ["F", "B", "40+", 20, 4, 10],
  ["M", "A", "under 40", 30, 18, 20],
  ["M", "B", "40+", 25, 12, 10],
  ["X", "A", "under 40", 1, 1, 1],
  ["", "B", "under 40", 4, 2, 0],
];
const COLUMNS = { outcome: "shortlisted", outcome_type: "binary", label: "hired", protected: { sex: "gender", race_ethnicity: "ethnicity", age_band: "age_group" } };

function decisionsCsv(): Buffer {
  const rows: (string | number)[][] = [["applicant", "gender", "ethnicity", "age_group", "shortlisted", "hired"]];
  for (const [sex, race, age, n, shortlisted, hired] of GROUPS) {
    for (let i = 0; i < n; i++) rows.push([`a${rows.length}`, sex, race, age, i < shortlisted ? 1 : 0, i < hired ? 1 : 0]);
  }
  rows.push(["none1", "F", "A", "under 40", "", ""], ["none2", "M", "B", "40+", "", "1"]);
  return csvOf(rows);
}

/** The 95% Wilson score interval, written out here independently of domain/. */
function wilson(x: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = x / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [centre - half, centre + half];
}

const tasksPath = (app: string) => `/applications/${app}/testing/tasks`;
const taskPath = (app: string, id: string) => `${tasksPath(app)}/${id}`;
const paths = (res: { json(): { errors?: { path: string; message: string }[] } }) => res.json().errors ?? [];
const read = async (who: string, app: string, id: string) => (await w.call(who, "GET", taskPath(app, id))).json() as TestingTask;
const category = (task: TestingTask, name: string) => fairnessResultsSchema.parse(task.results).categories.find((c) => c.category === name)!;
const group = (c: FairnessCategory, name: string) => c.groups.find((g) => g.group === name)!;

beforeAll(async () => {
  w = await testingWorld({ details: lowRiskDetails({ decisions_about_people: "supports_human_decision", business_criticality: "high" }) });
  decisions = decisionsCsv();
  decisionsId = await uploadDocument(w, w.apps.inReach, "Shortlisting 2026.csv", decisions, "contributor");
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("a fairness_ml_user test, from start to results", () => {
  it("is created waiting, run by the worker and ready with the hand-counted figures", async () => {
    const res = await w.call("contributor", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_ml_user", name: "Shortlisting Q1", document_id: decisionsId, columns: COLUMNS });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TestingTask;
    expect(created).toMatchObject({
      application_id: w.apps.inReach,
      data_source: "fairness_ml_user",
      name: "Shortlisting Q1",
      document: { id: decisionsId, name: "Shortlisting 2026.csv" },
      columns: COLUMNS,
      status: "waiting",
      error: null,
      rows_read: 0,
      started_by: { id: w.ids.contributor, name: "Carlos Contributor" },
      summary: null,
      results: null,
    });
    expect(created.history.map((h) => h.status)).toEqual(["created", "waiting"]);

    await w.t.app.testingWorker.wake();
    const task = await read("reviewer", w.apps.inReach, created.id);
    expect(task.status).toBe("ready");
    expect(task.history.map((h) => h.status)).toEqual(["created", "waiting", "analyzing", "ready"]);
    expect(task.rows_read).toBe(102);
    const results = fairnessResultsSchema.parse(task.results);
    expect(results).toMatchObject({ sample_size: 100, outcome_type: "binary" });
    expect(results.categories.map((c) => c.category)).toEqual(["sex", "race_ethnicity", "sex_race_ethnicity", "age_band"]);
    expect(results.provenance).toMatchObject({
      input_sha256: createHash("sha256").update(decisions).digest("hex"),
      rows_read: 102,
      rows_without_outcome: 2,
      columns: COLUMNS,
      metric_definitions_version: expect.any(String),
      steward_version: "0.1.0",
    });

    // sex: F 12 of 40, M 30 of 55, X 1 of 1 (1% of the sample: excluded), 4 unknown.
    const sex = category(task, "sex");
    expect(sex).toMatchObject({ unknown: 4, most_selected: "M" });
    const [fLow, fHigh] = wilson(12, 40);
    expect(group(sex, "F")).toMatchObject({ count: 40, share: 0.4, positives: 12, rate: 0.3, excluded: false, small: false, adverse_impact: true });
    expect(group(sex, "F").ci_low).toBeCloseTo(fLow, 12);
    expect(group(sex, "F").ci_high).toBeCloseTo(fHigh, 12);
    expect(group(sex, "F").impact_ratio).toBeCloseTo(0.3 / (30 / 55), 12);
    // Two-sided Fisher exact of [[12, 28], [30, 25]], by SciPy's fisher_exact.
    expect(group(sex, "F").p_value).toBeCloseTo(0.02190225796685189, 12);
    expect(group(sex, "M")).toMatchObject({ count: 55, positives: 30, impact_ratio: 1, p_value: null, adverse_impact: false });
    expect(group(sex, "X")).toMatchObject({ count: 1, share: 0.01, rate: 1, excluded: true, small: true, impact_ratio: null, p_value: null, adverse_impact: false });
    // Over F and M only: TPR 12/20 and 28/30, FPR 0/20 and 2/25.
    expect(sex.metrics.demographic_parity_difference).toBeCloseTo(30 / 55 - 0.3, 12);
    expect(sex.metrics.demographic_parity_ratio).toBeCloseTo(0.3 / (30 / 55), 12);
    expect(sex.metrics.equal_opportunity_difference).toBeCloseTo(28 / 30 - 0.6, 12);
    expect(sex.metrics.equal_opportunity_ratio).toBeCloseTo(0.6 / (28 / 30), 12);
    expect(sex.metrics.equalized_odds_difference).toBeCloseTo(28 / 30 - 0.6, 12);
    expect(sex.metrics.equalized_odds_ratio).toBe(0);

    // race/ethnicity: A 27 of 51, B 18 of 49.
    const race = category(task, "race_ethnicity");
    expect(race).toMatchObject({ unknown: 0, most_selected: "A" });
    expect(group(race, "B")).toMatchObject({ count: 49, positives: 18, adverse_impact: true });
    expect(group(race, "B").impact_ratio).toBeCloseTo(18 / 49 / (27 / 51), 12);
    expect(group(race, "B").p_value).toBeCloseTo(0.11306945518949924, 12);

    // The intersection: groups under 30 rows are small and never flagged, however low their ratio.
    const both = category(task, "sex_race_ethnicity");
    expect(both).toMatchObject({ unknown: 4, most_selected: "M × A" });
    expect(group(both, "F × B")).toMatchObject({ count: 20, positives: 4, small: true, adverse_impact: false });
    expect(group(both, "F × B").impact_ratio).toBeCloseTo(0.2 / 0.6, 12);
    expect(group(both, "X × A")).toMatchObject({ excluded: true, impact_ratio: null });

    // Another attribute under its own key: 40+ 16 of 45 against under 40's 29 of 55.
    const age = category(task, "age_band");
    expect(group(age, "40+").impact_ratio).toBeCloseTo(16 / 45 / (29 / 55), 12);
    expect(group(age, "40+").p_value).toBeCloseTo(0.10736989402004535, 12);

    expect(task.summary).toMatchObject({ flagged: true, adverse_impact_groups: 3 });
    expect(task.summary!.lowest_impact_ratio.sex).toBeCloseTo(0.3 / (30 / 55), 12);
    expect(task.summary!.lowest_impact_ratio.sex_race_ethnicity).toBeCloseTo(0.2 / 0.6, 12);
  });

  it("reads an .xlsx the same way, and without a label leaves the label's metrics null", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Decisions");
    sheet.addRow(["gender", "score"]);
    // Scores: positive strictly above the median 0.5 of [0.2, 0.5, 0.5, 0.9, 0.7, 0.1].
    for (const [sex, score] of [["F", 0.2], ["F", 0.5], ["F", 0.9], ["M", 0.5], ["M", 0.7], ["M", 0.1]] as const) sheet.addRow([sex, score]);
    const documentId = await uploadDocument(w, w.apps.inReach, "Scores.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
    const { id } = await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: documentId, columns: { outcome: "score", outcome_type: "score", protected: { sex: "gender" } } });
    await w.t.app.testingWorker.wake();
    const task = await read("contributor", w.apps.inReach, id);
    expect(task.status).toBe("ready");
    expect(task.results).toMatchObject({ sample_size: 6, outcome_type: "score", median_score: 0.5 });
    const sex = category(task, "sex");
    expect(group(sex, "F")).toMatchObject({ count: 3, positives: 1 });
    expect(group(sex, "M")).toMatchObject({ count: 3, positives: 1 });
    expect(sex.metrics).toMatchObject({ equal_opportunity_difference: null, equal_opportunity_ratio: null, equalized_odds_difference: null, equalized_odds_ratio: null });
  });

  it("answers the columns and first rows of a document, so a mapping names real columns", async () => {
    const res = await w.call("reviewer", "GET", `/applications/${w.apps.inReach}/testing/columns?document_id=${decisionsId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().columns).toEqual(["applicant", "gender", "ethnicity", "age_group", "shortlisted", "hired"]);
    expect(res.json().sample).toEqual([
      ["a1", "F", "A", "under 40", "1", "1"],
      ["a2", "F", "A", "under 40", "1", "1"],
      ["a3", "F", "A", "under 40", "1", "1"],
      ["a4", "F", "A", "under 40", "1", "1"],
      ["a5", "F", "A", "under 40", "1", "1"],
    ]);
  });
});

describe("input a test refuses, naming the field", () => {
  const start = (body: Record<string, unknown>, app = w.apps.inReach) => w.call("contributor", "POST", tasksPath(app), { data_source: "fairness_ml_user", ...body });

  it("a document of another application, a PDF, and a document still being checked", async () => {
    const elsewhere = await uploadDocument(w, w.apps.outside, "Other decisions.csv", decisions);
    const pdf = await uploadDocument(w, w.apps.inReach, "Model card.pdf", SAMPLES.pdf.bytes);
    const unchecked = (await w.call("contributor", "POST", `/applications/${w.apps.inReach}/documents`, { name: "Pending.csv" })).json().document.id;
    for (const [documentId, message] of [[elsewhere, "testing.errors.documentMissing"], [pdf, "testing.errors.documentType"], [unchecked, "testing.errors.documentMissing"]]) {
      const res = await start({ document_id: documentId, columns: COLUMNS });
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res)).toEqual([{ path: "document_id", message }]);
      const preview = await w.call("contributor", "GET", `/applications/${w.apps.inReach}/testing/columns?document_id=${documentId}`);
      expect(preview.statusCode).toBe(400);
      expect(paths(preview)).toEqual([{ path: "document_id", message }]);
    }
  });

  it("a mapping naming a column the header lacks, each by its field", async () => {
    const res = await start({ document_id: decisionsId, columns: { ...COLUMNS, label: "outcome", protected: { sex: "Gender", race_ethnicity: "ethnicity" } } });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toEqual([
      { path: "columns.label", message: "testing.errors.columnMissing" },
      { path: "columns.protected.sex", message: "testing.errors.columnMissing" },
    ]);
  });

  it("a malformed mapping, a missing document and data sources without what they need", async () => {
    const bad = await start({ document_id: decisionsId, columns: { outcome: "", outcome_type: "maybe", protected: {} } });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad).map((e) => e.path).sort()).toEqual(["columns.outcome", "columns.outcome_type", "columns.protected"]);
    const none = await start({ columns: COLUMNS });
    expect(paths(none)).toEqual([{ path: "document_id", message: "validation.required" }]);
    const synthetic = await w.call("contributor", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_ml_synthetic" });
    expect(paths(synthetic)).toEqual([{ path: "population", message: "validation.required" }]);
    const llm = await w.call("contributor", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_llm_user" });
    expect(llm.statusCode).toBe(400);
    expect(paths(llm).map((e) => e.path)).toEqual(["document_id", "columns"]);
    const unknown = await w.call("contributor", "POST", tasksPath(w.apps.inReach), { data_source: "astrology" });
    expect(paths(unknown).map((e) => e.path)).toEqual(["data_source"]);
  });
});

describe("who sees and does what", () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = (await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", name: "Reach check", document_id: decisionsId, columns: COLUMNS })).id;
    await w.t.app.testingWorker.wake();
  });

  it("every role in reach reads; a reviewer may not start, retry or delete", async () => {
    for (const who of ["admin", "contributor", "reviewer", "approver"]) expect((await w.call(who, "GET", taskPath(w.apps.inReach, taskId))).statusCode).toBe(200);
    expect((await w.call("reviewer", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_ml_user", document_id: decisionsId, columns: COLUMNS })).statusCode).toBe(403);
    expect((await w.call("reviewer", "POST", `${taskPath(w.apps.inReach, taskId)}/retry`)).statusCode).toBe(403);
    expect((await w.call("reviewer", "DELETE", taskPath(w.apps.inReach, taskId))).statusCode).toBe(403);
  });

  it("a contributor outside the application's reach, another company and a user without roles find nothing", async () => {
    expect((await w.call("contributor", "POST", tasksPath(w.apps.outside), { data_source: "fairness_ml_user" })).statusCode).toBe(404);
    expect((await w.call("contributor", "GET", tasksPath(w.apps.outside))).statusCode).toBe(404);
    for (const who of ["other", "noroles"]) {
      expect((await w.call(who, "GET", taskPath(w.apps.inReach, taskId))).statusCode).toBe(404);
      expect((await w.call(who, "GET", tasksPath(w.apps.inReach))).statusCode).toBe(404);
      expect((await w.call(who, "DELETE", taskPath(w.apps.inReach, taskId))).statusCode).toBe(404);
    }
    // A task is found only under its own application.
    expect((await w.call("admin", "GET", taskPath(w.apps.outside, taskId))).statusCode).toBe(404);
  });
});

describe("the list", () => {
  it("pages newest first without results, and filters by status and data source", async () => {
    const all = (await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?page_size=200`)).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const created = all.items.map((t: TestingTask) => t.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.items.every((t: TestingTask) => !("results" in t))).toBe(true);

    const page2 = (await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?page_size=1&page=2`)).json();
    expect(page2.items.map((t: TestingTask) => t.id)).toEqual([all.items[1].id]);
    expect(page2.total).toBe(all.total);

    const ready = (await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?status=ready&data_source=fairness_ml_user`)).json();
    expect(ready.total).toBe(all.items.filter((t: TestingTask) => t.status === "ready").length);
    expect((await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?status=error`)).json().total).toBe(0);
    expect((await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?data_source=fairness_ml_synthetic`)).json().items).toEqual([]);
    expect((await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}?status=done`)).statusCode).toBe(400);
  });
});

describe("retry and delete", () => {
  it("a file that breaks down past its first rows ends the task in error, saying where; retried once the file is fixed, it finishes", async () => {
    const rows = decisions.toString().trimEnd().split("\n");
    // The document check samples the first rows; the 61st data row has a field too many.
    const broken = Buffer.from([...rows.slice(0, 61), "a61,F,A,under 40,1,1,extra", ...rows.slice(61)].join("\n") + "\n");
    const documentId = await uploadDocument(w, w.apps.inReach, "Broken.csv", broken);
    const { id } = await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: documentId, columns: COLUMNS });
    await w.t.app.testingWorker.wake();
    const failed = await read("contributor", w.apps.inReach, id);
    expect(failed).toMatchObject({ status: "error", error: "testing.errors.unreadable", error_params: { row: 61 }, results: null, summary: null });
    expect(failed.history.map((h) => h.status)).toEqual(["created", "waiting", "analyzing", "error"]);

    const [document] = await w.t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId));
    const local = w.t.app.storage as unknown as { receive(key: string, body: NodeJS.ReadableStream, size: number): Promise<{ commit(): Promise<void> }> };
    await (await local.receive(document.storageKey, Readable.from([decisions]), decisions.length)).commit();
    const retried = await w.call("contributor", "POST", `${taskPath(w.apps.inReach, id)}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: "waiting", error: null, error_params: null, rows_read: 0 });
    await w.t.app.testingWorker.wake();
    const done = await read("contributor", w.apps.inReach, id);
    expect(done).toMatchObject({ status: "ready", rows_read: 102 });
    expect(done.history.map((h) => h.status)).toEqual(["created", "waiting", "analyzing", "error", "waiting", "analyzing", "ready"]);
    expect((await w.call("contributor", "POST", `${taskPath(w.apps.inReach, id)}/retry`)).statusCode).toBe(409);
  });

  it("refuses to delete a task while it is analysed, then deletes it with its queue item", async () => {
    const { id } = await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: decisionsId, columns: COLUMNS });
    // The run the route started is let finish first, so that the claim below is the only one.
    await w.t.app.testingWorker.wake();
    const [row] = await w.t.database.db.select().from(testingTasks).where(eq(testingTasks.id, id));
    await w.t.database.db.update(processingItems).set({ status: "analyzing" }).where(eq(processingItems.id, row.processingItemId));
    const refused = await w.call("admin", "DELETE", taskPath(w.apps.inReach, id));
    expect(refused.statusCode).toBe(409);
    await w.t.database.db.update(processingItems).set({ status: "error", error: "testing.errors.failed" }).where(eq(processingItems.id, row.processingItemId));
    expect((await w.call("contributor", "DELETE", taskPath(w.apps.inReach, id))).statusCode).toBe(204);
    expect((await w.call("contributor", "GET", taskPath(w.apps.inReach, id))).statusCode).toBe(404);
    expect(await w.t.database.db.select().from(processingItems).where(eq(processingItems.id, row.processingItemId))).toEqual([]);
  });
});
