import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fairnessResultsSchema, TESTING_ERRORS, type FairnessResults, type Population } from "../../domain/entities/testing-task";
import { companies, processingItems, resourceGroups, testingTasks } from "../../server/db/schema";
import type { AnalysisContext, TestingTaskRow } from "../../server/testing/analyzer";
import { TestingFailure } from "../../server/testing/analyzer";
import { kserve, startFakeModel, type FakeModel } from "../../server/testing/endpoint/test-support";
import { analyzeSynthetic } from "../../server/testing/synthetic/analyze";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/**
 * `fairness_ml_synthetic` end to end, minus the queue: a real KServe V1 model on the loopback interface scores
 * a generated population through the analyzer; offline, the population downloads as CSV and comes back scored.
 */
let t: TestApp;
let model: FakeModel;
let dataDir: string;
let companyId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const apps = { inReach: "", outside: "" };
const MODEL_TOKEN = "model-bearer-42";

const POPULATION: Population = {
  size: 2000,
  seed: 20260301,
  features: [
    { name: "years", kind: "number", min: 0, max: 20, integer: true },
    { name: "degree", kind: "category", values: ["none", "bachelor", "master"] },
  ],
  protected: [
    { attribute: "sex", values: [{ value: "female", share: 0.5 }, { value: "male", share: 0.5 }] },
    {
      attribute: "race_ethnicity",
      values: [
        { value: "Asian", share: 0.2 },
        { value: "Black", share: 0.2 },
        { value: "White", share: 0.6 },
      ],
    },
  ],
  scoring: "endpoint",
  outcome_type: "binary",
};
const SCORED: Population = { ...POPULATION, outcome_type: "score" };
const OFFLINE: Population = { ...POPULATION, scoring: "offline" };

type Instance = { years: number; degree: string; sex: string; race_ethnicity: string };
/** Decides on experience alone. */
const fair = (i: Instance) => (i.years >= 10 ? 1 : 0);
/** Also selects every man. */
const biased = (i: Instance) => (i.years >= 10 || i.sex === "male" ? 1 : 0);
/** Scores experience, plus 0.1 for men. */
const biasedScore = (i: Instance) => i.years / 20 + (i.sex === "male" ? 0.1 : 0);

/** The population as the download serves it, parsed back: what a user would score offline. */
async function downloadPopulation(taskId: string, who = "reviewer") {
  const res = await call(who, "GET", `/applications/${apps.inReach}/testing/tasks/${taskId}/population.csv`);
  return res;
}

function parsedRows(csv: string): Instance[] {
  return Papa.parse<Record<string, string>>(csv.trimEnd(), { header: true }).data.map((r) => ({
    years: Number(r.years),
    degree: r.degree,
    sex: r.sex,
    race_ethnicity: r.race_ethnicity,
  }));
}

async function insertTask(population: Population | null, status: "created" | "waiting" = "waiting", dataSource: TestingTaskRow["dataSource"] = "fairness_ml_synthetic", applicationId = apps.inReach) {
  const db = t.database.db;
  const [item] = await db.insert(processingItems).values({ companyId, kind: "test", status }).returning();
  const [task] = await db
    .insert(testingTasks)
    .values({
      companyId,
      applicationId,
      processingItemId: item.id,
      dataSource,
      name: "Hiring model",
      population,
      startedByName: "Carlos Contributor",
      history: [{ status, at: new Date().toISOString() }],
    })
    .returning();
  return task;
}


function context(task: TestingTaskRow, progress: number[] = [], config = t.config): AnalysisContext {
  return { db: t.database.db, storage: t.app.storage, config, task, progress: async (rows) => void progress.push(rows) };
}

async function failureOf(run: Promise<unknown>): Promise<{ key: string; params: Record<string, string | number> }> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TestingFailure)) throw new Error(`expected a TestingFailure, got ${String(error)}`);
  return { key: error.key, params: error.params };
}

/** Share of twin sets of `attribute` whose decisions differ, counted from the population rows by hand. */
function expectedFlipRate(rows: (Instance & { twin_set: string; varied_attribute: string })[], attribute: string, positive: (i: Instance) => boolean) {
  const sets = new Map<string, Set<boolean>>();
  for (const row of rows.filter((r) => r.varied_attribute === attribute)) sets.set(row.twin_set, (sets.get(row.twin_set) ?? new Set()).add(positive(row)));
  return [...sets.values()].filter((s) => s.size > 1).length / sets.size;
}

async function populationWithTwins(taskId: string) {
  const csv = (await downloadPopulation(taskId)).body;
  return Papa.parse<Record<string, string>>(csv.trimEnd(), { header: true }).data.map((r) => ({
    years: Number(r.years),
    degree: r.degree,
    sex: r.sex,
    race_ethnicity: r.race_ethnicity,
    twin_set: r.twin_set,
    varied_attribute: r.varied_attribute,
  }));
}

