import type { FastifyError } from "fastify";
import { badRequest, HttpProblem } from "../plugins/problem";

/**
 * The multipart parser's complaints about the body itself (no boundary, a body cut short, a bad part
 * header) are plain errors without a status; they are the client's fault, so they must become a 400
 * rather than pass for a fault of ours.
 */
const MALFORMED = /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header|Boundary required|.+ terminated early due to unexpected end of multipart data)/;

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !(error as { statusCode?: number }).statusCode && MALFORMED.test(error.message);
}

/** What an upload route says when the parser refuses a body: each route names its own file and limits. */
export interface MultipartWords {
  tooLarge: string;
  notMultipart: string;
  /** More files, fields or parts than the route takes. */
  tooMany: () => HttpProblem;
}

/** The multipart parser's failures in the API's words; our own problems, thrown while reading, pass through. */
export function multipartProblem(error: FastifyError, words: MultipartWords): Error {
  if (error instanceof HttpProblem) return error;
  switch (error.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpProblem(413, words.tooLarge);
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return words.tooMany();
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new HttpProblem(415, words.notMultipart);
    default:
      return (error.statusCode && error.statusCode < 500) || isMalformedMultipart(error) ? badRequest("The multipart body is malformed.") : error;
  }
}
