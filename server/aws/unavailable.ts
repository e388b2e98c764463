/**
 * Faults of the outside services Steward leans on (Amazon Cognito, Amazon S3 or an S3-compatible store): when one
 * cannot answer — unreachable, timing out, throttling or failing on its side — the request that needed it is a 503
 * the client may retry, never a 500, and the caller is told which service it was.
 */
export type OutsideService = "identity" | "storage";

export const SERVICE_RETRY_AFTER_S = 5;

export const UNAVAILABLE_DETAIL: Record<OutsideService, string> = {
  identity: "The sign-in service (Amazon Cognito) cannot be reached right now, so nothing was changed. Please try again in a few seconds.",
  storage: "The file storage cannot be reached right now, so nothing was changed. Please try again in a few seconds.",
};

/**
 * The service could not answer. `fault` keeps the SDK's error for the log; it is deliberately not `cause`, so the
 * database's outage test (which follows causes) never mistakes a storage outage for a lost database.
 */
export class ServiceUnavailable extends Error {
  constructor(
    readonly service: OutsideService,
    readonly fault: unknown,
  ) {
    super(`${service === "identity" ? "Amazon Cognito" : "File storage"} unavailable: ${(fault as Error | null)?.message ?? String(fault)}`);
    this.name = "ServiceUnavailable";
  }
}

/** Socket-level failures: nothing listens, the connection broke, the name does not resolve. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/** AWS error names that mean "not now" rather than "not this": timeouts and throttling. */
const TRANSIENT_NAMES = new Set(["TimeoutError", "RequestTimeout", "RequestTimeoutException", "TooManyRequestsException", "ThrottlingException", "SlowDown"]);

interface SdkError {
  name?: unknown;
  code?: unknown;
  cause?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** Whether an AWS SDK error means the service could not answer (as opposed to refusing what was asked). */
export function isOutage(error: unknown): boolean {
  for (let e = error as SdkError | null, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    if (typeof e.code === "string" && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.name === "string" && TRANSIENT_NAMES.has(e.name)) return true;
    const status = e.$metadata?.httpStatusCode;
    if ((typeof status === "number" && status >= 500) || e.$fault === "server") return true;
    e = e.cause as SdkError | null;
  }
  return false;
}

/** Runs one call to an outside service, turning its outage into ServiceUnavailable; any other error passes as it was. */
export async function callService<T>(service: OutsideService, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isOutage(error)) throw new ServiceUnavailable(service, error);
    throw error;
  }
}

/**
 * How long an SDK call may wait: a connection that cannot be made in a few seconds, or a socket silent this long,
 * is an outage to report, not a request to hang on (the SDK's own defaults wait forever).
 */
export const AWS_REQUEST_HANDLER = { connectionTimeout: 3_000, requestTimeout: 20_000 } as const;
