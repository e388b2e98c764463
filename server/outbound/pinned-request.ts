import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Target } from "./target-policy";

/** The request did not finish (connect, send, answer) within its time. */
export class RequestTimedOut extends Error {}
/** The answer was larger than the caller's limit (a batch's answer, a discovery document). */
export class AnswerTooLarge extends Error {}

export interface PinnedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A name lookup that always answers the checked address: the connection cannot go anywhere else. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * A keep-alive agent whose connections all go to the target's checked address (the batches of one run share
 * it; `maxSockets` of them at a time). TLS still verifies the certificate against the URL's host name, which
 * is also the server name sent.
 */
export function pinnedAgent(target: Target, maxSockets = 1): http.Agent {
  const lookup = pinnedLookup(target.address, target.family);
  const options = { keepAlive: true, maxSockets, lookup };
  return target.url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
}

export interface PinnedRequest {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxAnswerBytes: number;
}

/** One POST to the target through its pinned agent (see requestPinned). */
export const postPinned = (target: Target, agent: http.Agent, request: PinnedRequest): Promise<PinnedAnswer> =>
  requestPinned(target, { ...request, method: "POST", agent });

/**
 * One request to the target's checked address (through `agent` when given, else a connection of its own).
 * Redirects are answers like any other (never followed: a 3xx could point anywhere); the whole exchange,
 * connection included, must end within `timeoutMs`, or sooner when `signal` aborts it.
 */
export function requestPinned(
  target: Target,
  request: Omit<PinnedRequest, "body"> & { method: string; body?: string; agent?: http.Agent; signal?: AbortSignal },
): Promise<PinnedAnswer> {
  const client = target.url.protocol === "https:" ? https : http;
  const body = request.body ?? "";
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise<PinnedAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    // Whatever event reports it first (request or response), the first failure is the answer.
    const fail = (error: Error) => {
      settle(() => reject(error));
      req.destroy();
    };
    const req = client.request(
      {
        host,
        port: target.port,
        method: request.method,
        path: `${target.url.pathname}${target.url.search}`,
        agent: request.agent ?? false,
        lookup: pinnedLookup(target.address, target.family),
        headers: request.body === undefined ? request.headers : { ...request.headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxAnswerBytes) fail(new AnswerTooLarge(`the answer is larger than ${request.maxAnswerBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on("end", () => settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })));
        res.on("error", fail);
      },
    );
    const timer = setTimeout(() => fail(new RequestTimedOut()), request.timeoutMs);
    if (request.signal?.aborted) fail(new RequestTimedOut());
    else request.signal?.addEventListener("abort", () => fail(new RequestTimedOut()), { once: true });
    req.on("error", fail);
    req.end(body);
  });
}

/** An answer worth asking again for: the endpoint is overloaded or failing, not refusing the request. */
export const retryable = (status: number) => status >= 500 || status === 429;

/** A Retry-After longer than this is not waited for in full. */
const MAX_RETRY_AFTER_MS = 10_000;

/** Retry-After in seconds or as an HTTP date, capped; null when absent or unreadable. */
export function retryAfterMs(answer: PinnedAnswer): number | null {
  const header = answer.headers["retry-after"];
  if (typeof header !== "string") return null;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}
