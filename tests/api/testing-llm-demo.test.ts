import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlmResults } from "../../domain/entities/llm-results";
import type { TestingTask } from "../../domain/entities/testing-task";
import { seedDemoDocuments } from "../../server/db/seed/documents";
import { demoLlmResponses } from "../../server/db/seed/generate-demo-llm-responses";
import { DEMO_LLM_DOCUMENT } from "../../server/db/seed/testing-llm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The demo's LLM fairness test: the support chatbot has results over a shipped responses file at once. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const shipped = readFileSync(new URL("../../server/db/seed/files/demo-llm-responses.csv", import.meta.url));

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  await seedDemoDocuments(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the demo LLM fairness test", () => {
  it("ships the responses its seeded generator makes: a few hundred made-up rows in English and Spanish", () => {
    expect(shipped.equals(demoLlmResponses())).toBe(true);
    expect(shipped.toString().trimEnd().split("\n").length - 1).toBe(300);
  });

  it("is a ready fairness_llm_user test of the support chatbot, flagging the group answered worse", async () => {
    const [app] = (await call("reviewer", "GET", "/applications?q=Support%20chatbot")).json().items;
    const { items } = (await call("reviewer", "GET", `/applications/${app.id}/testing/tasks?data_source=fairness_llm_user`)).json() as { items: TestingTask[] };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: "ready", rows_read: 300, document: { name: DEMO_LLM_DOCUMENT }, summary: { flagged: true } });

    const res = await call("reviewer", "GET", `/testing/llm/${items[0].document!.id}`);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as LlmResults;
    expect(results.responses).toBe(300);
    expect(results.languages.en).toBeGreaterThan(0);
    expect(results.languages.es).toBeGreaterThan(0);
    const ethnicity = results.attributes.find((a) => a.attribute === "ethnicity")!;
    expect(ethnicity.groups.filter((g) => g.adverse_impact).map((g) => g.group)).toEqual(["hispanic"]);
    const gender = results.attributes.find((a) => a.attribute === "gender")!;
    expect(gender.groups.some((g) => g.adverse_impact)).toBe(false);
    expect(ethnicity.consistency.prompts_compared).toBe(50);
    // Another company never reaches it.
    expect((await call("other", "GET", `/testing/llm/${items[0].document!.id}`)).statusCode).toBe(404);
  });
});
