/**
 * The multipart parser's complaints about the body itself (no boundary, a body cut short, a bad part
 * header) are plain errors without a status; they are the client's fault, so they must become a 400
 * rather than pass for a fault of ours.
 */
const MALFORMED = /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header|Boundary required|.+ terminated early due to unexpected end of multipart data)/;

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !(error as { statusCode?: number }).statusCode && MALFORMED.test(error.message);
}