const group = (results: FairnessResults, category: string, name: string) => results.categories.find((c) => c.category === category)!.groups.find((g) => g.group === name)!;

beforeAll(async () => {
  model = await startFakeModel(kserve((i) => fair(i as Instance)));
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-synthetic-"));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "60000", MODEL_ENDPOINT_ALLOWLIST: `http://127.0.0.1:${model.port}`, MODEL_ENDPOINT_TIMEOUT_MS: "300" },
  });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "CV screening", resource_group_id: customerAi });
  apps.outside = await create({ name: "Credit model" });
  const saved = await call("contributor", "PUT", `/applications/${apps.inReach}/testing/endpoint`, {
    url: `${model.origin}/v1/models/hiring:predict`,
    protocol: "kserve_v1",
    token: MODEL_TOKEN,
  });
  if (saved.statusCode !== 200) throw new Error(`saving the endpoint failed: ${saved.body}`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await model?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("scoring a population through the model endpoint", () => {
  it("finds no flips for a model that ignores the protected attributes, and records how to reproduce the run", async () => {
    model.behave(kserve((i) => fair(i as Instance)));
    const task = await insertTask(POPULATION);
    const progress: number[] = [];
    const before = model.requests.length;
    const results = fairnessResultsSchema.parse(await analyzeSynthetic(context(task, progress)));

    expect(results.sample_size).toBe(2000);
    expect(results.categories.map((c) => c.category)).toEqual(["sex", "race_ethnicity", "sex_race_ethnicity"]);
    expect(results.counterfactual).toEqual([
      { attribute: "sex", twin_sets: 400, flip_rate: 0, largest_gaps: [] },
      { attribute: "race_ethnicity", twin_sets: 400, flip_rate: 0, largest_gaps: [] },
    ]);
    // 2,000 rows in batches of 100, progress after each, the token as a bearer on every one.
    expect(model.requests.length - before).toBe(20);
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 100));
    const requests = model.requests.slice(before);
    expect(requests.every((r) => r.headers.authorization === `Bearer ${MODEL_TOKEN}`)).toBe(true);
    expect(Object.keys((requests[0].body as { instances: object[] }).instances[0])).toEqual(["years", "degree", "sex", "race_ethnicity"]);

    const download = await downloadPopulation(task.id);
    expect(results.provenance).toMatchObject({
      input_sha256: createHash("sha256").update(download.rawPayload).digest("hex"),
      rows_read: 2000,
      rows_without_outcome: 0,
      population: POPULATION,
      metric_definitions_version: expect.any(String),
      steward_version: expect.any(String),
      columns: { outcome_type: "binary", protected: { sex: "sex", race_ethnicity: "race_ethnicity" } },
    });
  });

  it("finds the flips of a model that uses sex, at the rate the twins predict, and the disparity it makes", async () => {
    model.behave(kserve((i) => biased(i as Instance)));
    const task = await insertTask(POPULATION);
    const results = fairnessResultsSchema.parse(await analyzeSynthetic(context(task)));
    const rows = await populationWithTwins(task.id);

    const [sex, race] = results.counterfactual!;
    const expected = expectedFlipRate(rows, "sex", (i) => biased(i) === 1);
    expect(expected).toBeGreaterThan(0.3);
    expect(sex).toMatchObject({ attribute: "sex", twin_sets: 400, flip_rate: expected });
    expect(race).toMatchObject({ attribute: "race_ethnicity", flip_rate: 0 });
    // Decisions only: a flipped set's gap is the decision itself.
    expect(sex.largest_gaps[0]).toMatchObject({ gap: 1, scores: { female: 0, male: 1 } });

    const women = rows.filter((r) => r.sex === "female");
    const men = rows.filter((r) => r.sex === "male");
    expect(group(results, "sex", "male").rate).toBe(1);
    expect(group(results, "sex", "female")).toMatchObject({ count: women.length, positives: women.filter((r) => biased(r) === 1).length });
    expect(group(results, "sex", "male").count).toBe(men.length);
    expect(group(results, "sex", "female").impact_ratio).toBeCloseTo(women.filter((r) => biased(r) === 1).length / women.length, 12);
    expect(group(results, "sex", "female").adverse_impact).toBe(true);
  });

  it("reads scores: positives above the median, score gaps per twin set", async () => {
    model.behave(kserve((i) => ({ score: biasedScore(i as Instance) })));
    const task = await insertTask(SCORED);
    const results = fairnessResultsSchema.parse(await analyzeSynthetic(context(task)));
    const rows = await populationWithTwins(task.id);
    const scores = rows.map(biasedScore).sort((a, b) => a - b);
    const median = (scores[999] + scores[1000]) / 2;

    expect(results.outcome_type).toBe("score");
    expect(results.median_score).toBe(median);
    const [sex, race] = results.counterfactual!;
    expect(sex.flip_rate).toBe(expectedFlipRate(rows, "sex", (i) => biasedScore(i) > median));
    expect(sex.largest_gaps).toHaveLength(10);
    expect(sex.largest_gaps[0].gap).toBeCloseTo(0.1, 12);
    expect(Object.keys(sex.largest_gaps[0].scores).sort()).toEqual(["female", "male"]);
    expect(race).toMatchObject({ flip_rate: 0, largest_gaps: [] });
  });

  it("retries a model that fails once with a 500 and finishes", async () => {
    let calls = 0;
    model.behave((request, response, index) => {
      if (++calls === 3) response.writeHead(500).end("overloaded");
      else kserve((i) => fair(i as Instance))(request, response, index);
    });
    const task = await insertTask({ ...POPULATION, size: 500 });
    const before = model.requests.length;
    const results = fairnessResultsSchema.parse(await analyzeSynthetic(context(task)));
    expect(results.sample_size).toBe(500);
    expect(model.requests.length - before).toBe(6);
  });

  it("ends in endpointTimeout when the model does not answer in time", async () => {
    model.behave(() => {});
    const task = await insertTask({ ...POPULATION, size: 100 });
    expect(await failureOf(analyzeSynthetic(context(task)))).toEqual({ key: TESTING_ERRORS.endpointTimeout, params: { batch: 1, seconds: 0.3 } });
  });

  it("ends in endpointAnswer when the model answers garbage, or a score to a decision test", async () => {
    model.behave((_r, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"predictions": "all good"}'));
    const task = await insertTask({ ...POPULATION, size: 100 });
    expect(await failureOf(analyzeSynthetic(context(task)))).toEqual({ key: TESTING_ERRORS.endpointAnswer, params: { batch: 1, detail: 'the answer has no "predictions" list' } });

    model.behave(kserve(() => 0.7));
    expect(await failureOf(analyzeSynthetic(context(task)))).toEqual({
      key: TESTING_ERRORS.endpointAnswer,
      params: { batch: 1, detail: "prediction 1 is 0.7, not a decision 1 or 0" },
    });
  });

  it("ends in endpointStatus on a 4xx, without retrying", async () => {
    model.behave((_r, response) => response.writeHead(403).end());
    const task = await insertTask({ ...POPULATION, size: 100 });
    const before = model.requests.length;
    expect(await failureOf(analyzeSynthetic(context(task)))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 403, batch: 1 } });
    expect(model.requests.length - before).toBe(1);
  });

  it("ends in endpointRefused when the installation no longer allows the host, and endpointMissing without an endpoint", async () => {
    model.behave(kserve(() => 1));
    const task = await insertTask({ ...POPULATION, size: 100 });
    const before = model.requests.length;
    expect(await failureOf(analyzeSynthetic(context(task, [], { ...t.config, MODEL_ENDPOINT_ALLOWLIST: [] })))).toMatchObject({
      key: TESTING_ERRORS.endpointRefused,
      params: { host: "127.0.0.1", reason: "allowlist_empty" },
    });
    expect(model.requests.length).toBe(before);

    const elsewhere = await insertTask({ ...POPULATION, size: 100 }, "waiting", "fairness_ml_synthetic", apps.outside);
    expect(await failureOf(analyzeSynthetic(context(elsewhere)))).toEqual({ key: TESTING_ERRORS.endpointMissing, params: {} });
  });
});

