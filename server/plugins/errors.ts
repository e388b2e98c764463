import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { STATUS_CODES } from "node:http";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemFieldError } from "../../domain/api/problem";
import { HttpProblem } from "./problem";
import { isDatabaseUnavailable } from "../db/errors";
import { SERVICE_RETRY_AFTER_S, ServiceUnavailable, UNAVAILABLE_DETAIL } from "../aws/unavailable";

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE = "The database is not reachable right now. Please try again in a few seconds.";

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail?: string,
  errors?: ProblemFieldError[],
  type = "about:blank",
  extensions?: Record<string, unknown>,
) {
  const body: Problem = { ...extensions, type, title: STATUS_CODES[status] ?? "Error", status };
  if (detail) body.detail = detail;
  if (errors?.length) body.errors = errors;
  body.request_id = reply.request.id;
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** The error behind each 5xx answered here, for the error reporter (server/telemetry) to send once the answer is out. */
export const serverFailures = new WeakMap<FastifyRequest, unknown>();

/** Fastify's own client-error codes and what to tell the client about each. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "The request body is too large."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "This content type is not accepted here; send application/json."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The request body is empty but the content type says JSON."],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "The request body is not valid JSON."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "The Content-Length header does not match the body."],
};

/** Errors the router raises before any route or error handler runs: Fastify's `frameworkErrors` option. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, "The request URL is not validly encoded."],
  FST_ERR_MAX_PARAM_LENGTH: [414, "A part of the request URL is too long."],
};

/** Answers the router's own errors in problem+json too, instead of Fastify's default JSON. */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, detail] = ROUTER_ERRORS[error.code] ?? [400, "The request cannot be routed."];
  return sendProblem(reply, status, detail);
}

/** Turns every error into RFC 9457 problem+json; a 5xx never carries internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) return sendProblem(reply, error.status, error.detail, error.errors, error.type, error.extensions);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const part = error.validationContext === "querystring" ? "query" : (error.validationContext ?? "body");
        const fieldErrors = error.validation.flatMap((v) => {
          // fastify-type-provider-zod keeps the path only as instancePath ("/first_name", "/" for the root).
          const segments = (v.instancePath ?? "").split("/").filter(Boolean);
          const pathOf = (at: string[]) => (part === "body" ? at.join(".") || "body" : [part, ...at].join("."));
          const unknown = v.keyword === "unrecognized_keys" && part !== "body" ? (v.params as { keys?: unknown }).keys : undefined;
          // An unknown query parameter is named, one error each, so the client sees which one to drop.
          if (Array.isArray(unknown)) return unknown.map((key) => ({ path: pathOf([...segments, String(key)]), message: "is not a known parameter" }));
          return [{ path: pathOf(segments), message: v.message ?? "is invalid" }];
        });
        return sendProblem(reply, 400, "The request has invalid fields.", fieldErrors);
      }

      const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (known) return sendProblem(reply, known[0], known[1]);
      if (error instanceof SyntaxError && error.statusCode === 400) return sendProblem(reply, 400, "The request body is not valid JSON.");

      // Before the database's test: an outside service's network error looks like a lost database to it.
      if (error instanceof ServiceUnavailable) {
        serverFailures.set(request, error);
        request.log.warn({ err: error, service: error.service }, "an outside service is unavailable");
        reply.header("Retry-After", String(SERVICE_RETRY_AFTER_S));
        return sendProblem(reply, 503, UNAVAILABLE_DETAIL[error.service]);
      }

      if (isDatabaseUnavailable(error)) {
        serverFailures.set(request, error);
        request.log.warn({ code: (error as { code?: string }).code, route: request.routeOptions.url }, "the database is unavailable");
        reply.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
        return sendProblem(reply, 503, DATABASE_UNAVAILABLE);
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        return sendProblem(reply, status, error.message);
      }
      // The route's template (not the URL, which may carry ids or a search) says where the fault is.
      request.log.error({ err: error, route: request.routeOptions.url, method: request.method }, "request failed");
      serverFailures.set(request, error);
      return sendProblem(reply, 500, "Something went wrong on our side. Please try again later.");
    });
  },
  { name: "errors" },
);
