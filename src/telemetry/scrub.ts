import { withoutCredentials } from "../../domain/telemetry/secret-text";

/**
 * What leaves the browser for error tracking and analytics is scrubbed here first: tokens, passwords, codes and
 * answers never reach a third party, whatever a stack trace, breadcrumb or URL happened to hold.
 */

export const FILTERED = "[Filtered]";

/** Keys whose values are secrets or personal input, wherever they appear in an event or breadcrumb. */
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|^code$|answer|otp|captcha|credential|api[-_]?key|^signature$|^email$|^first_?name$|^last_?name$/i;

/** Query parameters that carry a grant or a secret (OAuth's code and state, tokens, signed upload policies…). */
const SECRET_PARAM = /^(code|state|session_state|token|.*_token|password|secret|key|otp|captcha|signature|x-amz-signature|x-amz-credential|policy|email)$/i;

export const scrubText = (text: string): string => withoutCredentials(text, FILTERED);

/** A URL with its secret query values filtered and its fragment (where implicit grants put tokens) dropped. */
export function scrubUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  if (queryAt === -1) return scrubText(withoutHash);
  const params = new URLSearchParams(withoutHash.slice(queryAt + 1));
  const kept = [...params].map(([name, value]) => [name, SECRET_PARAM.test(name) ? FILTERED : scrubText(value)]);
  return `${scrubText(withoutHash.slice(0, queryAt))}?${new URLSearchParams(kept).toString()}`;
}

const looksLikeUrl = (text: string) => /^(https?:\/\/|\/)[^\s]*\?/.test(text);

/** Any value, deeply: secret keys filtered, text scrubbed, URLs' secret parameters filtered. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return looksLikeUrl(value) ? scrubUrl(value) : scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? FILTERED : scrubValue(item, depth + 1);
  return out;
}

/** The parts of a Sentry event that can carry secrets. Typed structurally so this module needs no SDK. */
export interface ScrubbableEvent {
  message?: string;
  request?: { url?: string; query_string?: unknown; data?: unknown; cookies?: unknown; headers?: Record<string, string> };
  exception?: { values?: Array<{ value?: string }> };
  breadcrumbs?: ScrubbableBreadcrumb[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  user?: { id?: string | number; [key: string]: unknown };
}

export interface ScrubbableBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

/** Header names kept on a request: none that authenticate or identify. */
const SAFE_HEADERS = new Set(["accept", "content-type", "user-agent", "referer"]);

export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  const out = { ...breadcrumb };
  if (out.message) out.message = scrubText(out.message);
  if (out.data) {
    const data = scrubValue(out.data) as Record<string, unknown>;
    // Request and response bodies are never kept.
    delete data.body;
    delete data.request_body;
    delete data.response_body;
    for (const key of ["url", "from", "to"]) if (typeof data[key] === "string") data[key] = scrubUrl(data[key]);
    out.data = data;
  }
  return out;
}

export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const out = { ...event };
  if (out.message) out.message = scrubText(out.message);
  if (out.request) {
    const { url, headers } = out.request;
    out.request = {
      ...(url ? { url: scrubUrl(url) } : {}),
      ...(headers ? { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase()))) } : {}),
    };
    if (out.request.headers?.referer) out.request.headers.referer = scrubUrl(out.request.headers.referer);
  }
  if (out.exception?.values) {
    out.exception = { ...out.exception, values: out.exception.values.map((v) => (v.value ? { ...v, value: scrubText(v.value) } : v)) };
  }
  if (out.breadcrumbs) out.breadcrumbs = out.breadcrumbs.map(scrubBreadcrumb);
  if (out.extra) out.extra = scrubValue(out.extra) as Record<string, unknown>;
  if (out.contexts) out.contexts = scrubValue(out.contexts) as Record<string, unknown>;
  if (out.tags) out.tags = scrubValue(out.tags) as Record<string, unknown>;
  // The user is known by id alone: no e-mail, name or address.
  if (out.user) out.user = out.user.id === undefined ? {} : { id: out.user.id };
  return out;
}

/** PostHog's own properties, which its service needs as they are (the project key is sent as `token`). */
const POSTHOG_OWN = new Set(["token", "distinct_id"]);

/** PostHog's properties: every URL-valued one ($current_url, $referrer, …) scrubbed; our own ones deeply. */
export function scrubProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === "string" && /url|referrer|href/i.test(key)) out[key] = scrubUrl(value);
    else if (key.startsWith("$") || POSTHOG_OWN.has(key)) out[key] = value;
    else out[key] = SECRET_KEY.test(key) ? FILTERED : scrubValue(value);
  }
  return out;
}
