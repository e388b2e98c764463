import { resetAnalytics } from "./analytics";
import { setErrorReportingUser } from "./error-reporting";

/** Sign-out: neither analytics nor error tracking keeps the person who was signed in. */
export function forgetTelemetryUser(): void {
  resetAnalytics();
  setErrorReportingUser(null);
}
