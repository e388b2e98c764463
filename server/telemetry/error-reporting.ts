import type { Config } from "../config";
import { loadedTelemetry } from "./loaded";
import { scrubEvent } from "./scrub";

/** What is known of a failed request: the route's template (never the URL with ids), who asked, and the failure. */
export interface ServerFailure {
  route: string;
  method: string;
  status: number;
  requestId: string;
  userId?: string;
  companyId?: string;
  actor?: string;
  /** The error thrown, when there was one; a 5xx answered without one is reported as a message. */
  error?: unknown;
}

export interface ErrorReporter {
  report(failure: ServerFailure): void;
  /** Sends what is queued (waiting at most `timeoutMs`) and stops. */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Error reporting with Sentry when SENTRY_DSN is set; undefined otherwise, and then the SDK is never imported.
 * The client is our own (not Sentry's global hub), with no default integrations: it captures only what we hand it,
 * so nothing about requests, modules or the machine is collected behind our back, and several apps in one process
 * (tests) each report to their own DSN. Not calling Sentry.init also leaves Sentry's own OpenTelemetry setup out:
 * traces go through our exporter (tracing.ts).
 */
export async function startErrorReporting(config: Pick<Config, "SENTRY_DSN" | "APP_ENV">): Promise<ErrorReporter | undefined> {
  if (!config.SENTRY_DSN) return undefined;
  const Sentry = await import("@sentry/node");
  loadedTelemetry.sentry = true;
  const client = new Sentry.NodeClient({
    dsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
    sendClientReports: false,
    beforeSend: scrubEvent,
    beforeBreadcrumb: () => null,
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return {
    report(failure) {
      const event = scope.clone();
      event.setTags({ route: failure.route, method: failure.method, status: String(failure.status), request_id: failure.requestId });
      if (failure.actor) event.setTag("actor", failure.actor);
      if (failure.userId) event.setUser({ id: failure.userId });
      if (failure.companyId) event.setContext("company", { id: failure.companyId });
      event.setLevel("error");
      if (failure.error !== undefined) event.captureException(failure.error);
      else event.captureMessage(`${failure.method} ${failure.route} answered ${failure.status}`);
    },
    async close(timeoutMs = 2000) {
      await client.close(timeoutMs);
    },
  };
}
