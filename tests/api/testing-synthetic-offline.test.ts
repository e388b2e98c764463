import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fairnessResultsSchema, type Population } from "../../domain/entities/testing-task";
import { companies, processingItems, resourceGroups, testingTasks } from "../../server/db/schema";
import type { TestingTaskRow } from "../../server/testing/analyzer";
import { analyzeSynthetic } from "../../server/testing/synthetic/analyze";
import { SAMPLES } from "../../server/uploads/test-support";
import { documentUploads } from "../support/document-uploads";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** An offline synthetic test: download the population, score it with one's own tooling, upload the scored file, analyse it. */
let t: TestApp;
let dataDir: string;
let companyId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const apps = { inReach: "", other: "" };
const { addDocument, postForm, confirm } = documentUploads(() => t, call, () => apps.inReach);

const POPULATION: Population = {
  size: 600,
  seed: 11,
  features: [{ name: "years", kind: "number", min: 0, max: 20, integer: true }],
  protected: [
    { attribute: "sex", values: [{ value: "female", share: 1 }, { value: "male", share: 1 }] },
    { attribute: "age_band", values: [{ value: "under 40", share: 0.6 }, { value: "40 and over", share: 0.3 }] },
  ],
  scoring: "offline",
  outcome_type: "binary",
};

/** Selects men and the experienced: uses sex, not age. */
const decide = (row: Record<string, string>) => (Number(row.years) >= 12 || row.sex === "male" ? "yes" : "no");

async function insertTask(population: Population, status: "created" | "waiting" | "error" = "created") {
  const db = t.database.db;
  const [item] = await db.insert(processingItems).values({ companyId, kind: "test", status }).returning();
  const [task] = await db
    .insert(testingTasks)
    .values({ companyId, applicationId: apps.inReach, processingItemId: item.id, dataSource: "fairness_ml_synthetic", population, startedByName: "Carlos Contributor" })
    .returning();
  return task;
}

const base = (taskId: string) => `/applications/${apps.inReach}/testing/tasks/${taskId}`;

/** The downloaded population, scored: a `selected` column added (yes/no), optionally without some of its columns. */
async function scoredCsv(taskId: string, drop: string[] = []): Promise<Buffer> {
  const rows = Papa.parse<Record<string, string>>((await call("contributor", "GET", `${base(taskId)}/population.csv`)).body.trimEnd(), { header: true }).data;
  const scored = rows.map((row) => {
    const out: Record<string, string> = { ...row, selected: decide(row) };
    for (const column of drop) delete out[column];
    return out;
  });
  return Buffer.from(Papa.unparse(scored));
}

/** A document of the application, uploaded and checked (ready), or only added when `confirmIt` is false. */
async function uploaded(name: string, bytes: Buffer, confirmIt = true): Promise<string> {
  const { document, upload } = await addDocument(name, "contributor");
  const posted = await postForm(upload, bytes, name);
  if (posted.statusCode !== 204) throw new Error(`the upload failed: ${posted.body}`);
  if (!confirmIt) return document.id;
  await confirm(document.id);
  await t.app.documentWorker.wake();
  return document.id;
}

const submit = (taskId: string, documentId: string, columns: Record<string, unknown> = { outcome: "selected", outcome_type: "binary", positive_value: "yes" }, who = "contributor") =>
  call(who, "POST", `${base(taskId)}/scores`, { document_id: documentId, columns });

