/**
 * What the testing benchmarks share: an embedded database with the demo company, one application with the
 * file under test uploaded as its document, and the measure of a run against reading the same file alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ensureAuditChainKey } from "../server/audit/key";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { applicationDocuments } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { openTable } from "../server/testing/table-reader";
import { uploadDocument, type TestingWorld } from "../tests/support/testing-tasks";
import { v2Caller } from "../tests/support/tenants";
import { demoAccessToken } from "./sign-in";

export const MB = 1024 * 1024;
export const RUNS = 3;

export interface Measured {
  ms: number;
  /** Peak growth over the value before the work. RSS rarely shrinks once grown, so the JS heap is shown too. */
  rssMb: number;
  heapMb: number;
}

/** Runs `work` while sampling memory every few milliseconds: its time and the peak growth of RSS and of the JS heap. */
export async function measure(work: () => Promise<void>): Promise<Measured> {
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

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const peak = (runs: Measured[], key: "rssMb" | "heapMb") => Math.max(...runs.map((r) => r[key]));

export interface TestingBench {
  app: FastifyInstance;
  call: TestingWorld["call"];
  applicationId: string;
  documentId: string;
  /** Reads and parses the stored file alone, every row: the reference. */
  readAlone(): Promise<void>;
}

/** Runs `body` on a fresh embedded database with `bytes` uploaded as `fileName` to a new application, then removes it all. */
export async function withTestingBench<T>(fileName: string, bytes: Buffer, rows: number, body: (bench: TestingBench) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-testing-"));
  // The server loads the audit chain key before writing; the seed and the fixture write entries before it starts.
  await ensureAuditChainKey({ DATA_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    await seedDemoData(database.db, { applications: false });
    // The worker runs when the bench wakes it, never on its timer in the middle of a reference run.
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000", PROCESSING_INTERVAL_MS: "600000" }, ""), database, logger: false, spaRoot: "/nonexistent" });
    await app.ready();
    const ready = app;
    const call = v2Caller(() => ready, { admin: await demoAccessToken(ready, "admin@steward.test") });
    const applicationId = (await call("admin", "POST", "/applications", { name: "Bench application" })).json().id as string;
    const documentId = await uploadDocument({ call, t: { app: ready } } as unknown as TestingWorld, applicationId, fileName, bytes);
    const [document] = await database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId));
    const readAlone = async () => {
      const file = await ready.storage.open(document!.storageKey);
      if (!file) throw new Error("the stored file is missing");
      const table = await openTable(file, "text/csv");
      let read = 0;
      for await (const _row of table.rows()) read++;
      if (read !== rows) throw new Error(`read ${read} rows, expected ${rows}`);
    };
    return await body({ app: ready, call, applicationId, documentId, readAlone });
  } finally {
    // The app's db plugin closes the database with it.
    if (app) await app.close();
    else await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Alternates the reference and the run RUNS times. */
export async function measureRuns(bench: TestingBench, run: () => Promise<void>): Promise<{ reading: Measured[]; analysing: Measured[] }> {
  const reading: Measured[] = [];
  const analysing: Measured[] = [];
  for (let i = 0; i < RUNS; i++) {
    reading.push(await measure(bench.readAlone));
    analysing.push(await measure(run));
  }
  return { reading, analysing };
}
