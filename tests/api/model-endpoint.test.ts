import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { TESTING_ERRORS, type Population } from "../../domain/entities/testing-task";
import { auditLog, companies, modelEndpoints, resourceGroups } from "../../server/db/schema";
import { kserve, startFakeModel, type FakeModel } from "../../server/testing/endpoint/test-support";
import { chatCompletions } from "../../server/testing/prompt-runs/chat-test-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** An application's model endpoint: who reads and writes it, the URL policy on save, the token kept secret, the check. */
let t: TestApp;
let model: FakeModel;
let dataDir: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const apps = { inReach: "", outside: "" };
const TOKEN = "sk-model-0123456789";
const PREDICT = "/v1/models/hiring:predict";

const endpointPath = (id = apps.inReach) => `/applications/${id}/testing/endpoint`;
const modelUrl = () => `${model.origin}${PREDICT}`;
const save = (who: string, body: Record<string, unknown>, id = apps.inReach) => call(who, "PUT", endpointPath(id), { protocol: "kserve_v1", ...body });
const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) => res.json().errors ?? [];

const POPULATION: Population = {
  size: 20,
  seed: 7,
  features: [{ name: "years", kind: "number", min: 0, max: 20, integer: true }],
  protected: [{ attribute: "sex", values: [{ value: "female", share: 1 }, { value: "male", share: 1 }] }],
  scoring: "endpoint",
  outcome_type: "binary",
};

beforeAll(async () => {
  model = await startFakeModel(kserve(() => 1));
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-endpoint-"));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      // The local model by its loopback address over HTTP, and any public host over HTTPS.
      MODEL_ENDPOINT_ALLOWLIST: `http://127.0.0.1:${model.port}, 0.0.0.0/0`,
      MODEL_ENDPOINT_TIMEOUT_MS: "500",
    },
  });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "CV screening", resource_group_id: customerAi });
  apps.outside = await create({ name: "Credit model" });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await model?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("registering the model endpoint", () => {
  it("is a 404 before any is registered", async () => {
    expect((await call("reviewer", "GET", endpointPath())).statusCode).toBe(404);
  });

  it("is an empty list before any is registered, for a client that shows \"none yet\" as a state", async () => {
    const res = await call("reviewer", "GET", `${endpointPath()}s`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
  });

  it("saves it for a contributor, keeps the token encrypted and never answers it: has_token instead", async () => {
    const res = await save("contributor", { url: modelUrl(), model: "hiring-v3", token: TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      application_id: apps.inReach,
      url: modelUrl(),
      protocol: "kserve_v1",
      model: "hiring-v3",
      has_token: true,
      version: 1,
      updated_at: expect.any(String),
    });
    expect(res.headers.etag).toBe('"1"');
    expect(res.body).not.toContain(TOKEN);

    const read = await call("reviewer", "GET", endpointPath());
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ url: modelUrl(), has_token: true });
    expect(read.body).not.toContain(TOKEN);
    const listed = await call("reviewer", "GET", `${endpointPath()}s`);
    expect(listed.json()).toMatchObject({ items: [{ url: modelUrl(), has_token: true, version: 1 }], total: 1 });
    expect(listed.body).not.toContain(TOKEN);

    const [row] = await t.database.db.select().from(modelEndpoints).where(eq(modelEndpoints.applicationId, apps.inReach));
    expect(row.tokenCiphertext).toBeTruthy();
    expect(row.tokenCiphertext).not.toContain(TOKEN);

    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, apps.inReach), eq(auditLog.action, "model_endpoint.saved")));
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toEqual({ url: modelUrl(), protocol: "kserve_v1", model: "hiring-v3", has_token: true });
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
  });

  it("is read by every role in reach, written only by contributors and administrators", async () => {
    for (const who of ["admin", "reviewer", "approver", "contributor"]) expect((await call(who, "GET", endpointPath())).statusCode).toBe(200);
    for (const who of ["reviewer", "approver"]) {
      const res = await save(who, { url: modelUrl() });
      expect(res.statusCode).toBe(403);
      expect((await call(who, "DELETE", endpointPath())).statusCode).toBe(403);
      expect((await call(who, "POST", `${endpointPath()}/check`)).statusCode).toBe(403);
    }
    expect((await call("noroles", "GET", endpointPath())).statusCode).toBe(404);
  });

  it("is out of reach for a contributor outside the application's group and for another company", async () => {
    expect((await save("admin", { url: modelUrl(), token: "outside-token" }, apps.outside)).statusCode).toBe(200);
    expect((await call("contributor", "GET", endpointPath(apps.outside))).statusCode).toBe(404);
    expect((await save("contributor", { url: modelUrl() }, apps.outside)).statusCode).toBe(404);
    for (const [method, suffix] of [["GET", ""], ["PUT", ""], ["DELETE", ""], ["POST", "/check"]] as const) {
      const res = await call("other", method, `${endpointPath()}${suffix}`, method === "PUT" ? { url: modelUrl(), protocol: "kserve_v1" } : undefined);
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
  });

  it.each([
    ["a public host over plain http", "http://93.184.216.34/predict", "testing.validation.endpointHttp"],
    ["a host the allowlist does not name", "https://[2001:4860::8888]/predict", "testing.validation.endpointNotAllowed"],
    ["a private address", "https://10.1.2.3/predict", "testing.validation.endpointPrivate"],
    ["the metadata service", "https://169.254.169.254/latest/meta-data/", "testing.validation.endpointPrivate"],
    ["loopback on a port not listed", "https://127.0.0.1:8443/predict", "testing.validation.endpointPrivate"],
    ["an IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/predict", "testing.validation.endpointPrivate"],
    ["credentials in the URL", "https://user:pass@93.184.216.34/predict", "testing.validation.endpointUrl"],
  ])("refuses %s with a 400 naming url and why", async (_what, url, message) => {
    const res = await save("contributor", { url });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual([{ path: "url", message }]);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it("refuses a URL that is not http(s) by its schema", async () => {
    const res = await save("contributor", { url: "file:///etc/passwd" });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).map((e) => e.path)).toEqual(["url"]);
  });

  it("keeps the token when none is sent, replaces it with a new one, removes it with null", async () => {
    const kept = await save("contributor", { url: modelUrl(), model: "hiring-v4" });
    expect(kept.json()).toMatchObject({ model: "hiring-v4", has_token: true, version: 2 });
    await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION });
    expect(model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    expect((await save("contributor", { url: modelUrl(), token: "replaced-token" })).json()).toMatchObject({ has_token: true });
    await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION });
    expect(model.requests.at(-1)!.headers.authorization).toBe("Bearer replaced-token");

    expect((await save("contributor", { url: modelUrl(), token: null })).json()).toMatchObject({ has_token: false });
    await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION });
    expect(model.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("refuses a save over a version someone else replaced (If-Match)", async () => {
    const current = (await call("contributor", "GET", endpointPath())).json().version as number;
    const res = await t.app.inject({
      method: "PUT",
      url: `/v2${endpointPath()}`,
      headers: { authorization: `Bearer ${token.contributor}`, "if-match": `"${current - 1}"` },
      payload: { url: modelUrl(), protocol: "kserve_v1" },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().current_version).toBe(current);
  });
});

