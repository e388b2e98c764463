import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Population } from "../../domain/entities/testing-task";
import { processingItems, testingTasks } from "../../server/db/schema";
import { featureOfNewTestingTask, featureOfTestingTask } from "../../server/testing/task-feature";
import { csvOf, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/**
 * Features behind product flags are declared on their routes. Every registered route is held to that here,
 * so a new export or LLM route cannot be left open by forgetting it; and the routes shared by ML and LLM
 * tests decide by the task's kind.
 */
let w: TestingWorld;
const routes: RouteOptions[] = [];
const task = { llm: "", synthetic: "" };
let llmDocument = "";

const EXPORT_OFF = "Data export is turned off for your company.";
const LLM_OFF = "LLM testing is turned off for your company.";
const COLUMNS = { prompt_id: "prompt_id", prompt: "prompt", response: "response", protected: { gender: "gender" } };
const POPULATION: Population = {
  size: 20,
  seed: 3,
  features: [{ name: "years", kind: "number", min: 0, max: 20, integer: true }],
  protected: [{ attribute: "sex", values: [{ value: "female", share: 1 }, { value: "male", share: 1 }] }],
  scoring: "offline",
  outcome_type: "binary",
};

const base = (taskId: string) => `/applications/${w.apps.inReach}/testing/tasks/${taskId}`;
const setFlag = async (key: string, enabled: boolean) => expect((await w.call("admin", "PATCH", `/feature-flags/${key}`, { enabled })).statusCode).toBe(200);
const llmStart = () => ({ data_source: "fairness_llm_user", name: "Chatbot", document_id: llmDocument, columns: COLUMNS });

async function insertTask(values: Partial<typeof testingTasks.$inferInsert> & Pick<typeof testingTasks.$inferInsert, "dataSource">, status: "created" | "error") {
  const db = w.t.database.db;
  const [item] = await db.insert(processingItems).values({ companyId: w.ids.company, kind: "test", status }).returning();
  const [row] = await db
    .insert(testingTasks)
    .values({ companyId: w.ids.company, applicationId: w.apps.inReach, processingItemId: item.id, startedByName: "Carlos Contributor", ...values })
    .returning();
  return row.id;
}

function expectRefused(res: { statusCode: number; json(): { detail?: string } }, detail: string, what: string) {
  expect(res.statusCode, what).toBe(403);
  expect(res.json().detail, what).toBe(detail);
}

beforeAll(async () => {
  w = await testingWorld({ onRoute: (route) => routes.push(route) });
  const asked = Array.from({ length: 20 }, (_, i) => [
    [`P${i}`, `Emily asks question ${i}`, "Sure thing. Happy to help!", "female"],
    [`P${i}`, `Connor asks question ${i}`, "Sure thing. Happy to help!", "male"],
  ]).flat();
  const rows = [["prompt_id", "prompt", "response", "gender"], ...asked];
  llmDocument = await uploadDocument(w, w.apps.inReach, "Replies.csv", csvOf(rows), "contributor");
  task.llm = await insertTask({ dataSource: "fairness_llm_user", documentId: llmDocument, columns: COLUMNS }, "error");
  task.synthetic = await insertTask({ dataSource: "fairness_ml_synthetic", population: POPULATION }, "created");
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("every registered route", () => {
  const methods = (route: RouteOptions) => [route.method].flat().filter((m) => m !== "HEAD");
  const features = (route: RouteOptions) => route.config?.features ?? [];

  it("declares data-export when it is an export or a download", () => {
    const exports = routes.filter((r) => /(\.csv|\.xlsx|\.pdf|\/export|\/dossier|\/compliance-report)$/.test(r.url) && methods(r).length > 0);
    expect(exports.length).toBeGreaterThan(15);
    const open = exports.filter((r) => !features(r).includes("data-export")).map((r) => `${methods(r).join(",")} ${r.url}`);
    expect(open).toEqual([]);
  });

  it("declares llm-testing when it belongs to LLM testing", () => {
    const llm = routes.filter((r) => /^\/v2\/testing\/(llm|prompt-sets)(\/|$)|\/testing\/prompt-runs(\/|$)/.test(r.url) && methods(r).length > 0);
    expect(llm.length).toBeGreaterThan(5);
    const open = llm.filter((r) => !features(r).includes("llm-testing")).map((r) => `${methods(r).join(",")} ${r.url}`);
    expect(open).toEqual([]);
  });

  it("of one testing task asks the task's kind (all but deleting it), and starting a test asks the body's", () => {
    const ofTask = routes.filter((r) => r.url.startsWith("/v2/applications/:id/testing/tasks/:taskId") && !methods(r).includes("DELETE") && methods(r).length > 0);
    expect(ofTask.length).toBeGreaterThan(5);
    expect(ofTask.filter((r) => r.config?.featureOf !== featureOfTestingTask).map((r) => `${methods(r).join(",")} ${r.url}`)).toEqual([]);
    const start = routes.find((r) => r.url === "/v2/applications/:id/testing/tasks" && methods(r).includes("POST"));
    expect(start?.config?.featureOf).toBe(featureOfNewTestingTask);
  });
});

describe("testing tasks behind the flags", () => {
  it("refuses LLM tasks and every download while both flags are off; ML tasks still answer", async () => {
    await setFlag("data-export", false);
    await setFlag("llm-testing", false);
    expectRefused(await w.call("contributor", "GET", `${base(task.synthetic)}/population.csv`), EXPORT_OFF, "population.csv");
    expectRefused(await w.call("reviewer", "GET", base(task.llm)), LLM_OFF, "LLM task");
    expectRefused(await w.call("contributor", "POST", `${base(task.llm)}/retry`), LLM_OFF, "LLM retry");
    expectRefused(await w.call("contributor", "POST", `${base(task.llm)}/evidence`, { control_id: "x" }), LLM_OFF, "LLM evidence");
    expectRefused(await w.call("reviewer", "GET", `${base(task.llm)}/results.csv`), EXPORT_OFF, "LLM results.csv");
    expectRefused(await w.call("contributor", "POST", `/applications/${w.apps.inReach}/testing/tasks`, llmStart()), LLM_OFF, "starting an LLM test");

    const ml = await w.call("reviewer", "GET", base(task.synthetic));
    expect(ml.statusCode).toBe(200);
    expect(ml.json()).toMatchObject({ id: task.synthetic, data_source: "fairness_ml_synthetic" });
    // The list shows both kinds; the LLM task is still in error, untouched by the refused retry.
    const list = await w.call("reviewer", "GET", `/applications/${w.apps.inReach}/testing/tasks`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((t: { id: string }) => t.id === task.llm)).toMatchObject({ status: "error" });
  });

  it("tells nothing of another company's tasks or of none: 404, as with the flags on", async () => {
    expect((await w.call("other", "GET", base(task.llm))).statusCode).toBe(404);
    expect((await w.call("reviewer", "GET", base("00000000-0000-4000-8000-000000000000"))).statusCode).toBe(404);
  });

  it("decides by the task's kind: only llm-testing off leaves ML downloads open", async () => {
    await setFlag("data-export", true);
    expect((await w.call("contributor", "GET", `${base(task.synthetic)}/population.csv`)).statusCode).toBe(200);
    expectRefused(await w.call("reviewer", "GET", base(task.llm)), LLM_OFF, "LLM task");
    expectRefused(await w.call("reviewer", "GET", `${base(task.llm)}/results.csv`), LLM_OFF, "LLM results.csv");
  });

  it("answers as before once both are on", async () => {
    await setFlag("llm-testing", true);
    const population = await w.call("contributor", "GET", `${base(task.synthetic)}/population.csv`);
    expect(population.statusCode).toBe(200);
    expect(population.headers["content-type"]).toContain("text/csv");
    expect((await w.call("reviewer", "GET", base(task.llm))).json()).toMatchObject({ id: task.llm, data_source: "fairness_llm_user", status: "error" });
    const retried = await w.call("contributor", "POST", `${base(task.llm)}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: task.llm, status: "waiting" });
    const started = await w.call("contributor", "POST", `/applications/${w.apps.inReach}/testing/tasks`, llmStart());
    expect(started.statusCode).toBe(201);
    await w.t.app.testingWorker.wake();
    for (const id of [task.llm, started.json().id as string]) expect((await w.call("reviewer", "GET", base(id))).json().status).toBe("ready");
  });
});
