import type { PostHog } from "posthog-js";
import type { ClientConfig } from "../../domain/api/client-config";

/**
 * Product analytics (PostHog), for signed-in people who have not opted out, loaded on demand after sign-in so the
 * sign-in page never carries it. Only ids identify a person; no remote script, recording or autocapture.
 */

/** The named product events: what a person did, with the ids of what they did it to. */
export type ProductEvent = "application_created" | "application_submitted" | "application_approved" | "test_started" | "export_downloaded";

export interface AnalyticsUser {
  id: string;
  companyId: string;
  optedOut: boolean;
}

type Capture = (posthog: PostHog) => void;

let loading: Promise<PostHog> | null = null;
let loaded: PostHog | null = null;
/** Captures wait here until PostHog has loaded and knows who is signed in. */
let waiting: Capture[] = [];
/** Whether the signed-in person's events are sent at all; null until it is known who is signed in. */
let enabled: boolean | null = null;

function load(config: NonNullable<ClientConfig["posthog"]>): Promise<PostHog> {
  loading ??= import("./posthog-client").then(({ createPostHog }) => {
    loaded = createPostHog(config);
    return loaded;
  });
  return loading;
}

function run(capture: Capture): void {
  if (enabled === false) return;
  if (loaded && enabled && waiting.length === 0) capture(loaded);
  else waiting.push(capture);
}

/**
 * Called once the signed-in person is known (and again when their choice changes): an opted-out person's
 * analytics are never started, or stop capturing if they had been.
 */
export async function startAnalytics(config: ClientConfig, user: AnalyticsUser): Promise<void> {
  if (!config.posthog || user.optedOut) {
    enabled = false;
    waiting = [];
    if (loaded && !loaded.has_opted_out_capturing()) loaded.opt_out_capturing();
    return;
  }
  enabled = true;
  const posthog = await load(config.posthog);
  if (!enabled) return;
  if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing({ captureEventName: false });
  if (posthog.get_distinct_id() !== user.id) posthog.identify(user.id, { company_id: user.companyId });
  posthog.register({ company_id: user.companyId });
  const pending = waiting;
  waiting = [];
  for (const capture of pending) capture(posthog);
}

/** The route last counted: a component mounting again (a reloaded identity, React's strict mode) is no new page view. */
let lastPath: string | null = null;

export function trackPageView(path: string): void {
  if (path === lastPath) return;
  lastPath = path;
  run((posthog) => posthog.capture("$pageview"));
}

export function track(event: ProductEvent, properties: Record<string, string> = {}): void {
  run((posthog) => posthog.capture(event, properties));
}

/** Sign-out: the next person on this browser starts as a new anonymous visitor. */
export function resetAnalytics(): void {
  enabled = null;
  lastPath = null;
  waiting = [];
  loaded?.reset(true);
}
