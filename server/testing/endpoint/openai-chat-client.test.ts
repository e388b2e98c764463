import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { chatCompletions, promptOf } from "../prompt-runs/chat-test-support";
import { OpenAiChatClient } from "./openai-chat-client";
import { allowlistOf, failureOf, startFakeModel, TEST_CALL_OPTIONS, type FakeModel } from "./test-support";

let model: FakeModel;
const PATH = "/v1/chat/completions";
const options = TEST_CALL_OPTIONS;

beforeAll(async () => {
  model = await startFakeModel(chatCompletions((prompt) => `echo: ${prompt}`));
});
afterAll(async () => {
  await model?.close();
});

async function client(settings: { token?: string | null; model?: string | null } = {}, allow = `http://127.0.0.1:${model.port}`) {
  return OpenAiChatClient.open({ url: `${model.origin}${PATH}`, token: settings.token ?? null, model: settings.model ?? null }, allowlistOf(allow), options);
}

/** The failure a call ends in, with the number of requests the model saw for it. */
const failure = (run: (c: OpenAiChatClient) => Promise<unknown>) => failureOf(model, () => client(), run);

describe("an OpenAI-compatible chat endpoint", () => {
  it("is sent the prompt as one user message at temperature 0, with the model and the bearer token, and answers the content", async () => {
    model.behave(chatCompletions((prompt) => `You asked: ${prompt}`));
    const c = await client({ token: "sk-chat", model: "gpt-test" });
    expect(await c.complete("Should Emily be hired?", 1)).toBe("You asked: Should Emily be hired?");
    c.close();
    const sent = model.requests.at(-1)!;
    expect(sent.path).toBe(PATH);
    expect(sent.body).toEqual({ model: "gpt-test", messages: [{ role: "user", content: "Should Emily be hired?" }], temperature: 0 });
    expect(sent.headers.authorization).toBe("Bearer sk-chat");
  });

  it("leaves the model out when none is registered, and sends no Authorization without a token", async () => {
    model.behave(chatCompletions(() => "ok"));
    const c = await client();
    await c.complete("hello", 1);
    c.close();
    expect(model.requests.at(-1)!.body).toEqual({ messages: [{ role: "user", content: "hello" }], temperature: 0 });
    expect(model.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("answers every prompt in order, at most four at a time", async () => {
    let inFlight = 0;
    let most = 0;
    model.behave((request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        chatCompletions((p) => p.toUpperCase())(request, response, 0);
      }, 20);
    });
    const c = await client();
    const prompts = Array.from({ length: 12 }, (_, i) => `prompt ${i}`);
    expect(await c.completeAll(prompts)).toEqual(prompts.map((p) => p.toUpperCase()));
    c.close();
    expect(most).toBe(4);
  });

  it("retries a 500 and takes the answer that follows", async () => {
    let calls = 0;
    model.behave((request, response, index) => {
      calls++;
      if (calls === 1) response.writeHead(500).end("overloaded");
      else chatCompletions(() => "fine")(request, response, index);
    });
    const before = model.requests.length;
    const c = await client();
    expect(await c.complete("p", 1)).toBe("fine");
    c.close();
    expect(model.requests.length - before).toBe(2);
  });

  it("waits as long as a 429's Retry-After says before trying again", async () => {
    let calls = 0;
    model.behave((request, response, index) => {
      calls++;
      if (calls === 1) response.writeHead(429, { "retry-after": "1" }).end();
      else chatCompletions(() => "after the pause")(request, response, index);
    });
    const c = await client();
    const started = Date.now();
    expect(await c.complete("p", 1)).toBe("after the pause");
    c.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("does not retry a 400, and names the status and the prompt", async () => {
    model.behave((_r, response) => response.writeHead(400).end('{"error":"bad request"}'));
    expect(await failure((c) => c.complete("p", 7))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 400, prompt: 7, batch: 7 }, requests: 1 });
  });

  it("gives up on a 503 after two retries", async () => {
    model.behave((_r, response) => response.writeHead(503, { "retry-after": "0" }).end());
    expect(await failure((c) => c.complete("p", 2))).toEqual({ key: TESTING_ERRORS.endpointStatus, params: { status: 503, prompt: 2, batch: 2 }, requests: 3 });
  });

  it("says what is wrong with an answer it cannot read", async () => {
    model.behave((_r, response) => response.writeHead(200, { "content-type": "application/json" }).end("<html>not json"));
    expect(await failure((c) => c.complete("p", 3))).toMatchObject({ key: TESTING_ERRORS.endpointAnswer, params: { prompt: 3, detail: "the answer is not JSON" }, requests: 1 });
    model.behave((_r, response) => response.writeHead(200).end(JSON.stringify({ choices: [] })));
    expect((await failure((c) => c.complete("p", 1))).params.detail).toBe('the answer has no "choices"');
    model.behave((_r, response) => response.writeHead(200).end(JSON.stringify({ choices: [{ message: { content: null } }] })));
    expect((await failure((c) => c.complete("p", 1))).params.detail).toBe('the first choice has no "message.content" text');
  });

  it("takes a model's refusal and text parts as its answer", async () => {
    model.behave((_r, response) => response.writeHead(200).end(JSON.stringify({ choices: [{ message: { content: null, refusal: "I can't help with that." } }] })));
    const c = await client();
    expect(await c.complete("p", 1)).toBe("I can't help with that.");
    model.behave((_r, response) => response.writeHead(200).end(JSON.stringify({ choices: [{ message: { content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] } }] })));
    expect(await c.complete("p", 1)).toBe("ab");
    c.close();
  });

  it("times out a slow reply, retried, then names the prompt and the seconds waited", async () => {
    model.behave((request, response, index) => setTimeout(() => !response.destroyed && chatCompletions(() => "late")(request, response, index), 1000));
    expect(await failure((c) => c.complete("p", 5))).toEqual({ key: TESTING_ERRORS.endpointTimeout, params: { prompt: 5, batch: 5, seconds: 0.3 }, requests: 3 });
  });

  it("refuses an answer larger than one chat answer can be", async () => {
    model.behave((_r, response) => response.writeHead(200).end("x".repeat(1024 * 1024 + 10)));
    expect(await failure((c) => c.complete("p", 1))).toMatchObject({ key: TESTING_ERRORS.endpointAnswer, requests: 1 });
  });

  it("stops a run at its first failure: no prompt after it is sent", async () => {
    model.behave((request, response, index) => {
      if (promptOf(request.body) === "prompt 2") response.writeHead(400).end();
      else chatCompletions(() => "ok")(request, response, index);
    });
    const prompts = Array.from({ length: 40 }, (_, i) => `prompt ${i}`);
    const ended = await failure((c) => c.completeAll(prompts));
    expect(ended).toMatchObject({ key: TESTING_ERRORS.endpointStatus, params: { status: 400, prompt: 3 } });
    expect(ended.requests).toBeLessThan(10);
  });

  it("fails a run that outlasts its deadline as a time-out, naming the first prompt left unsent", async () => {
    model.behave((request, response, index) => setTimeout(() => chatCompletions(() => "slow")(request, response, index), 60));
    const prompts = Array.from({ length: 20 }, (_, i) => `prompt ${i}`);
    const ended = await failure((c) => c.completeAll(prompts, { concurrency: 2, deadlineMs: 100 }));
    expect(ended).toMatchObject({ key: TESTING_ERRORS.endpointTimeout, params: { seconds: 0.1 } });
    expect(ended.params.prompt).toBeGreaterThan(2);
    expect(ended.requests).toBeLessThan(20);
  });

  it("is not called at all when the allowlist does not list it", async () => {
    await expect(client({}, "models.example.com")).rejects.toMatchObject({ key: TESTING_ERRORS.endpointRefused });
  });
});
