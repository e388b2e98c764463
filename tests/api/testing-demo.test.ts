import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairnessResultsSchema, type TestingTask } from "../../domain/entities/testing-task";
import { seedDemoDocuments } from "../../server/db/seed/documents";
import { demoDecisions } from "../../server/db/seed/generate-demo-decisions";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInCallers, v2Caller, createOtherCompany } from "../support/tenants";

/** The demo's fairness test: a newcomer finds a hiring application with results at once. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const shipped = readFileSync(new URL("../../server/db/seed/files/demo-decisions.csv", import.meta.url));
let seedMs = 0;

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  const started = Date.now();
  await seedDemoDocuments(t.app);
  seedMs = Date.now() - started;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the demo fairness test", () => {
  it("ships the decisions its seeded generator makes, a few thousand made-up rows", () => {
    expect(shipped.toString()).toBe(demoDecisions());
    expect(shipped.toString().trimEnd().split("\n").length - 1).toBe(3000);
  });

  it("is a ready fairness_ml_user test of the hiring application over that file, computed by the analysis", async () => {
    expect(seedMs).toBeLessThan(10_000);
    const [app] = (await call("reviewer", "GET", "/applications?q=Interview%20shortlister")).json().items;
    expect(app).toMatchObject({ risk_tier: "high", approval_status: "approved" });
    expect(app.risk_descriptors.map((d: { key: string }) => d.key)).toContain("fairness");

    const { items } = (await call("reviewer", "GET", `/applications/${app.id}/testing/tasks`)).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ data_source: "fairness_ml_user", status: "ready", started_by: { name: "Ada Admin" }, summary: { flagged: true } });
    const task = (await call("reviewer", "GET", `/applications/${app.id}/testing/tasks/${items[0].id}`)).json() as TestingTask;
    const results = fairnessResultsSchema.parse(task.results);
    expect(results.provenance).toMatchObject({ input_sha256: createHash("sha256").update(shipped).digest("hex"), rows_read: 3000 });
    expect(results.sample_size).toBe(3000 - results.provenance.rows_without_outcome);
    expect(results.categories.map((c) => c.category)).toEqual(["sex", "race_ethnicity", "sex_race_ethnicity", "age_band"]);
    const sex = results.categories[0];
    expect(sex.most_selected).toBe("Male");
    expect(sex.groups.find((g) => g.group === "Non-binary")).toMatchObject({ excluded: true, impact_ratio: null });
    expect(sex.unknown).toBeGreaterThan(0);

    const documents = (await call("reviewer", "GET", `/applications/${app.id}/documents`)).json().items;
    expect(documents).toEqual([expect.objectContaining({ id: task.document!.id, content_type: "text/csv", status: "ready" })]);
    // Tested three weeks ago: nothing is due on it yet.
    const due = (await call("admin", "GET", "/my-work?kind=fairness_test_due&page_size=200")).json().items.filter((i: { kind: string; application: { id: string } }) => i.kind === "fairness_test_due" && i.application.id === app.id);
    expect(due).toEqual([]);
  });
});
