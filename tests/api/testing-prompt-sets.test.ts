import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { TESTING_ERRORS } from "../../domain/entities/testing-task";
import { companies, resourceGroups } from "../../server/db/schema";
import { startFakeModel, type FakeModel } from "../../server/testing/endpoint/test-support";
import { chatCompletions, promptOf } from "../../server/testing/prompt-runs/chat-test-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Prompt sets: the list and the CSV downloads for anyone with a role, and running a set through an application's chat endpoint. */
let t: TestApp;
let model: FakeModel;
let dataDir: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const apps = { inReach: "", outside: "" };
const TOKEN = "sk-chat-0123456789";
const CHAT = "/v1/chat/completions";
const HEADER = ["prompt_id", "set", "language", "gender", "ethnicity", "age_band", "prompt", "response"];

const runsPath = (id = apps.inReach) => `/applications/${id}/testing/prompt-runs`;
const run = (who: string, body: unknown = { set_id: "cv_screening", language: "en" }, id = apps.inReach) => call(who, "POST", runsPath(id), body);
const saveEndpoint = (protocol: string) => call("admin", "PUT", `/applications/${apps.inReach}/testing/endpoint`, { url: `${model.origin}${CHAT}`, protocol, model: "chat-test", token: TOKEN });
const documentCount = async () => (await call("admin", "GET", `/applications/${apps.inReach}/documents`)).json().total as number;

function parseCsv(body: string): Record<string, string>[] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(body.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(HEADER);
  return parsed.data;
}

beforeAll(async () => {
  model = await startFakeModel(chatCompletions((prompt) => `Answer to: ${prompt}`));
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-prompt-sets-"));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, MODEL_ENDPOINT_ALLOWLIST: `http://127.0.0.1:${model.port}`, MODEL_ENDPOINT_TIMEOUT_MS: "400" },
  });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "Support chatbot", resource_group_id: customerAi });
  apps.outside = await create({ name: "Internal assistant" });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await model?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the list of prompt sets", () => {
  it("names the five sets with their languages and prompt counts, in the caller's language", async () => {
    const res = await call("reviewer", "GET", "/testing/prompt-sets");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; title: string; languages: string[]; prompts: Record<string, number>; version: string }[];
    expect(items.map((s) => s.id)).toEqual(["cv_screening", "loan_benefits", "support_reply", "medical_triage", "reference_letter"]);
    expect(items[0]).toMatchObject({ title: "Screening a CV", languages: ["en", "es"], prompts: { en: 144, es: 144 }, version: "1.0.0" });
    const es = await t.app.inject({ method: "GET", url: "/v2/testing/prompt-sets", headers: { authorization: `Bearer ${token.contributor}`, "accept-language": "es-ES,es;q=0.9" } });
    expect(es.json().items[0].title).toBe("Filtrado de currículums");
    expect((await call("approver", "GET", "/testing/prompt-sets?lang=es")).json().items[4].title).toBe("Carta de referencia");
  });

  it("is for users with a role", async () => {
    expect((await call("noroles", "GET", "/testing/prompt-sets")).statusCode).toBe(403);
    expect((await call(null, "GET", "/testing/prompt-sets")).statusCode).toBe(401);
    expect((await call("other", "GET", "/testing/prompt-sets")).statusCode).toBe(200);
  });
});

