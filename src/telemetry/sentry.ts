import { addIntegration, browserTracingIntegration, captureException, init, setTag, setUser, withScope, type ErrorEvent, type EventHint } from "@sentry/browser";
import type { ClientConfig } from "../../domain/api/client-config";
import { reportedErrors, type ErrorSink } from "./error-sink";
import { scrubBreadcrumb, scrubEvent, scrubValue } from "./scrub";

/** Marks the events this app captures itself, as opposed to the SDK's global handlers. */
const OURS = { reportedBy: "steward" };

function isOurs(hint: EventHint): boolean {
  return (hint.data as typeof OURS | undefined)?.reportedBy === OURS.reportedBy;
}

/** Drops a second report of an error already sent, then scrubs what is left. */
function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  const original = hint.originalException;
  if (!isOurs(hint) && typeof original === "object" && original !== null && reportedErrors.has(original)) return null;
  return scrubEvent(event);
}

/** Sentry with the sampling the product runs at: every trace, one session in ten replayed, every session with an error. */
export function startSentry(config: ClientConfig): ErrorSink {
  init({
    dsn: config.sentry!.dsn,
    environment: config.environment,
    // Nothing about the person or their requests is collected by the SDK itself; beforeSend scrubs the rest.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    integrations: [browserTracingIntegration()],
    beforeSend,
    // Spans are streamed: their attributes (URLs, headers) are scrubbed one span at a time.
    beforeSendSpan: (span) => ({ ...span, attributes: scrubValue(span.attributes) as typeof span.attributes }),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  import("./sentry-replay").then(
    ({ sessionReplay }) => addIntegration(sessionReplay()),
    (error: unknown) => console.warn("[steward] session replay could not load", error),
  );
  return {
    capture(error, tags, extra) {
      withScope((scope) => {
        scope.setTags(tags);
        if (extra) scope.setExtras(extra);
        captureException(error, { data: OURS });
      });
    },
    setUser(user) {
      setUser(user ? { id: user.id } : null);
      setTag("company", user?.companyId);
    },
  };
}
