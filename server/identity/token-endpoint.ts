import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { apiClients } from "../db/schema";
import { clientSecretMatches, touchApiClient } from "./api-clients";
import type { LocalPool } from "./pool";
import { LOCAL_API_SCOPE, LOCAL_TOKEN_PATH } from "./settings";
import { ACCESS_TOKEN_SECONDS } from "./tokens";
import { UnstorableText } from "../plugins/text-guard";

const FORM = "application/x-www-form-urlencoded";
/** A token request is a few short parameters; anything bigger is refused before it is parsed. */
const BODY_LIMIT = 8 * 1024;
/** Tokens last an hour, so a well-behaved client asks rarely; this stops secret guessing, not clients. */
const REQUESTS_PER_MINUTE = 60;

type OAuthError = "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "slow_down";

/** Thrown inside the route: becomes RFC 6749 §5.2's JSON error. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthError,
    description: string,
  ) {
    super(description);
  }
}

export const invalidRequest = (description: string) => new TokenRequestError(400, "invalid_request", description);
const invalidClient = (description = "Client authentication failed.") => new TokenRequestError(401, "invalid_client", description);

function sendOAuthError(reply: FastifyReply, error: TokenRequestError) {
  // RFC 6749 §5.2: a failed client authentication says which scheme to use.
  if (error.status === 401) reply.header("www-authenticate", 'Basic realm="steward"');
  return reply
    .code(error.status)
    .header("cache-control", "no-store")
    .header("pragma", "no-cache")
    .send({ error: error.error, error_description: error.message });
}

/** One parameter of the form: its only value, or undefined. */
export type FormParam = (name: string) => string | undefined;

/** The grants of people signing in through the hosted sign-in, answered in the token response's own names. */
export type UserGrant = (param: FormParam, request: FastifyRequest) => Promise<Record<string, string | number>>;

/** Every parameter with all its values: RFC 6749 §3.2 forbids repeating one, so the route must see repeats. */
type Form = Record<string, string[]>;

function parseForm(body: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(body)) (form[name] ??= []).push(value);
  return form;
}

/** RFC 6749 §2.3.1: HTTP Basic of the form-urlencoded id and secret. Null when the header is absent. */
function basicCredentials(request: FastifyRequest): { clientId: string; clientSecret: string } | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (!match) throw invalidClient("Authenticate the client with HTTP Basic: client_id and client_secret.");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw invalidClient("The Basic credentials must be client_id:client_secret.");
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      throw invalidClient("The Basic credentials are not valid form-urlencoded text.");
    }
  };
  return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
}

/** The client's credentials from exactly one of HTTP Basic or the body (RFC 6749 §2.3: never both). */
function clientCredentials(request: FastifyRequest, param: FormParam) {
  const basic = basicCredentials(request);
  const bodyId = param("client_id");
  const bodySecret = param("client_secret");
  if (basic) {
    if (bodySecret !== undefined) throw invalidRequest("Send the client credentials either with HTTP Basic or in the body, not both.");
    if (bodyId !== undefined && bodyId !== basic.clientId) throw invalidRequest("client_id in the body differs from the authenticated client.");
    return basic;
  }
  if (bodyId && bodySecret) return { clientId: bodyId, clientSecret: bodySecret };
  throw invalidClient("Client authentication is required: HTTP Basic with client_id and client_secret.");
}

/**
 * POST /oauth2/token of the local identity service: API clients exchange their id and secret for an
 * hour-long access token shaped like Cognito's (RFC 6749 §4.4, client credentials), and the web app trades
 * the hosted sign-in's code, or a refresh token, for a user's tokens (`userGrants`).
 */
export async function tokenEndpoint(app: FastifyInstance, opts: { pool: LocalPool; userGrants: Record<"authorization_code" | "refresh_token", UserGrant> }) {
  const { pool, userGrants } = opts;

  app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TokenRequestError) return sendOAuthError(reply, error);
    if (error instanceof UnstorableText) return sendOAuthError(reply, invalidRequest(error.detail));
    if (error.statusCode === 429) return sendOAuthError(reply, new TokenRequestError(429, "slow_down", error.message));
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendOAuthError(reply, new TokenRequestError(413, "invalid_request", "The request body is too large."));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other media types (JSON among them) and malformed bodies.
      return sendOAuthError(reply, invalidRequest(`Send the parameters as ${FORM}.`));
    }
    request.log.error({ err: error }, "token request failed");
    return reply.code(500).header("cache-control", "no-store").send({ error: "server_error", error_description: "Something went wrong on our side." });
  });

  app.post(
    LOCAL_TOKEN_PATH,
    {
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: { max: REQUESTS_PER_MINUTE, timeWindow: "1 minute" } },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!request.headers["content-type"]?.toLowerCase().startsWith(FORM)) throw invalidRequest(`Send the parameters as ${FORM}.`);
      const form = (request.body ?? {}) as Form;
      const repeated = Object.keys(form).find((name) => form[name].length > 1);
      if (repeated) throw invalidRequest(`The parameter ${repeated} is repeated.`);
      const param = (name: string) => form[name]?.[0];

      const grantType = param("grant_type");
      if (!grantType) throw invalidRequest("grant_type is required.");
      const noStore = () => reply.header("cache-control", "no-store").header("pragma", "no-cache");
      if (grantType === "authorization_code" || grantType === "refresh_token") return noStore().send(await userGrants[grantType](param, request));
      if (grantType !== "client_credentials") {
        throw new TokenRequestError(400, "unsupported_grant_type", "grant_type must be client_credentials, authorization_code or refresh_token.");
      }

      const { clientId, clientSecret } = clientCredentials(request, param);
      const [client] =
        clientId.length <= 128
          ? await pool.db
              .select({ id: apiClients.id, secretHash: apiClients.secretHash, revokedAt: apiClients.revokedAt, lastUsedAt: apiClients.lastUsedAt })
              .from(apiClients)
              .where(eq(apiClients.clientId, clientId))
          : [];
      // The hash is checked even for an unknown client, so timing does not tell which ids exist.
      const secretOk = clientSecretMatches(pool.key, clientId, clientSecret, client?.secretHash ?? null);
      if (!client || !secretOk || client.revokedAt) throw invalidClient();

      const scope = param("scope");
      if (scope !== undefined && scope.split(" ").some((s) => s !== LOCAL_API_SCOPE)) {
        throw new TokenRequestError(400, "invalid_scope", `The only scope is ${LOCAL_API_SCOPE}.`);
      }

      await touchApiClient(pool.db, client);
      const accessToken = await pool.tokens.issueClientCredentials(clientId, LOCAL_API_SCOPE);
      return noStore().send({ access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS });
    },
  );
}
