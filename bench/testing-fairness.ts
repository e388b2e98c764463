/**
 * The budget: a 100,000-row decisions file with sex, race/ethnicity and a label is analysed as a
 * `fairness_ml_user` test in under 5 s on the embedded database, with peak RSS growth under 200 MB. The
 * reference, in the same process and on the same stored file: reading and parsing it alone (the table
 * reader over every row), so machine noise shows in both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { applicationDocuments } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { openTable } from "../server/testing/table-reader";
import { uploadDocument, type TestingWorld } from "../tests/support/testing-tasks";
import { v2Caller } from "../tests/support/tenants";
import { generator } from "./applications";
import { demoAccessToken } from "./sign-in";

const ROWS = 100_000;
const TIME_BUDGET_MS = 5000;
const RSS_BUDGET_MB = 200;
const RUNS = 3;
const MB = 1024 * 1024;

/** Made-up decisions: a selection that leans against two groups, a label, and a few blanks. */
export function decisionsCsv(rows = ROWS): Buffer {
  const { next, pick } = generator(2026);
  const races = ["White", "Black", "Hispanic or Latino", "Asian", "Two or more races", "Native American"];
  const lines = ["applicant_id,selected,hired_later,sex,race_ethnicity"];
  for (let i = 0; i < rows; i++) {
    const sex = next() < 0.01 ? "" : pick(["Female", "Male"]);
    const race = pick(races);
    const label = next() < 0.5 ? 1 : 0;
    const p = 0.35 + 0.2 * label - (sex === "Female" ? 0.08 : 0) - (race === "Black" ? 0.1 : 0);
    lines.push(`A${i},${next() < p ? 1 : 0},${label},${sex},${race}`);
  }
  return Buffer.from(lines.join("\n") + "\n");
}

interface Measured {
  ms: number;
  /** Peak growth over the value before the work. RSS rarely shrinks once grown, so the JS heap is shown too. */
  rssMb: number;
  heapMb: number;
}

/** Runs `work` while sampling memory every few milliseconds: its time and the peak growth of RSS and of the JS heap. */
async function measure(work: () => Promise<void>): Promise<Measured> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  sample();
  return { ms, rssMb: (rss - before.rss) / MB, heapMb: (heap - before.heapUsed) / MB };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function readAlone(app: FastifyInstance, storageKey: string): Promise<void> {
  const file = await app.storage.open(storageKey);
  if (!file) throw new Error("the stored decisions file is missing");
  const table = await openTable(file, "text/csv");
  let rows = 0;
  for await (const _row of table.rows()) rows++;
  if (rows !== ROWS) throw new Error(`read ${rows} rows, expected ${ROWS}`);
}

async function analyse(world: Pick<TestingWorld, "call">, app: FastifyInstance, applicationId: string, documentId: string): Promise<void> {
  const columns = { outcome: "selected", outcome_type: "binary", label: "hired_later", protected: { sex: "sex", race_ethnicity: "race_ethnicity" } };
  const started = await world.call("admin", "POST", `/applications/${applicationId}/testing/tasks`, { data_source: "fairness_ml_user", document_id: documentId, columns });
  if (started.statusCode !== 201) throw new Error(`starting the test failed ${started.statusCode}: ${started.body}`);
  await app.testingWorker.wake();
  const task = (await world.call("admin", "GET", `/applications/${applicationId}/testing/tasks/${started.json().id}`)).json();
  if (task.status !== "ready" || task.results.sample_size !== ROWS) throw new Error(`the test ended ${task.status}: ${task.error ?? ""}`);
}

export async function reportTestingFairness(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-testing-"));
  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    await seedDemoData(database.db, { applications: false });
    // The worker runs when the bench wakes it, never on its timer in the middle of a reference run.
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000", PROCESSING_INTERVAL_MS: "600000" }, ""), database, logger: false, spaRoot: "/nonexistent" });
    await app.ready();
    const tokens = { admin: await demoAccessToken(app, "admin@steward.test") };
    const call = v2Caller(() => app!, tokens);
    const created = await call("admin", "POST", "/applications", { name: "Bench hiring screener" });
    const applicationId = created.json().id as string;
    const world = { call, t: { app } } as unknown as TestingWorld;
    const bytes = decisionsCsv();
    const documentId = await uploadDocument(world, applicationId, "decisions.csv", bytes);
    const [document] = await database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId));

    const reading: Measured[] = [];
    const analysing: Measured[] = [];
    for (let run = 0; run < RUNS; run++) {
      reading.push(await measure(() => readAlone(app!, document!.storageKey)));
      analysing.push(await measure(() => analyse(world, app!, applicationId, documentId)));
    }
    const readMs = median(reading.map((r) => r.ms));
    const analyseMs = median(analysing.map((r) => r.ms));
    const peak = (runs: Measured[], key: "rssMb" | "heapMb") => Math.max(...runs.map((r) => r[key]));
    const analyseRss = peak(analysing, "rssMb");

    console.log(`\nFairness test of ${ROWS.toLocaleString("en")} decisions (${(bytes.length / MB).toFixed(1)} MB CSV; sex, race/ethnicity, label), embedded database (median of ${RUNS})`);
    console.log(`  read and parse the file alone (reference)   ${readMs.toFixed(0)} ms   peak RSS +${peak(reading, "rssMb").toFixed(0)} MB, heap +${peak(reading, "heapMb").toFixed(0)} MB`);
    console.log(`  start → ready (queue, analysis, results)    ${analyseMs.toFixed(0)} ms   ×${(analyseMs / readMs).toFixed(2)}   budget ${TIME_BUDGET_MS} ms`);
    console.log(`  peak growth during the analysis             RSS +${analyseRss.toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB), heap +${peak(analysing, "heapMb").toFixed(0)} MB`);
    return analyseMs < TIME_BUDGET_MS && analyseRss < RSS_BUDGET_MB;
  } finally {
    // The app's db plugin closes the database with it.
    if (app) await app.close();
    else await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportTestingFairness()) ? 0 : 1;
}
