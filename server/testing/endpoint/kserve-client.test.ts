import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure } from "../analyzer";
import { KserveClient } from "./kserve-client";
import { allowlistOf, failureOf, kserve, startFakeModel, TEST_CALL_OPTIONS, type FakeModel } from "./test-support";

let model: FakeModel;
const PATH = "/v1/models/hiring:predict";
const options = TEST_CALL_OPTIONS;
const INSTANCES = [{ sex: "female", years: 3 }, { sex: "male", years: 3 }];

beforeAll(async () => {
  model = await startFakeModel(kserve(() => 1));
});
afterAll(async () => {
  await model?.close();
});

async function client(token: string | null = null, url = `${model.origin}${PATH}`, allow = `http://127.0.0.1:${model.port}`) {
  return KserveClient.open({ url, token }, allowlistOf(allow), options);
}

/** The failure a call ends in, with the number of requests the model saw for it. */
const failure = (run: (c: KserveClient) => Promise<unknown>) => failureOf(model, () => client(), run);

describe("a KServe V1 endpoint", () => {
  it("is sent the instances as JSON, with the token as a bearer, and answers one number per instance", async () => {
    model.behave(kserve((instance) => (instance.sex === "female" ? { score: 0.25 } : instance.sex === "male" ? true : 0)));
    const c = await client("s3cret-token");
    expect(await c.predict(INSTANCES, 1)).toEqual([0.25, 1]);
    c.close();
    const sent = model.requests.at(-1)!;
    expect(sent.path).toBe(PATH);
    expect(sent.body).toEqual({ instances: INSTANCES });
    expect(sent.headers.authorization).toBe("Bearer s3cret-token");
    expect(sent.headers["content-type"]).toBe("application/json");
  });

  it("sends no Authorization header without a token", async () => {
    model.behave(kserve(() => 0));
    const c = await client(null);
    await c.predict(INSTANCES, 1);
    c.close();
    expect(model.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("connects to the address the policy checked, not to what the host name would resolve to later", async () => {
    model.behave(kserve(() => 1));
    // `model.invalid` resolves nowhere for the system: only the pinned address makes this reach the model.
    const c = await client(null, `http://model.invalid:${model.port}${PATH}`, `http://model.invalid:${model.port}`);
    expect(await c.predict(INSTANCES, 1)).toEqual([1, 1]);
    c.close();
    expect(model.requests.at(-1)!.headers.host).toBe(`model.invalid:${model.port}`);
  });

  it("retries a 500 and takes the answer that follows", async () => {
    const before = model.requests.length;
    let calls = 0;
    model.behave((request, response, index) => {
      calls++;
      if (calls === 1) response.writeHead(500).end("busy");
      else kserve(() => 1)(request, response, index);
    });
    const c = await client();
    expect(await c.predict(INSTANCES, 1)).toEqual([1, 1]);
    c.close();
    expect(model.requests.length - before).toBe(2);
  });

  it("retries 429 and 5xx twice, then names the status and the batch", async () => {
    model.behave((_r, response) => response.writeHead(503, { "retry-after": "0" }).end());
    expect(await failure((c) => c.predict(INSTANCES, 4))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 503, batch: 4 }, requests: 3 });
    model.behave((_r, response) => response.writeHead(429).end());
    expect(await failure((c) => c.predict(INSTANCES, 1))).toMatchObject({ params: { status: 429 }, requests: 3 });
  });

  it("never retries a 4xx: the request itself is wrong", async () => {
    model.behave((_r, response) => response.writeHead(401).end());
    expect(await failure((c) => c.predict(INSTANCES, 2))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 401, batch: 2 }, requests: 1 });
  });

  it("does not follow a redirect", async () => {
    model.behave((_r, response) => response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end());
    expect(await failure((c) => c.predict(INSTANCES, 1))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 307, batch: 1 }, requests: 1 });
  });

  it("gives up on a model that does not answer in time, after retrying", async () => {
    model.behave(() => {});
    expect(await failure((c) => c.predict(INSTANCES, 1))).toEqual({ key: TESTING_ERRORS.endpointTimeout, params: { batch: 1, seconds: 0.3 }, requests: 3 });
  });

  it.each([
    ["not JSON", "<html>oops</html>", "the answer is not JSON"],
    ["no predictions", JSON.stringify({ outputs: [1, 2] }), 'the answer has no "predictions" list'],
    ["too few predictions", JSON.stringify({ predictions: [1] }), "1 predictions for 2 instances"],
    ["a prediction that is no number", JSON.stringify({ predictions: [1, "yes"] }), "prediction 2 is not a number"],
    ["a score that is no number", JSON.stringify({ predictions: [{ score: null }, 1] }), "prediction 1 is not a number"],
  ])("refuses an answer with %s, without retrying", async (_what, body, detail) => {
    model.behave((_r, response) => response.writeHead(200, { "content-type": "application/json" }).end(body));
    expect(await failure((c) => c.predict(INSTANCES, 3))).toEqual({ key: TESTING_ERRORS.endpointAnswer, params: { batch: 3, detail }, requests: 1 });
  });

  it("refuses an answer far larger than a batch needs", async () => {
    model.behave((_r, response) => response.writeHead(200).end(Buffer.alloc(6 * 1024 * 1024, 32)));
    expect(await failure((c) => c.predict(INSTANCES, 1))).toMatchObject({ key: TESTING_ERRORS.endpointAnswer, params: { detail: expect.stringContaining("larger than") } });
  });

  it("turns the policy's refusal into the task's endpointRefused", async () => {
    const refused = await KserveClient.open({ url: `${model.origin}${PATH}`, token: null }, allowlistOf("models.example.com"), options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TestingFailure);
    expect(refused).toMatchObject({ key: TESTING_ERRORS.endpointRefused, params: { host: "127.0.0.1", reason: "not_allowlisted" } });
  });
});
