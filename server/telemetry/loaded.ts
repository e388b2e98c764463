/**
 * Which telemetry SDKs this process has imported. They are loaded only when their setting is present, so a
 * server without them neither pays for them nor can send anything; tests read this to prove it.
 */
export const loadedTelemetry = { sentry: false, openTelemetry: false, promClient: false };