describe("the population download", () => {
  it("streams the generated population as CSV to every role in reach, the same bytes every time", async () => {
    const task = await insertTask(OFFLINE, "created");
    const first = await downloadPopulation(task.id, "reviewer");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(first.headers["content-disposition"]).toContain('attachment; filename="Hiring model-seed-20260301.csv"');
    expect(first.body.split("\r\n")[0]).toBe("row_id,twin_set,varied_attribute,years,degree,sex,race_ethnicity");
    expect(first.body.trimEnd().split("\r\n")).toHaveLength(2001);
    expect((await downloadPopulation(task.id, "contributor")).rawPayload.equals(first.rawPayload)).toBe(true);
    expect(parsedRows(first.body)[0]).toMatchObject({ sex: "female" });
  });

  it("is not found out of reach or in another company, and a conflict for a test without a population", async () => {
    const task = await insertTask(OFFLINE, "created");
    expect((await downloadPopulation(task.id, "other")).statusCode).toBe(404);
    expect((await downloadPopulation(task.id, "noroles")).statusCode).toBe(404);
    const outside = await insertTask(OFFLINE, "created", "fairness_ml_synthetic", apps.outside);
    expect((await call("contributor", "GET", `/applications/${apps.outside}/testing/tasks/${outside.id}/population.csv`)).statusCode).toBe(404);
    // The right task id under the wrong application is no task.
    expect((await call("admin", "GET", `/applications/${apps.inReach}/testing/tasks/${outside.id}/population.csv`)).statusCode).toBe(404);
    const userTask = await insertTask(null, "waiting", "fairness_ml_user");
    expect((await downloadPopulation(userTask.id)).statusCode).toBe(409);
  });
});
