import type { ClientConfig } from "../../domain/api/client-config";
import { reportedErrors, type ErrorSink, type ErrorTags, type TelemetryUser } from "./error-sink";

/**
 * The one place failures are reported to error tracking. With a DSN in the configuration the tracker (Sentry) is
 * loaded on demand, away from the sign-in page's bundle, and what was reported before it arrived is sent once it
 * has; without one, failures go to the console, where a developer can read them, and nothing leaves the browser.
 */

interface Report {
  error: unknown;
  tags: ErrorTags;
  extra?: Record<string, unknown>;
}

let sink: ErrorSink | null = null;
/** Reports made while the tracker loads; null when none is loading. */
let queued: Report[] | null = null;
let user: TelemetryUser | null = null;

function toConsole({ error, tags }: Report): void {
  console.warn("[steward]", tags, error);
}

export function reportError(error: unknown, tags: ErrorTags = {}, extra?: Record<string, unknown>): void {
  if (typeof error === "object" && error !== null) {
    if (reportedErrors.has(error)) return;
    reportedErrors.add(error);
  }
  const report = { error, tags, ...(extra ? { extra } : {}) };
  if (sink) sink.capture(report.error, report.tags, report.extra);
  else if (queued) queued.push(report);
  else toConsole(report);
}

/** Starts error tracking when the configuration names a DSN; resolves once it is ready (or was not wanted). */
export async function startErrorReporting(config: ClientConfig): Promise<void> {
  if (!config.sentry || sink || queued) return;
  const waiting: Report[] = [];
  queued = waiting;
  try {
    const { startSentry } = await import("./sentry");
    sink = startSentry(config);
    sink.setUser(user);
    for (const report of waiting) sink.capture(report.error, report.tags, report.extra);
  } catch (error) {
    // The tracker could not be loaded (a network failure, a blocked script): the reports stay readable here.
    console.warn("[steward] error tracking could not start", error);
    waiting.forEach(toConsole);
  } finally {
    queued = null;
  }
}

/** The signed-in user's ids on every later report; null on sign-out. */
export function setErrorReportingUser(next: TelemetryUser | null): void {
  user = next;
  sink?.setUser(next);
}
