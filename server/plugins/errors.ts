import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { STATUS_CODES } from "node:http";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemFieldError } from "../../domain/api/problem";
import { HttpProblem } from "./problem";

export function sendProblem(reply: FastifyReply, status: number, detail?: string, errors?: ProblemFieldError[], type = "about:blank") {
  const body: Problem = { type, title: STATUS_CODES[status] ?? "Error", status };
  if (detail) body.detail = detail;
  if (errors?.length) body.errors = errors;
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Fastify's own client-error codes and what to tell the client about each. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "The request body is too large."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "This content type is not accepted here; send application/json."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The request body is empty but the content type says JSON."],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "The request body is not valid JSON."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "The Content-Length header does not match the body."],
};

/** Turns every error into RFC 9457 problem+json; a 5xx never carries internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) return sendProblem(reply, error.status, error.detail, error.errors, error.type);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const part = error.validationContext ?? "body";
        const fieldErrors = error.validation.map((v) => {
          // fastify-type-provider-zod keeps the path only as instancePath ("/first_name", "/" for the root).
          const segments = (v.instancePath ?? "").split("/").filter(Boolean);
          return {
            path: part === "body" ? segments.join(".") || "body" : [part, ...segments].join("."),
            message: v.message ?? "is invalid",
          };
        });
        return sendProblem(reply, 400, "The request has invalid fields.", fieldErrors);
      }

      const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (known) return sendProblem(reply, known[0], known[1]);
      if (error instanceof SyntaxError && error.statusCode === 400) return sendProblem(reply, 400, "The request body is not valid JSON.");

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        return sendProblem(reply, status, error.message);
      }
      request.log.error({ err: error }, "request failed");
      return sendProblem(reply, 500, "Something went wrong on our side. Please try again later.");
    });
  },
  { name: "errors" },
);
