import { createHash } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PRODUCT_FLAGS } from "../../domain/flags/catalogue";
import { evaluateFlag, type FlagSubject } from "../../domain/flags/evaluate";
import { storedTargeting } from "./store";
import { isOfrepFailure, parseOfrepBody, type OfrepContext, type OfrepFailure } from "./ofrep-context";

export const OFREP_PATH = "/ofrep/v1/evaluate/flags";

/**
 * Any origin may call: the answer depends only on the bearer token (never a cookie), so another instance's
 * browser can use this service as its external flag service.
 */
function allowCrossOrigin(reply: FastifyReply) {
  reply.header("Access-Control-Allow-Origin", "*");
  reply.header("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match");
  reply.header("Access-Control-Allow-Methods", "POST, OPTIONS");
  reply.header("Access-Control-Expose-Headers", "ETag");
  reply.header("Access-Control-Max-Age", "600");
}

const subjectOf = (request: FastifyRequest): FlagSubject => ({ userId: request.user.id, roles: request.user.roles.map((r) => r.name) });

/** A weak validator over exactly what the caller was answered: the same flags and values, the same ETag. */
const etagOf = (flags: unknown) => `W/"${createHash("sha256").update(JSON.stringify(flags)).digest("base64url").slice(0, 22)}"`;

function context(request: FastifyRequest, reply: FastifyReply, key?: string): OfrepContext | undefined {
  const parsed = parseOfrepBody(request.body);
  if (!isOfrepFailure(parsed)) return parsed;
  void reply.code(400).send(key === undefined ? parsed : { key, ...parsed });
  return undefined;
}

/** Our own flag service, served over OFREP: single-flag evaluation (server providers) and bulk (browser providers). */
export default async function ofrepRoutes(app: FastifyInstance) {
  app.addHook("onRequest", async (_request, reply) => allowCrossOrigin(reply));

  // Body errors in the protocol's words; anything else goes to the app's problem+json handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const unreadable = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || (error instanceof SyntaxError && error.statusCode === 400);
    if (!unreadable) throw error;
    const failure: OfrepFailure = { errorCode: "PARSE_ERROR", errorDetails: "The request body is not valid JSON." };
    return reply.code(400).send(failure);
  });

  for (const url of [OFREP_PATH, `${OFREP_PATH}/:key`]) {
    app.options(url, { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  }

  app.post<{ Params: { key: string } }>(`${OFREP_PATH}/:key`, { schema: { hide: true }, onRequest: app.authenticate }, async (request, reply) => {
    const { key } = request.params;
    if (!context(request, reply, key)) return reply;
    const stored = await storedTargeting(app.db, request.user.companyId, key);
    const evaluation = evaluateFlag(key, stored.get(key), subjectOf(request));
    if (!evaluation) {
      const failure: OfrepFailure = { errorCode: "FLAG_NOT_FOUND", errorDetails: `Flag '${key}' was not found.` };
      return reply.code(404).send({ key, ...failure });
    }
    return { key, ...evaluation, metadata: {} };
  });

  app.post(OFREP_PATH, { schema: { hide: true }, onRequest: app.authenticate }, async (request, reply) => {
    if (!context(request, reply)) return reply;
    const stored = await storedTargeting(app.db, request.user.companyId);
    const keys = [...new Set([...Object.keys(PRODUCT_FLAGS), ...stored.keys()])].sort();
    const subject = subjectOf(request);
    const flags = keys.map((key) => ({ key, ...evaluateFlag(key, stored.get(key), subject)!, metadata: {} }));
    const etag = etagOf(flags);
    reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
    const known = request.headers["if-none-match"]?.split(",").map((tag) => tag.trim());
    if (known?.includes(etag)) return reply.code(304).send();
    return { flags, metadata: {} };
  });
}
