/** Kept where callers have always found it; the reporting itself lives with the rest of telemetry. */
export { reportError } from "../telemetry/error-reporting";
