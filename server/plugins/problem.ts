import { problemSchema, staleVersionDetail, staleVersionProblemSchema, type ProblemFieldError } from "../../domain/api/problem";

/** Thrown by routes to answer with a problem+json of the given status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: ProblemFieldError[],
    readonly type = "about:blank",
    /** Members added to the problem beside the standard ones (RFC 9457 extension members). */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail);
  }

  /** Fastify's spelling of the status, so error handlers that speak other protocols (OAuth, Cognito) see it too. */
  get statusCode() {
    return this.status;
  }
}

export const notFound = (what: string) => new HttpProblem(404, `${what} not found.`);
export const forbidden = (detail = "You are not allowed to do this.") => new HttpProblem(403, detail);
export const conflict = (detail: string, errors?: ProblemFieldError[]) => new HttpProblem(409, detail, errors);
export const badRequest = (detail: string, errors?: ProblemFieldError[]) => new HttpProblem(400, detail, errors);

/** The error answers every /v2 route documents (OpenAPI): spread into a route's `response` schema. */
export const problemResponses = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const staleVersion = (currentVersion: number) =>
  new HttpProblem(412, staleVersionDetail(currentVersion), undefined, "about:blank", { current_version: currentVersion });

/** The answers of a write that honours `If-Match`: the usual ones and the 412 of a stale version. */
export const versionedWriteResponses = { ...problemResponses, 412: staleVersionProblemSchema };
