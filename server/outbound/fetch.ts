import { requestPinned } from "./pinned-request";
import { resolveTarget, systemResolve, type OutboundPolicy, type Resolve } from "./target-policy";

/** What a fetch-like client (openid-client, jose) hands over; bodies are text or form parameters. */
export interface OutboundInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | null;
  signal?: AbortSignal | null;
}

export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

export interface OutboundLimits {
  timeoutMs: number;
  maxAnswerBytes: number;
  /** Tests swap the resolver; calls use the system's. */
  resolve?: Resolve;
}

/**
 * A fetch for libraries that call URLs a tenant chose: every request is checked against the policy first
 * (OutboundRefused, before any connection), goes to the checked address only, follows no redirect (a 3xx is
 * the answer), and gives up past the time or size limit (RequestTimedOut, AnswerTooLarge).
 */
export function outboundFetch(policy: OutboundPolicy, limits: OutboundLimits): OutboundFetch {
  const resolve = limits.resolve ?? systemResolve;
  return async (url, init = {}) => {
    const target = await resolveTarget(String(url), policy, resolve);
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? {}).forEach((value, name) => (headers[name] = value));
    let body: string | undefined;
    if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers["content-type"] ??= "application/x-www-form-urlencoded;charset=UTF-8";
    } else if (typeof init.body === "string") body = init.body;
    const answer = await requestPinned(target, {
      method: init.method ?? "GET",
      headers,
      body,
      timeoutMs: limits.timeoutMs,
      maxAnswerBytes: limits.maxAnswerBytes,
      signal: init.signal ?? undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    // A Response cannot carry a body with these statuses.
    const empty = answer.status === 204 || answer.status === 304 || (answer.status >= 100 && answer.status < 200);
    return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  };
}
