import type { FastifyServerOptions } from "fastify";

/** Secrets that may sit in headers or bodies: pino replaces them before a line is written. */
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
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return { level, redact: { paths: REDACTED, censor: "[redacted]" } };
}
