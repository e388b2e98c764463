import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { recordAudit } from "../../server/audit/record";
import { apiClients, applications, processingItems, resourceGroups, roles, testingTasks, users, vendors } from "../../server/db/schema";
import type { Population } from "../../domain/entities/testing-task";
import { csvOf, startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/**
 * Every CSV the server writes, downloaded through the API with hostile text in the fields that land in it: a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a spreadsheet, and must
 * come out behind the apostrophe of our one CSV writer (server/files/csv.ts). A number (`-0.5`) is no formula.
 */
let w: TestingWorld;
const paths: Record<string, string> = {};

/** The hostile values, each seeded into a field of a different file. */
const H = {
  application: '=HYPERLINK("http://evil.test","x")',
  outside: "\tTab application",
  vendor: "+SUM(1,2)",
  incident: "-2+3 incident",
  firstName: "@SUM(1)",
  lastName: "\rCarriage",
  group: "=cmd|' /C calc'!A0",
  apiClient: "+api client",
  task: "@task name",
  auditActor: "-audit actor",
  auditAction: "=audit.action",
  mlGroups: ["=F", "@M"],
  llmGroups: ["-F", "+M"],
  prompt: "=1+1 prompt",
  population: ["=female", "-male"],
};

beforeAll(async () => {
  w = await testingWorld();
  const db = w.t.database.db;
  const company = w.ids.company;
  const { apps } = w;

  // Lists: text that the API's own validation would trim or refuse is put straight into the rows, as a tenant with
  // database access or an old import could leave it.
  await db.update(applications).set({ name: H.application }).where(eq(applications.id, apps.inReach));
  await db.update(applications).set({ name: H.outside }).where(eq(applications.id, apps.outside));
  const vendor = await w.call("admin", "POST", "/vendors", { name: "Placeholder vendor" });
  await db.update(vendors).set({ name: H.vendor }).where(eq(vendors.id, vendor.json().id));
  const incident = await w.call("admin", "POST", "/incidents", { application_id: apps.inReach, title: H.incident, severity: "medium", detected_at: "2026-03-01T09:00:00Z" });
  expect(incident.statusCode, incident.body).toBe(201);
  await db.update(users).set({ firstName: H.firstName, lastName: H.lastName }).where(eq(users.id, w.ids.reviewer));
  const [group] = await db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
  await db.update(resourceGroups).set({ name: H.group }).where(eq(resourceGroups.id, group.id));
  const [reviewerRole] = await db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
  const client = await w.call("admin", "POST", "/access/api-clients", { name: "Placeholder client", role_id: reviewerRole.id, resource_group_id: group.id });
  expect(client.statusCode, client.body).toBe(201);
  await db.update(apiClients).set({ name: H.apiClient }).where(eq(apiClients.id, client.json().id ?? client.json().client?.id));
  await recordAudit(db, { id: null, type: "system", name: H.auditActor, companyId: company }, { entityType: "company", entityId: company, action: H.auditAction, after: { note: "=x" } });

  // ML results: the groups of a decisions file.
  const decisions = csvOf([["sex", "selected"], ...Array.from({ length: 40 }, (_, i) => [H.mlGroups[i % 2], i % 3 ? 0 : 1])]);
  const decisionsId = await uploadDocument(w, apps.inReach, "Decisions.csv", decisions, "contributor");
  const ml = await startTest(w, apps.inReach, { name: H.task, data_source: "fairness_ml_user", document_id: decisionsId, columns: { outcome: "selected", outcome_type: "binary", protected: { sex: "sex" } } });
  // LLM results: prompts and groups of a responses file.
  const responses = csvOf([["prompt_id", "prompt", "response", "gender"], ...Array.from({ length: 8 }, (_, i) => [`p${i % 2}`, H.prompt, i % 4 ? "Happy to help you" : "I'm sorry but I can't help with that", H.llmGroups[i % 2]])]);
  const responsesId = await uploadDocument(w, apps.inReach, "Responses.csv", responses, "contributor");
  await startTest(w, apps.inReach, { data_source: "fairness_llm_user", document_id: responsesId, columns: { prompt_id: "prompt_id", prompt: "prompt", response: "response", protected: { gender: "gender" } } });
  await w.t.app.testingWorker.wake();
  // Synthetic population: the values of its protected attribute.
  const population = {
    size: 10,
    seed: 1,
    features: [{ name: "tenure", kind: "number", min: 0, max: 10 }],
    protected: [{ attribute: "sex", values: [{ value: H.population[0], share: 0.5 }, { value: H.population[1], share: 0.5 }] }],
    scoring: "offline",
    outcome_type: "score",
  } satisfies Population;
  const [item] = await db.insert(processingItems).values({ companyId: company, kind: "test", status: "created" }).returning();
  const [offline] = await db.insert(testingTasks).values({ companyId: company, applicationId: apps.inReach, processingItemId: item.id, dataSource: "fairness_ml_synthetic", population, startedByName: "Tester" }).returning();

  const [controlled] = await db.select({ id: applications.id }).from(applications).where(eq(applications.companyId, company));
  Object.assign(paths, {
    applications: "/applications/export?format=csv",
    vendors: "/vendors/export?format=csv",
    incidents: "/incidents/export?format=csv",
    users: "/access/users/export?format=csv",
    groups: "/access/resource-groups/export?format=csv",
    apiClients: "/access/api-clients/export?format=csv",
    controls: `/applications/${controlled.id}/controls/export?format=csv`,
    tasks: `/applications/${apps.inReach}/testing/tasks/export?format=csv`,
    audit: "/audit/export?format=csv",
    mlResults: `/applications/${apps.inReach}/testing/tasks/${ml.id}/results.csv`,
    population: `/applications/${apps.inReach}/testing/tasks/${offline.id}/population.csv`,
    promptSet: "/testing/prompt-sets/cv_screening.csv?lang=en",
    importTemplate: "/imports/template?entity=applications&format=csv",
    ...Object.fromEntries(["refusals", "sentiment", "length", "favourable", "consistency", "divergent"].map((table) => [`llm-${table}`, `/testing/llm/${responsesId}/tables/${table}/export?format=csv`])),
  });
}, 120_000);
afterAll(async () => {
  await w?.close();
});

/** The cells of a CSV download, after checking it is one. */
async function download(name: string): Promise<string[][]> {
  const res = await w.call("admin", "GET", paths[name]);
  expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers["content-type"], name).toBe("text/csv; charset=utf-8");
  const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  expect(parsed.errors, name).toEqual([]);
  return parsed.data;
}

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

