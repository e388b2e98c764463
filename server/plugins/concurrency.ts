import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "./problem";

/**
 * The versions a write may replace, from its `If-Match` header: undefined when the header is absent or `*`
 * (the write applies to whatever is stored, as for clients that never send it), else the versions listed.
 */
export type ExpectedVersions = readonly number[] | undefined;

/** A strong ETag of a version, `"7"`; a weak one (`W/"7"`) names the same version. */
const ETAG = /^(?:W\/)?"(\d{1,9})"$/;

const MALFORMED = 'The If-Match header must be one or more versions as quoted numbers, for example If-Match: "3".';

/** Parsed in the handler, after the caller's right to write was checked, so a bad header never reveals more than a 403/404. */
export function expectedVersions(request: FastifyRequest): ExpectedVersions {
  const header = request.headers["if-match"];
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === "*") return undefined;
  const versions = value.split(",").map((tag) => ETAG.exec(tag.trim())?.[1]);
  if (value === "" || versions.some((v) => v === undefined)) {
    throw badRequest(MALFORMED, [{ path: "headers.if-match", message: "is not a quoted version number" }]);
  }
  return versions.map(Number);
}

export const etagOf = (version: number) => `"${version}"`;

/** Answers a record with its version as the ETag, so a client can send it back as If-Match. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header("etag", etagOf(record.version));
  return record;
}

/** How every versioned write documents its precondition (OpenAPI description). */
export const WRITE_PRECONDITION =
  'Optimistic concurrency: send the version you read as `If-Match: "<version>"`; if someone else saved the record since, ' +
  "the write is refused with 412 and `current_version`, and nothing changes. Without If-Match the write applies to the " +
  "stored record as before (last writer wins). The answer carries the new version in the body and as the ETag.";

/** A record's edit counter: an integer `version` at the top of the answer (lists and library versions are not). */
const versionOf = (payload: unknown) => {
  const version = payload && typeof payload === "object" && !Array.isArray(payload) ? (payload as { version?: unknown }).version : undefined;
  return Number.isInteger(version) ? (version as number) : undefined;
};

/**
 * Every answer that is one versioned record carries its version as the ETag, whichever route sends it, so a
 * client that follows HTTP can send it back as If-Match without reading the body.
 */
export default fp(
  async function versionEtags(app: FastifyInstance) {
    app.addHook("preSerialization", async (_request, reply, payload) => {
      const version = reply.statusCode < 300 && !reply.hasHeader("etag") ? versionOf(payload) : undefined;
      if (version !== undefined) reply.header("etag", etagOf(version));
      return payload;
    });
  },
  { name: "version-etags" },
);
