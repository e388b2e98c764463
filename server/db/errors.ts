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
 * SQLSTATE 08P01 (protocol violation) is in the connection class but is the server refusing one message
 * while the connection lives on: a statement with more than 65,535 bind parameters overflows the count
 * the protocol carries, and PostgreSQL answers "bind message has N parameter formats but 0 parameters".
 * That is a fault in our query, not an outage.
 */
const STATEMENT_FAULTS_IN_CONNECTION_CLASS = new Set(["08P01"]);

/**
 * The database cannot answer right now (as opposed to refusing a statement): the caller should be told
 * to retry, and the process must go on. SQLSTATE classes 08 (connection exception, but for a protocol
 * violation) and 57P0x (administrator shutdown, crash shutdown, cannot connect now) count, as do socket errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (STATEMENT_FAULTS_IN_CONNECTION_CLASS.has(code)) return false;
    if (NETWORK_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code)) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
