import http from "node:http";
import type { AddressInfo } from "node:net";

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
