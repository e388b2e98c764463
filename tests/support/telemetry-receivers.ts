import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";

/**
 * Real protocol peers on loopback for the telemetry tests: each is a plain HTTP server on 127.0.0.1 that records
 * what arrives (decompressed) and answers the way the real service does, so the SDKs' own transports talk to it.
 * Browser SDKs post cross-origin, so every receiver answers CORS preflights too.
 */

export interface ReceivedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as sent, after undoing its content-encoding (or PostHog's `compression=gzip-js`). */
  body: Buffer;
}

export interface Receiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: ReceivedRequest[];
  /** Resolves with the requests once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

type Answer = (request: ReceivedRequest) => { status: number; body: unknown };

function decode(raw: Buffer, encoding: string | undefined, query: URLSearchParams): Buffer {
  if (raw.length === 0) return raw;
  // posthog-js 1.4xx gzips its batches without saying so in the URL or a header: the gzip magic number tells.
  const gzipped = raw[0] === 0x1f && raw[1] === 0x8b;
  if (encoding === "gzip" || query.get("compression") === "gzip-js" || gzipped) return gunzipSync(raw);
  if (encoding === "deflate") return inflateSync(raw);
  if (encoding === "br") return brotliDecompressSync(raw);
  return raw;
}

/** A recording HTTP server; `answer` decides each reply (JSON). */
export async function startReceiver(answer: Answer = () => ({ status: 200, body: {} })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
      res.setHeader("Access-Control-Allow-Credentials", "true");
      if (req.method === "OPTIONS") {
        res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
        res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "*");
        res.writeHead(204).end();
        return;
      }
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const received: ReceivedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: decode(Buffer.concat(chunks), req.headers["content-encoding"], url.searchParams),
      };
      requests.push(received);
      const { status, body } = answer(received);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      for (const wake of waiters) wake();
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return;
          cleanup();
          resolve(requests);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the receiver on ${port} did not get what was awaited in ${timeoutMs} ms (${requests.length} requests)`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Sentry: envelopes POSTed to /api/<project>/envelope/ ----

export interface SentryEnvelope {
  header: Record<string, unknown>;
  items: Array<{ header: { type?: string } & Record<string, unknown>; payload: unknown }>;
  /** The envelope exactly as it arrived (decompressed), for "this text never appears" checks. */
  raw: string;
}

export interface SentryReceiver extends Receiver {
  /** A DSN whose envelopes come here: `http://publickey@127.0.0.1:<port>/1`. */
  dsn: string;
  envelopes(): SentryEnvelope[];
  /** The payloads of every `event` item (errors and messages). */
  events(): Array<Record<string, unknown>>;
}