describe("checking the endpoint", () => {
  it("sends the first rows of the population and says it works", async () => {
    model.behave(kserve(() => 0));
    const res = await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, instances: 10 });
    const sent = model.requests.at(-1)!.body as { instances: Record<string, unknown>[] };
    expect(sent.instances).toHaveLength(10);
    expect(Object.keys(sent.instances[0])).toEqual(["years", "sex"]);
  });

  it("says why not: a status, a garbage answer", async () => {
    model.behave((_r, response) => response.writeHead(503).end());
    const before = model.requests.length;
    expect((await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION })).json()).toEqual({
      ok: false,
      error: TESTING_ERRORS.endpointStatus,
      error_params: { status: 503, batch: 1 },
      instances: 10,
    });
    // A check is not retried: it answers at once.
    expect(model.requests.length - before).toBe(1);
    model.behave((_r, response) => response.writeHead(200).end("not json"));
    expect((await call("contributor", "POST", `${endpointPath()}/check`, { population: POPULATION })).json()).toMatchObject({
      ok: false,
      error: TESTING_ERRORS.endpointAnswer,
      error_params: { detail: "the answer is not JSON" },
    });
    model.behave(kserve(() => 1));
  });

  it("asks a chat endpoint one short prompt, and says why not when it does not answer", async () => {
    expect((await save("contributor", { url: modelUrl(), protocol: "openai_chat", model: "gpt-test" })).statusCode).toBe(200);
    model.behave(chatCompletions(() => "OK"));
    expect((await call("contributor", "POST", `${endpointPath()}/check`)).json()).toEqual({ ok: true, instances: 1 });
    expect(model.requests.at(-1)!.body).toMatchObject({ model: "gpt-test", messages: [{ role: "user", content: "Reply with the single word OK." }] });
    model.behave((_r, response) => response.writeHead(500).end());
    expect((await call("contributor", "POST", `${endpointPath()}/check`)).json()).toMatchObject({ ok: false, error: TESTING_ERRORS.endpointStatus, error_params: { status: 500 } });
    model.behave(kserve(() => 1));
    expect((await save("contributor", { url: modelUrl() })).statusCode).toBe(200);
  });

  it("without a population sends an empty batch, which still proves the endpoint answers the protocol", async () => {
    const res = await call("contributor", "POST", `${endpointPath()}/check`);
    expect(res.json()).toEqual({ ok: true, instances: 0 });
    expect(model.requests.at(-1)!.body).toEqual({ instances: [] });
  });
});

describe("removing the endpoint", () => {
  it("deletes it with its token; a check then says there is none", async () => {
    expect((await call("contributor", "DELETE", endpointPath())).statusCode).toBe(204);
    expect((await call("reviewer", "GET", endpointPath())).statusCode).toBe(404);
    expect((await call("contributor", "DELETE", endpointPath())).statusCode).toBe(404);
    expect((await call("contributor", "POST", `${endpointPath()}/check`)).json()).toEqual({ ok: false, error: TESTING_ERRORS.endpointMissing, instances: 0 });
    // The other application's endpoint is untouched.
    expect((await call("admin", "GET", endpointPath(apps.outside))).statusCode).toBe(200);
  });
});
