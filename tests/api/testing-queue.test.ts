import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { processingItems, testingTasks } from "../../server/db/schema";
import { claimItem, finishItem } from "../../server/processing/queue";
import { QueueWorker } from "../../server/processing/worker";
import type { Analyzer } from "../../server/testing/analyzer";
import { analyzeMlUser } from "../../server/testing/ml-user";
import { historyWith } from "../../server/testing/history";
import { testingProcessor } from "../../server/testing/run";
import type { TestingTask } from "../../domain/entities/testing-task";
import { csvOf, startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/** The test queue: workers on one queue, a run killed halfway taken up again, a run that keeps its claim, faults, and a large file. */
let w: TestingWorld;
let documentId: string;
const COLUMNS = { outcome: "selected", outcome_type: "binary", protected: { sex: "sex" } };

/** A worker of our own on the app's database and storage (the app's own is stopped, so only these run tasks). */
function worker(options: { analyzer?: Analyzer; leaseMs?: number } = {}) {
  const { app, database, config } = w.t;
  const analyzers = options.analyzer ? { fairness_ml_user: options.analyzer } : undefined;
  return new QueueWorker({ db: database.db, log: app.log, intervalMs: 600_000, leaseMs: options.leaseMs }, testingProcessor({ db: database.db, storage: app.storage, config, log: app.log, analyzers }));
}
/** Counts each task's analyses, after an optional pause (so concurrent workers interleave). */
function counting(pauseMs = 0) {
  const calls = new Map<string, number>();
  const analyzer: Analyzer = async (context) => {
    calls.set(context.task.id, (calls.get(context.task.id) ?? 0) + 1);
    if (pauseMs) await sleep(pauseMs);
    return analyzeMlUser(context);
  };
  return { analyzer, calls };
}
const start = async () => (await startTest(w, w.apps.inReach, { data_source: "fairness_ml_user", document_id: documentId, columns: COLUMNS })).id;
const read = async (id: string) => (await w.call("contributor", "GET", `/applications/${w.apps.inReach}/testing/tasks/${id}`)).json() as TestingTask;
const itemOf = async (taskId: string) => {
  const [row] = await w.t.database.db.select({ item: processingItems }).from(testingTasks).innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId)).where(eq(testingTasks.id, taskId));
  return row.item;
};

beforeAll(async () => {
  w = await testingWorld();
  await w.t.app.testingWorker.stop();
  documentId = await uploadDocument(w, w.apps.inReach, "Decisions.csv", csvOf([["sex", "selected"], ...Array.from({ length: 60 }, (_, i) => [i % 2 ? "F" : "M", i % 3 ? 0 : 1])]));
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("the test queue", () => {
  it("gives each task to one worker: two workers draining one queue run every task exactly once", async () => {
    const ids = [await start(), await start(), await start(), await start(), await start(), await start()];
    const { analyzer, calls } = counting(20);
    await Promise.all([worker({ analyzer }).wake(), worker({ analyzer }).wake()]);
    expect(ids.map((id) => calls.get(id))).toEqual(ids.map(() => 1));
    const tasks = await Promise.all(ids.map(read));
    expect(tasks.map((t) => t.status)).toEqual(ids.map(() => "ready"));
    expect(tasks.every((t) => t.history.filter((h) => h.status === "analyzing").length === 1)).toBe(true);
    const items = await w.t.database.db.select().from(processingItems).where(inArray(processingItems.id, (await Promise.all(ids.map(itemOf))).map((i) => i.id)));
    expect(items.map((i) => i.attempts)).toEqual(ids.map(() => 1));
  });

  it("takes up a task whose worker died mid-run once its lease has run out, and refuses the dead worker's late finish", async () => {
    const id = await start();
    // A worker claims it, reads a few thousand rows, and dies: nothing renews its claim any more.
    const dead = (await claimItem(w.t.database.db, "test"))!;
    await w.t.database.db.update(testingTasks).set({ rowsRead: 5000, history: historyWith("analyzing", new Date()) }).where(eq(testingTasks.id, id));
    const survivor = worker({ leaseMs: 300 });
    await survivor.wake();
    expect(await read(id)).toMatchObject({ status: "analyzing", rows_read: 5000 });
    await sleep(400);
    await survivor.wake();
    const task = await read(id);
    expect(task).toMatchObject({ status: "ready", rows_read: 60 });
    expect(task.history.map((h) => h.status)).toEqual(["created", "waiting", "analyzing", "analyzing", "ready"]);
    expect((await itemOf(id)).attempts).toBe(2);
    expect(await finishItem(w.t.database.db, dead.id, { status: "error", error: "testing.errors.failed" }, dead)).toBe(false);
    expect((await read(id)).status).toBe("ready");
  });

  it("keeps the claim of a run that takes longer than the lease: another worker never takes it over", async () => {
    const id = await start();
    const { analyzer, calls } = counting(1000);
    const running = worker({ analyzer, leaseMs: 200 }).wake();
    const other = worker({ analyzer, leaseMs: 200 });
    for (let i = 0; i < 8; i++) {
      await sleep(100);
      await other.wake();
    }
    await running;
    expect(calls.get(id)).toBe(1);
    expect((await read(id)).status).toBe("ready");
    expect((await itemOf(id)).attempts).toBe(1);
  });

  it("ends a run that breaks on our side in a plain `failed`, never the fault's own words", async () => {
    const id = await start();
    await worker({ analyzer: async () => Promise.reject(new Error("disk on fire at /srv/secret")) }).wake();
    const res = await w.call("contributor", "GET", `/applications/${w.apps.inReach}/testing/tasks/${id}`);
    expect(res.json()).toMatchObject({ status: "error", error: "testing.errors.failed" });
    expect(res.body).not.toContain("disk on fire");
  });

  it("leaves the claim to run out when the database goes away mid-run, and finishes the task after", async () => {
    const id = await start();
    const lost = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await worker({ analyzer: async () => Promise.reject(lost), leaseMs: 200 }).wake();
    expect((await read(id)).status).toBe("analyzing");
    await sleep(300);
    await worker({ leaseMs: 200 }).wake();
    expect((await read(id)).status).toBe("ready");
  });
});

describe("a large file", () => {
  it("analyses 500,000 rows, reporting its progress while it runs", async () => {
    const races = ["Asian", "Black", "Hispanic", "White", "Other"];
    const lines = ["sex,race_ethnicity,selected,label"];
    for (let i = 0; i < 500_000; i++) lines.push(`${i % 2 ? "F" : "M"},${races[i % 5]},${i % 7 < 3 ? 1 : 0},${i % 4 ? 0 : 1}`);
    const bytes = Buffer.from(lines.join("\n") + "\n");
    const large = await uploadDocument(w, w.apps.inReach, "All decisions.csv", bytes);
    const { id } = await startTest(w, w.apps.inReach, {
      data_source: "fairness_ml_user",
      document_id: large,
      columns: { outcome: "selected", outcome_type: "binary", label: "label", protected: { sex: "sex", race_ethnicity: "race_ethnicity" } },
    });
    const run = worker().wake();
    const seen: number[] = [];
    let task = await read(id);
    while (task.status !== "ready" && task.status !== "error") {
      if (task.status === "analyzing") seen.push(task.rows_read);
      await sleep(50);
      task = await read(id);
    }
    await run;
    expect(task).toMatchObject({ status: "ready", rows_read: 500_000 });
    expect(task.results).toMatchObject({ sample_size: 500_000, provenance: { rows_read: 500_000, rows_without_outcome: 0 } });
    expect(seen.some((rows) => rows > 0 && rows < 500_000)).toBe(true);
  }, 120_000);
});
