import posthog, { type PostHog } from "posthog-js";
import type { ClientConfig } from "../../domain/api/client-config";
import { scrubProperties } from "./scrub";

/** PostHog as this product runs it: nothing loaded from PostHog's CDN, nothing captured on its own. */
export function createPostHog(config: NonNullable<ClientConfig["posthog"]>): PostHog {
  posthog.init(config.key, {
    api_host: config.host,
    persistence: "localStorage",
    // No toolbar, surveys, recorder or other script from PostHog's servers.
    disable_external_dependency_loading: true,
    disable_session_recording: true,
    disable_surveys: true,
    autocapture: false,
    // Page views are sent on route changes by the app itself: a single-page app has no page loads to count.
    capture_pageview: false,
    capture_pageleave: false,
    capture_exceptions: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    rageclick: false,
    // Feature flags come from OpenFeature, not from PostHog.
    advanced_disable_flags: true,
    person_profiles: "identified_only",
    // Every URL it sends (the current one, the referrer, the first one seen) loses its secret parameters.
    before_send: (event) =>
      event && {
        ...event,
        properties: scrubProperties(event.properties ?? {}),
        ...(event.$set ? { $set: scrubProperties(event.$set) } : {}),
        ...(event.$set_once ? { $set_once: scrubProperties(event.$set_once) } : {}),
      },
  });
  return posthog;
}
