import { problemSchema, type ProblemFieldError } from "../../domain/api/problem";

/** Thrown by routes to answer with a problem+json of the given status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: ProblemFieldError[],
    readonly type = "about:blank",
  ) {
    super(detail);
  }
}

export const notFound = (what: string) => new HttpProblem(404, `${what} not found.`);
export const forbidden = (detail = "You are not allowed to do this.") => new HttpProblem(403, detail);
export const conflict = (detail: string, errors?: ProblemFieldError[]) => new HttpProblem(409, detail, errors);
export const badRequest = (detail: string, errors?: ProblemFieldError[]) => new HttpProblem(400, detail, errors);

/** The error answers every /v2 route documents (OpenAPI): spread into a route's `response` schema. */
export const problemResponses = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
