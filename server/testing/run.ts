import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import { TESTING_ERRORS, type TestingResults } from "../../domain/entities/testing-task";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { applications, testingTasks } from "../db/schema";
import { notify } from "../notifications/notify";
import { finishItem, touchItem, type Claim, type ProcessingItem } from "../processing/queue";
import type { Processor } from "../processing/worker";
import type { Storage } from "../storage/types";
import { TestingFailure, type Analyzer, type TestingTaskRow } from "./analyzer";
import { ANALYZERS, summaryOf } from "./analyzers";
import { historyWith } from "./history";

/** Progress reaches the database every this many rows, and at least this often while rows flow. */
export const PROGRESS_EVERY_ROWS = 5000;
export const PROGRESS_EVERY_MS = 2000;

export interface RunDependencies {
  db: Db;
  storage: Storage;
  config: Config;
  log: FastifyBaseLogger;
  /** Each data source's analysis (ANALYZERS unless a test gives its own). */
  analyzers?: Partial<Record<TestingTaskRow["dataSource"], Analyzer>>;
}

/** The analysis found its claim taken over by another worker (its own ran out): it stops without writing anything more. */
class ClaimLost extends Error {}

/** The test queue's work: each claimed task analysed by its data source's analyzer; a fault of ours ends it in `failed`. */
export function testingProcessor(deps: RunDependencies): Processor {
  return {
    kind: "test",
    label: "test",
    doneMessage: "test finished",
    process: (item) => runTask(deps, item),
    fail: async (item) => {
      const [task] = await deps.db.select().from(testingTasks).where(eq(testingTasks.processingItemId, item.id));
      if (task) await finishWithError(deps.db, task, item, new TestingFailure(TESTING_ERRORS.failed));
      else await finishItem(deps.db, item.id, { status: "error", error: TESTING_ERRORS.failed }, item);
    },
  };
}

/**
 * Runs one claimed task: marks it analyzing, runs its analysis with a progress report that also renews the claim,
 * and finishes it ready with its results and summary, or in error with the TestingFailure's key. Anything else is
 * thrown to the worker, which logs it and ends the task in `failed` (the client never sees a stack).
 */
async function runTask(deps: RunDependencies, item: ProcessingItem): Promise<void> {
  const { db } = deps;
  const [task] = await db.select().from(testingTasks).where(eq(testingTasks.processingItemId, item.id));
  if (!task) {
    await finishItem(db, item.id, { status: "error", error: TESTING_ERRORS.failed }, item);
    return;
  }
  const started = new Date();
  await db
    .update(testingTasks)
    .set({ rowsRead: 0, errorParams: null, history: historyWith("analyzing", started), updatedAt: started })
    .where(eq(testingTasks.id, task.id));

  const analyzer = (deps.analyzers ?? ANALYZERS)[task.dataSource];
  try {
    if (!analyzer) throw new TestingFailure(TESTING_ERRORS.failed);
    const results = await analyzer({ db, storage: deps.storage, config: deps.config, task, progress: progressReport(db, task, item) });
    await finishReady(db, task, item, results);
  } catch (error) {
    if (error instanceof ClaimLost) {
      deps.log.warn({ item: item.id }, "a test's claim was taken over by another worker: this run stops");
      return;
    }
    if (!(error instanceof TestingFailure)) throw error;
    await finishWithError(db, task, item, error);
  }
}

/**
 * The analysis's progress report: rows read reach the task, and the claim is renewed, every PROGRESS_EVERY_ROWS
 * rows or PROGRESS_EVERY_MS, whichever comes first. A claim found lost stops the analysis.
 */
function progressReport(db: Db, task: TestingTaskRow, claim: Claim): (rowsRead: number) => Promise<void> {
  let reportedRows = 0;
  let reportedAt = Date.now();
  return async (rowsRead) => {
    const now = Date.now();
    if (rowsRead - reportedRows < PROGRESS_EVERY_ROWS && now - reportedAt < PROGRESS_EVERY_MS) return;
    reportedRows = rowsRead;
    reportedAt = now;
    if (!(await touchItem(db, claim, new Date(now)))) throw new ClaimLost();
    await db.update(testingTasks).set({ rowsRead }).where(eq(testingTasks.id, task.id));
  };
}

async function finishReady(db: Db, task: TestingTaskRow, claim: Claim, results: TestingResults): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (!(await finishItem(tx, claim.id, { status: "ready" }, claim))) return;
    await tx
      .update(testingTasks)
      .set({ results, summary: summaryOf(results), rowsRead: results.provenance.rows_read, finishedAt: now, errorParams: null, history: historyWith("ready", now), updatedAt: now })
      .where(eq(testingTasks.id, task.id));
    await tellStarter(tx as unknown as Db, task, "ready");
  });
}

async function finishWithError(db: Db, task: TestingTaskRow, claim: Claim, failure: TestingFailure): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (!(await finishItem(tx, claim.id, { status: "error", error: failure.key }, claim))) return;
    await tx
      .update(testingTasks)
      .set({ errorParams: failure.params, results: null, summary: null, finishedAt: null, history: historyWith("error", now), updatedAt: now })
      .where(eq(testingTasks.id, task.id));
    await tellStarter(tx as unknown as Db, task, "error");
  });
}

/** The person who started the task hears how it ended, with a link to its results or to why it failed. */
async function tellStarter(db: Db, task: TestingTaskRow, outcome: "ready" | "error"): Promise<void> {
  if (!task.startedById) return;
  const [application] = await db.select({ name: applications.name }).from(applications).where(eq(applications.id, task.applicationId));
  if (!application) return;
  const page = outcome === "ready" ? "results" : "status-details";
  await notify(db, task.companyId, [task.startedById], {
    kind: outcome === "ready" ? "testing.ready" : "testing.failed",
    params: { test: task.name ?? "", application: application.name },
    link: `/application-testing/${page}/${task.applicationId}/${task.id}`,
    subject: { type: "application", id: task.applicationId },
  });
}