describe("every CSV the server writes", () => {
  it.each([
    ["applications", [H.application, H.outside]],
    ["vendors", [H.vendor]],
    ["incidents", [H.incident]],
    ["users", [H.firstName]],
    ["groups", [H.group]],
    ["apiClients", [H.apiClient]],
    ["controls", []],
    ["tasks", [H.task]],
    ["audit", [H.auditActor, H.auditAction]],
    ["mlResults", H.mlGroups],
    ["population", H.population],
    ["promptSet", []],
    ["importTemplate", []],
    ...["refusals", "sentiment", "length", "favourable", "consistency", "divergent"].map((table) => [`llm-${table}`, []] as [string, string[]]),
  ])("%s: no cell a spreadsheet would run, and the hostile text behind an apostrophe", async (name, hostile) => {
    const cells = (await download(name)).flat();
    expect(cells.filter((cell) => FORMULA.test(cell) && !NUMBER.test(cell)), name).toEqual([]);
    for (const value of hostile) expect(cells.some((cell) => cell === `'${value}` || cell.startsWith(`'${value}`)), `${name}: ${JSON.stringify(value)}`).toBe(true);
  });

  it("LLM tables carry their hostile prompts and groups neutralised too", async () => {
    const all = (await Promise.all(["refusals", "sentiment", "length", "favourable", "consistency", "divergent"].map((t) => download(`llm-${t}`)))).flat(2);
    for (const value of H.llmGroups) expect(all.some((cell) => cell.includes(`'${value}`)), value).toBe(true);
  });
});