describe("downloading a prompt set", () => {
  it("answers the prompts as CSV with an empty response column, the same file every time", async () => {
    const res = await call("approver", "GET", "/testing/prompt-sets/medical_triage.csv?lang=es");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain('filename="prompts-medical_triage-es.csv"');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(144);
    expect(rows.every((r) => r.set === "medical_triage" && r.language === "es" && r.response === "")).toBe(true);
    const first = rows.filter((r) => r.prompt_id === "medical_triage-es-t1-gender-1");
    expect(first.map((r) => [r.gender, r.ethnicity, r.age_band])).toEqual([
      ["female", "", ""],
      ["male", "", ""],
      ["non_binary", "", ""],
    ]);
    expect(first[0].prompt).toContain("Lucía Moreno, 35 años. Ella refirió dolor torácico");
    expect((await call("approver", "GET", "/testing/prompt-sets/medical_triage.csv?lang=es")).body).toBe(res.body);
  });

  it("is a 404 for an unknown set and a 400 naming lang for a language it does not have", async () => {
    expect((await call("admin", "GET", "/testing/prompt-sets/horoscopes.csv?lang=en")).statusCode).toBe(404);
    for (const query of ["?lang=fr", ""]) {
      const res = await call("admin", "GET", `/testing/prompt-sets/cv_screening.csv${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain("lang");
    }
    expect((await call("noroles", "GET", "/testing/prompt-sets/cv_screening.csv?lang=en")).statusCode).toBe(403);
    const unknown = await call("admin", "GET", "/testing/prompt-sets/cv_screening.csv?lang=en&format=xlsx");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.map((e: { path: string }) => e.path)).toEqual(["query.format"]);
  });
});

describe("running a prompt set through the application's chat endpoint", () => {
  it("needs an endpoint that speaks the chat-completions protocol: a 400 naming the endpoint otherwise", async () => {
    let res = await run("contributor");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: "endpoint", message: expect.stringContaining("No model endpoint is registered") }]);
    expect((await saveEndpoint("kserve_v1")).statusCode).toBe(200);
    res = await run("contributor");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: "endpoint", message: expect.stringContaining("kserve_v1") });
    expect(model.requests).toHaveLength(0);
  });

  it("names the field of a bad body", async () => {
    expect((await saveEndpoint("openai_chat")).statusCode).toBe(200);
    for (const [body, field] of [
      [{ set_id: "horoscopes", language: "en" }, "set_id"],
      [{ set_id: "cv_screening", language: "fr" }, "language"],
      [{ language: "en" }, "set_id"],
    ] as const) {
      const res = await run("admin", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it("is for the application's contributors and administrators, and out of reach for everyone else", async () => {
    for (const who of ["reviewer", "approver"]) expect((await run(who)).statusCode, who).toBe(403);
    expect((await run("noroles")).statusCode).toBe(404);
    expect((await run("other")).statusCode).toBe(404);
    expect((await run("contributor", undefined, apps.outside)).statusCode).toBe(404);
    expect(model.requests).toHaveLength(0);
  });

  it("sends every prompt with the token and stores the answers as a ready CSV document, one response per prompt", async () => {
    let calls = 0;
    model.behave((request, response, index) => {
      // The first request fails with a 500: it is retried.
      if (++calls === 1) response.writeHead(500).end("warming up");
      else chatCompletions((prompt) => `Answer to: ${prompt}`)(request, response, index);
    });
    const before = await documentCount();
    const res = await run("contributor", { set_id: "support_reply", language: "es" });
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json();
    expect(document).toMatchObject({ application_id: apps.inReach, content_type: "text/csv", status: "ready", error: null, uploaded_by: { name: expect.any(String) } });
    expect(document.name).toMatch(/^Responses to A customer-support reply \(Spanish\), \d{4}-\d{2}-\d{2}\.csv$/);
    expect(await documentCount()).toBe(before + 1);

    expect(model.requests).toHaveLength(145);
    const sent = model.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.body).toMatchObject({ model: "chat-test", temperature: 0, messages: [{ role: "user", content: expect.any(String) }] });

    const content = await call("reviewer", "GET", `/applications/${apps.inReach}/documents/${document.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(Number(content.headers["content-length"])).toBe(document.size);
    const rows = parseCsv(content.body);
    expect(rows).toHaveLength(144);
    for (const row of rows) expect(row.response).toBe(`Answer to: ${row.prompt}`);
    expect(new Set(model.requests.slice(1).map((r) => promptOf(r.body)))).toEqual(new Set(rows.map((r) => r.prompt)));

    // The testing area reads it as a table, ready to be mapped for an LLM test.
    const columns = await call("contributor", "GET", `/applications/${apps.inReach}/testing/columns?document_id=${document.id}`);
    expect(columns.statusCode, columns.body).toBe(200);
    expect(columns.json().columns).toEqual(HEADER);
  });

  it("answers a 422 with the model's failure, stores nothing, and does not retry a 400", async () => {
    const cases: [string, (r: import("node:http").ServerResponse) => void, string, RegExp][] = [
      ["400", (r) => r.writeHead(400).end('{"error":"unknown model"}'), TESTING_ERRORS.endpointStatus, /answered prompt \d+ with HTTP status 400/],
      ["garbage", (r) => r.writeHead(200).end("<html>oops"), TESTING_ERRORS.endpointAnswer, /could not be read: the answer is not JSON/],
      ["slow", (r) => void setTimeout(() => !r.destroyed && r.writeHead(200).end("{}"), 2000), TESTING_ERRORS.endpointTimeout, /did not answer prompt \d+ within 0\.4 seconds/],
    ];
    for (const [name, answer, key, detail] of cases) {
      const before = { documents: await documentCount(), requests: model.requests.length };
      model.behave((_request, response) => answer(response));
      const res = await run("admin", { set_id: "loan_benefits", language: "en" });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json()).toMatchObject({ status: 422, error: key, error_params: expect.objectContaining({ prompt: expect.any(Number) }) });
      expect(res.json().detail).toMatch(detail);
      expect(await documentCount(), name).toBe(before.documents);
      // The first failure stops the run: at most the prompts in flight (and their retries) reached the model.
      const requests = model.requests.length - before.requests;
      expect(requests, name).toBeLessThanOrEqual(name === "400" || name === "garbage" ? 4 : 12);
    }
  }, 30_000);

  it("answers the failure in Spanish to a Spanish caller", async () => {
    model.behave((_request, response) => response.writeHead(401).end());
    const res = await t.app.inject({
      method: "POST",
      url: `/v2${runsPath()}`,
      headers: { authorization: `Bearer ${token.admin}`, "accept-language": "es" },
      payload: { set_id: "cv_screening", language: "es" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/respondió al prompt \d+ con el estado HTTP 401/);
  });
});

describe("the OpenAPI document", () => {
  it("describes the prompt-set routes, the run's 422 with its error key included", async () => {
    const paths = (await t.app.inject({ method: "GET", url: "/v2/openapi.json" })).json().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(["/v2/testing/prompt-sets", "/v2/testing/prompt-sets/{setId}.csv", "/v2/applications/{id}/testing/prompt-runs"]));
    const failure = paths["/v2/applications/{id}/testing/prompt-runs"].post.responses["422"];
    expect(JSON.stringify(failure)).toContain("error_params");
  });
});
