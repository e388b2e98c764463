/** A unique-constraint violation, raw from the driver or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Socket-level failures: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** Driver messages for a connection that died or never came, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "Client was closed and is not queryable",
  "PGlite is closed",
];

/**
 * The database cannot answer right now (as opposed to refusing a statement): the caller should be told
 * to retry, and the process must go on. SQLSTATE classes 08 (connection exception) and 57P0x
 * (administrator shutdown, crash shutdown, cannot connect now) count, as do socket errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (NETWORK_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code)) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