/** Envelope format: a header line, then per item a header line and a payload (JSON, or `length` bytes). */
export function parseEnvelope(body: Buffer): SentryEnvelope {
  const raw = body.toString("utf8");
  let rest = body;
  const nextLine = () => {
    const end = rest.indexOf(0x0a);
    const line = end === -1 ? rest : rest.subarray(0, end);
    rest = end === -1 ? Buffer.alloc(0) : rest.subarray(end + 1);
    return line.toString("utf8");
  };
  const header = JSON.parse(nextLine()) as Record<string, unknown>;
  const items: SentryEnvelope["items"] = [];
  while (rest.length > 0) {
    const line = nextLine();
    if (line.trim() === "") continue;
    const itemHeader = JSON.parse(line) as SentryEnvelope["items"][number]["header"];
    let payloadText: string;
    if (typeof itemHeader.length === "number") {
      payloadText = rest.subarray(0, itemHeader.length).toString("utf8");
      rest = rest.subarray(itemHeader.length);
      if (rest[0] === 0x0a) rest = rest.subarray(1);
    } else {
      payloadText = nextLine();
    }
    let payload: unknown = payloadText;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      // Attachments are not JSON: kept as text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, raw };
}

export async function startSentryReceiver(): Promise<SentryReceiver> {
  const receiver = await startReceiver((request) =>
    /^\/api\/[^/]+\/envelope\/?$/.test(request.path) ? { status: 200, body: {} } : { status: 404, body: { detail: "not an envelope endpoint" } },
  );
  const envelopes = () => receiver.requests.filter((r) => r.method === "POST" && r.path.endsWith("/envelope/")).map((r) => parseEnvelope(r.body));
  return {
    ...receiver,
    dsn: `http://publickey@127.0.0.1:${receiver.port}/1`,
    envelopes,
    events: () =>
      envelopes()
        .flatMap((e) => e.items)
        .filter((item) => item.header.type === "event")
        .map((item) => item.payload as Record<string, unknown>),
  };
}

// ---- PostHog: events captured on /e/, /i/v0/e/, /batch/, /capture/; flags asked of /flags or /decide ----

export interface PostHogReceiver extends Receiver {
  /** The POSTHOG_HOST to configure. */
  host: string;
  /** Every captured event (batches flattened), in arrival order. */
  captures(): Array<{ event: string; properties?: Record<string, unknown> } & Record<string, unknown>>;
}

const CAPTURE_PATHS = /^\/(e|i\/v0\/e|batch|capture|track|engage)\/?$/;

function parseCapture(request: ReceivedRequest): unknown[] {
  let text = request.body.toString("utf8");
  // The older form encoding: data=<base64 JSON>.
  if ((request.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) {
    const data = new URLSearchParams(text).get("data") ?? "";
    text = /^[\[{]/.test(data) ? data : Buffer.from(data, "base64").toString("utf8");
  }
  const parsed = JSON.parse(text) as unknown;
  if (Array.isArray(parsed)) return parsed;
  const batch = (parsed as { batch?: unknown[] }).batch;
  return Array.isArray(batch) ? batch : [parsed];
}

export async function startPostHogReceiver(): Promise<PostHogReceiver> {
  const receiver = await startReceiver((request) => {
    if (/^\/(flags|decide)\/?$/.test(request.path)) {
      return { status: 200, body: { featureFlags: {}, featureFlagPayloads: {}, flags: {}, errorsWhileComputingFlags: false } };
    }
    return { status: 200, body: { status: 1 } };
  });
  return {
    ...receiver,
    host: receiver.origin,
    captures: () =>
      receiver.requests
        .filter((r) => r.method === "POST" && CAPTURE_PATHS.test(r.path) && r.body.length > 0)
        .flatMap(parseCapture) as ReturnType<PostHogReceiver["captures"]>,
  };
}

// ---- OTLP/HTTP traces: JSON ExportTraceServiceRequest POSTed to /v1/traces ----

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The resource's attributes (service.name, deployment.environment…). */
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver extends Receiver {
  /** The OTEL_EXPORTER_OTLP_ENDPOINT to configure (the exporter adds /v1/traces). */
  endpoint: string;
  spans(): ReceivedSpan[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
type OtlpAttributes = Array<{ key: string; value: OtlpValue }> | undefined;

function attributesOf(list: OtlpAttributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    out[key] = value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ""));
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver = await startReceiver(() => ({ status: 200, body: {} }));
  return {
    ...receiver,
    endpoint: receiver.origin,
    spans: () =>
      receiver.requests
        .filter((r) => r.method === "POST" && r.path === "/v1/traces")
        .flatMap((r) => {
          if (!(r.headers["content-type"] ?? "").includes("json")) throw new Error(`expected OTLP JSON, got ${r.headers["content-type"]}`);
          const body = JSON.parse(r.body.toString("utf8")) as {
            resourceSpans?: Array<{
              resource?: { attributes?: OtlpAttributes };
              scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttributes }> }>;
            }>;
          };
          return (body.resourceSpans ?? []).flatMap((rs) =>
            (rs.scopeSpans ?? []).flatMap((ss) =>
              (ss.spans ?? []).map((s) => ({
                traceId: s.traceId,
                spanId: s.spanId,
                ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
                name: s.name,
                kind: s.kind,
                attributes: attributesOf(s.attributes),
                resource: attributesOf(rs.resource?.attributes),
              })),
            ),
          );
        }),
  };
}
