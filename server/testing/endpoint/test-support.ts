import http from "node:http";
import type { AddressInfo } from "node:net";
import { TestingFailure } from "../analyzer";
import { parseAllowlist, type Allowlist } from "../../outbound/allowlist";
import type { CallOptions } from "./model-client";

export interface ModelRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** What the fake model does with one request: write the answer itself (status, body, or nothing at all). */
export type ModelBehaviour = (request: ModelRequest, response: http.ServerResponse, index: number) => void;

export interface FakeModel {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: ModelRequest[];
  /** Changes what the next requests get. */
  behave(behaviour: ModelBehaviour): void;
  close(): Promise<void>;
}

/** Answers KServe V1: one prediction per instance, from the instance. */
export const kserve =
  (predict: (instance: Record<string, unknown>) => unknown): ModelBehaviour =>
  (request, response) => {
    const instances = (request.body as { instances: Record<string, unknown>[] }).instances;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ predictions: instances.map(predict) }));
  };

/** A model server on the loopback interface, for tests: a real HTTP server that records what it was sent. */
export async function startFakeModel(initial: ModelBehaviour): Promise<FakeModel> {
  let behaviour = initial;
  const requests: ModelRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      const request = { path: req.url ?? "", headers: req.headers, body };
      requests.push(request);
      behaviour(request, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    behave: (next) => (behaviour = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Call settings for tests: short time limits and pauses, and every name resolved to the loopback address. */
export const TEST_CALL_OPTIONS: CallOptions = { timeoutMs: 300, retries: 2, backoffMs: () => 5, resolve: async () => [{ address: "127.0.0.1", family: 4 }] };

/** The allowlist of one fake model's origin. */
export function allowlistOf(allow: string): Allowlist {
  const parsed = parseAllowlist(allow);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.entries;
}

/** The task failure a call ends in, with the number of requests the model saw for it; the client is closed after. */
export async function failureOf<C extends { close(): void }>(
  model: FakeModel,
  open: () => Promise<C>,
  run: (client: C) => Promise<unknown>,
): Promise<{ key: string; params: Record<string, string | number>; requests: number }> {
  const before = model.requests.length;
  const client = await open();
  try {
    await run(client);
  } catch (error) {
    if (!(error instanceof TestingFailure)) throw error;
    return { key: error.key, params: error.params, requests: model.requests.length - before };
  } finally {
    client.close();
  }
  throw new Error("the call did not fail");
}