const statusOf = async (task: TestingTaskRow) => (await t.database.db.select().from(processingItems).where(eq(processingItems.id, task.processingItemId)))[0].status;
const reload = async (id: string) => (await t.database.db.select().from(testingTasks).where(eq(testingTasks.id, id)))[0];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-offline-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "60000" } });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  // These tests run the analysis themselves: the worker the scores route wakes stays out of their way.
  await t.app.testingWorker.stop();
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "CV screening", resource_group_id: customerAi });
  apps.other = await create({ name: "Credit model", resource_group_id: customerAi });
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("uploading the scored population", () => {
  it("attaches the file, queues the test, and the analysis reads outcomes, groups and twin sets from it", async () => {
    const task = await insertTask(POPULATION);
    const bytes = await scoredCsv(task.id);
    const documentId = await uploaded("scored.csv", bytes);
    const res = await submit(task.id, documentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, status: "waiting", document: { id: documentId, name: "scored.csv" } });
    expect(await statusOf(task)).toBe("waiting");
    const queued = await reload(task.id);
    expect(queued).toMatchObject({ documentId, columns: { outcome: "selected", outcome_type: "binary", positive_value: "yes" } });
    expect(queued.history.map((h) => h.status)).toEqual(["waiting"]);

    const results = fairnessResultsSchema.parse(await analyzeSynthetic({ db: t.database.db, storage: t.app.storage, config: t.config, task: queued, progress: async () => {} }));
    const rows = Papa.parse<Record<string, string>>(bytes.toString("utf8"), { header: true }).data;
    expect(results.sample_size).toBe(rows.length);
    expect(results.categories.map((c) => c.category)).toEqual(["sex", "age_band"]);
    const women = rows.filter((r) => r.sex === "female");
    const female = results.categories[0].groups.find((g) => g.group === "female")!;
    expect(female).toMatchObject({ count: women.length, positives: women.filter((r) => decide(r) === "yes").length });

    const sexSets = new Map<string, Set<string>>();
    for (const row of rows.filter((r) => r.varied_attribute === "sex")) sexSets.set(row.twin_set, (sexSets.get(row.twin_set) ?? new Set()).add(decide(row)));
    const flips = [...sexSets.values()].filter((s) => s.size > 1).length / sexSets.size;
    expect(flips).toBeGreaterThan(0.2);
    expect(results.counterfactual).toEqual([
      expect.objectContaining({ attribute: "sex", twin_sets: sexSets.size, flip_rate: flips }),
      expect.objectContaining({ attribute: "age_band", flip_rate: 0 }),
    ]);
    expect(results.provenance).toMatchObject({
      input_sha256: createHash("sha256").update(bytes).digest("hex"),
      rows_read: rows.length,
      columns: { outcome: "selected", twin_set: "twin_set", varied_attribute: "varied_attribute", protected: { sex: "sex", age_band: "age_band" } },
      population: POPULATION,
    });
  });

  it("takes scores again after a failed run, but not while the test waits or for an endpoint test", async () => {
    const task = await insertTask(POPULATION);
    const documentId = await uploaded("scored again.csv", await scoredCsv(task.id));
    expect((await submit(task.id, documentId)).statusCode).toBe(200);
    expect((await submit(task.id, documentId)).statusCode).toBe(409);
    await t.database.db.update(processingItems).set({ status: "error", error: "testing.errors.endpointAnswer" }).where(eq(processingItems.id, task.processingItemId));
    expect((await submit(task.id, documentId)).statusCode).toBe(200);
    expect((await reload(task.id)).history.map((h) => h.status)).toEqual(["waiting", "waiting"]);

    const endpointTask = await insertTask({ ...POPULATION, scoring: "endpoint" });
    expect((await submit(endpointTask.id, documentId)).statusCode).toBe(409);
  });

  it.each([
    ["an outcome column the file lacks", { drop: [] as string[], columns: { outcome: "decision", outcome_type: "binary" } }, "columns.outcome", "testing.validation.columnMissing"],
    ["an outcome that is one of the population's columns", { drop: [], columns: { outcome: "sex", outcome_type: "binary" } }, "columns.outcome", "testing.validation.columnMissing"],
    ["a file without the twin sets", { drop: ["twin_set"], columns: undefined }, "document_id", "testing.validation.populationColumns"],
    ["a file without a protected attribute", { drop: ["age_band"], columns: undefined }, "document_id", "testing.validation.populationColumns"],
  ])("refuses %s with a 400 naming the field", async (_what, { drop, columns }, field, message) => {
    const task = await insertTask(POPULATION);
    const documentId = await uploaded("scored.csv", await scoredCsv(task.id, drop));
    const res = await submit(task.id, documentId, columns);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: field, message }]);
    expect(await statusOf(task)).toBe("created");
  });

  it("refuses a PDF, a file still being checked, and a document of another application", async () => {
    const task = await insertTask(POPULATION);
    const pdf = await uploaded("scores.pdf", SAMPLES.pdf.bytes);
    expect((await submit(task.id, pdf)).json().errors).toEqual([{ path: "document_id", message: "testing.validation.documentType" }]);
    const unchecked = await uploaded("later.csv", await scoredCsv(task.id), false);
    expect((await submit(task.id, unchecked)).json().errors).toEqual([{ path: "document_id", message: "testing.validation.documentNotReady" }]);
    const { document, upload } = (await call("contributor", "POST", `/applications/${apps.other}/documents`, { name: "theirs.csv" })).json();
    await postForm(upload, await scoredCsv(task.id), "theirs.csv");
    await call("contributor", "POST", `/applications/${apps.other}/document/${document.id}`, { uploaded: true });
    await t.app.documentWorker.wake();
    const res = await submit(task.id, document.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "document_id", message: "testing.validation.documentUnknown" }]);
  });

  it("is for contributors and administrators in reach: 403 for a reviewer, 404 for another company", async () => {
    const task = await insertTask(POPULATION);
    const documentId = await uploaded("scored.csv", await scoredCsv(task.id));
    expect((await submit(task.id, documentId, undefined, "reviewer")).statusCode).toBe(403);
    expect((await submit(task.id, documentId, undefined, "other")).statusCode).toBe(404);
    expect((await submit(task.id, documentId, undefined, "admin")).statusCode).toBe(200);
  });
});
