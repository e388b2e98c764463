import { replayIntegration } from "@sentry/browser";

/**
 * Session replay, in a chunk of its own loaded after error tracking has started: it is the SDK's largest part.
 * Every text and input is masked and media blocked, so a replay shows the page's shape, never what was typed.
 */
export const sessionReplay = () => replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
