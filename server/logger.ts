import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * What never reaches a log line, in one place: secrets in headers and bodies (replaced by pino before a
 * line is written), and — through the serializers below — query strings, SQL with its parameters,
 * and e-mail addresses in error messages.
 */
const REDACTED = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.Password",
  "*.PreviousPassword",
  "*.ProposedPassword",
  "*.ConfirmationCode",
  "*.AccessToken",
  "*.RefreshToken",
  "*.IdToken",
  "*.client_secret",
  "*.secret",
  "*.token",
  "*.email",
];

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/** drizzle's wrapper error spells out the statement and every bound value. */
const FAILED_QUERY = /Failed query:[\s\S]*/;

/** An error's message without the SQL, parameter values or e-mail addresses some drivers put in it. */
export function scrubMessage(message: string): string {
  return message.replace(FAILED_QUERY, "Failed query (statement and parameters withheld)").replace(EMAIL, "[e-mail]");
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * Errors are logged by type, SQLSTATE/errno code, scrubbed message and stack frames; never the
 * driver's `detail`, `where` or `parameters` fields, which quote row values.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  const e = (error ?? {}) as { name?: string; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown };
  const message = scrubMessage(String(e.message ?? error));
  const frames = typeof e.stack === "string" ? e.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return {
    type: e.name ?? typeof error,
    message,
    ...(typeof e.code === "string" && { code: e.code }),
    ...(frames.length && { stack: [message, ...frames].join("\n") }),
    ...(e.cause !== undefined && depth < 3 && { cause: serializeError(e.cause, depth + 1) }),
  };
}

/** The request as logged: its path, never the query string (search terms, e-mails, tokens). */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, path: request.url.split("?")[0], remoteAddress: request.ip };
}

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: REDACTED, censor: "[redacted]" },
    serializers: { err: serializeError as never, error: serializeError, req: serializeRequest as never },
  };
}
