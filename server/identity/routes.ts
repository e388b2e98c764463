import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { captchaRequired } from "./captcha";
import { CognitoError } from "./errors";
import { dispatch, operationName } from "./protocol";
import type { LocalPool } from "./pool";
import { normalizeUsername } from "./store";
import { LOCAL_IDENTITY_PATH } from "./settings";

const AMZ_JSON = "application/x-amz-json-1.1";
/** Protocol bodies are small; a bigger one is refused before it is parsed. */
const BODY_LIMIT = 64 * 1024;

function sendCognitoError(reply: FastifyReply, error: CognitoError) {
  return reply.code(error.status).type(AMZ_JSON).header("x-amzn-errortype", error.type).send({ __type: error.type, message: error.message });
}

/** Maps everything that can go wrong here to Cognito's error shape: bad input is a 4xx, never a 5xx that Amplify would retry. */
function toCognitoError(error: FastifyError): CognitoError | null {
  if (error instanceof CognitoError) return error;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return new CognitoError("RequestEntityTooLargeException", "The request body is too large.", 413);
  if (error.code?.startsWith("FST_ERR_CTP_") || error instanceof SyntaxError) {
    return new CognitoError("SerializationException", "The request body is not valid JSON of type application/x-amz-json-1.1.");
  }
  if (error.statusCode === 429) return new CognitoError("TooManyRequestsException", error.message, 429);
  if (error.validation) return new CognitoError("InvalidParameterException", "The request has invalid parameters.");
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new CognitoError("InvalidParameterException", error.message);
  return null;
}

/** The local Cognito-compatible service under /identity, used when no Cognito pool is configured: protocol POST, JWKS and the captcha. */
export async function identityRoutes(app: FastifyInstance, opts: { pool: LocalPool }) {
  const { pool } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const cognito = toCognitoError(error);
    if (cognito) return sendCognitoError(reply, cognito);
    request.log.error({ err: error }, "identity request failed");
    return sendCognitoError(reply, new CognitoError("InternalErrorException", "Something went wrong on our side. Please try again later.", 500));
  });

  const parseJson = (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new CognitoError("SerializationException", "The request body is not valid JSON."));
    }
  };
  app.addContentTypeParser(AMZ_JSON, { parseAs: "string", bodyLimit: BODY_LIMIT }, parseJson);

  r.post(LOCAL_IDENTITY_PATH, { bodyLimit: BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
    const name = operationName(request.headers["x-amz-target"]);
    const result = await dispatch(name, request.body, { pool, ip: request.ip, log: request.log });
    return reply.type(AMZ_JSON).header("cache-control", "no-store").send(result);
  });

  r.get(`${LOCAL_IDENTITY_PATH}/${pool.poolId}/.well-known/jwks.json`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return { keys: [pool.key.publicJwk] };
  });

  r.get(`${LOCAL_IDENTITY_PATH}/captcha/challenge`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return pool.captcha.challenge();
  });

  r.get(
    `${LOCAL_IDENTITY_PATH}/captcha/required`,
    {
      schema: {
        hide: true,
        querystring: z.object({ username: z.string().max(128).optional(), flow: z.enum(["sign_in", "reset"]).default("sign_in") }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const username = request.query.username?.trim() ? normalizeUsername(request.query.username) : undefined;
      return { required: await captchaRequired(pool.db, request.query.flow, username, request.ip) };
    },
  );
}
