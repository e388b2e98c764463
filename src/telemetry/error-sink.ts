/** What error reporting hands to the tracker it loads, shared by both without either importing the other. */

export type ErrorTags = Record<string, string | number>;

/** Who is signed in, as error tracking may know them: ids only. */
export interface TelemetryUser {
  id: string;
  companyId: string;
}

export interface ErrorSink {
  capture(error: unknown, tags: ErrorTags, extra?: Record<string, unknown>): void;
  setUser(user: TelemetryUser | null): void;
}

/** Errors already reported: the same failure caught again further up (an unhandled rejection) is not sent twice. */
export const reportedErrors = new WeakSet<object>();
