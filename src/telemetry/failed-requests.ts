import type { HttpError } from "@refinedev/core";
import { reportError } from "./error-reporting";
import { reportedErrors } from "./error-sink";

/** Sentry keeps tag values up to 200 characters. */
const TAG_LIMIT = 200;

/**
 * A /v2 call that failed, reported once with its url (the path, without a query string that may hold search text),
 * status and message; the caller then rejects with `failure` as before. A call its own caller cancelled is no failure.
 */
export function reportFailedRequest(method: string, url: string, failure: HttpError, cause?: unknown): void {
  if ((cause as Error | undefined)?.name === "AbortError") return;
  const path = url.split("?")[0];
  const error = new Error(`${method} ${path} failed (${failure.statusCode}): ${failure.message}`);
  error.name = "ApiRequestError";
  reportError(error, { url: path, status: failure.statusCode, message: String(failure.message).slice(0, TAG_LIMIT) });
  // Refine and the pages handle the rejection; if one escapes as unhandled, it is this same failure.
  reportedErrors.add(failure);
}
