import type { ErrorEvent } from "@sentry/node";
import { withoutCredentials } from "../../domain/telemetry/secret-text";
import { scrubMessage } from "../logger";

/** Keys whose values are secrets or personal data wherever they appear in an event. */
const SECRET_KEY = /pass(word)?|token|secret|code|answer|cookie|authorization|session|credential|e-?mail|name|body|data/i;
const REDACTED = "[redacted]";

/** Free text with e-mails, SQL and its parameters, bearer credentials and JWTs taken out. */
export function scrubText(text: string): string {
  return withoutCredentials(scrubMessage(text), REDACTED);
}

/** A copy of `value` with every secret-named key redacted and every string scrubbed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : scrubValue(v, depth + 1)]),
  );
}

/**
 * Sentry's beforeSend: what leaves the server is the error's type, scrubbed message and stack, and the tags and ids
 * we set; never a request's headers, cookies, query or body, nor a user's e-mail, name or address.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const { id } = event.user ?? {};
  const scrubbed: ErrorEvent = { ...event, user: id === undefined ? undefined : { id } };
  if (event.request) scrubbed.request = { method: event.request.method, url: event.request.url?.split("?")[0] };
  if (event.message) scrubbed.message = scrubText(event.message);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((v) => ({
        ...v,
        value: v.value === undefined ? undefined : scrubText(v.value),
        // Local variables would quote whatever the failing code held.
        stacktrace: v.stacktrace && { ...v.stacktrace, frames: v.stacktrace.frames?.map(({ vars: _vars, ...frame }) => frame) },
      })),
    };
  }
  if (event.extra) scrubbed.extra = scrubValue(event.extra) as ErrorEvent["extra"];
  if (event.contexts) scrubbed.contexts = scrubValue(event.contexts) as ErrorEvent["contexts"];
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map((b) => ({ ...b, message: b.message && scrubText(b.message), data: undefined }));
  return scrubbed;
}
