import type { FastifyInstance } from "fastify";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A JSON schema as the OpenAPI document spells it; only the parts the fuzzer reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  maxLength?: number;
}

/**
 * How a route answers refusals: problem+json for the API, Cognito's JSON for identity, RFC 6749 for OAuth, and
 * a page for the browser-facing hosted sign-in (an error it cannot send back to the app).
 */
export type ErrorDialect = "problem" | "cognito" | "oauth" | "html" | "ofrep";

export interface Operation {
  method: HttpMethod;
  /** Fastify's spelling, `/v2/applications/:id`: the authorization matrix's key. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
  dialect: ErrorDialect;
  headers?: Record<string, string>;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** The identity protocol's operations, the OAuth token endpoint and public reads: hidden from the document, fuzzed all the same. */
const IDENTITY_OPERATIONS = [
  "InitiateAuth",
  "RespondToAuthChallenge",
  "GetTokensFromRefreshToken",
  "ForgotPassword",
  "ConfirmForgotPassword",
  "ChangePassword",
  "GetUser",
  "GlobalSignOut",
  "RevokeToken",
  "AssociateSoftwareToken",
  "VerifySoftwareToken",
  "SetUserMFAPreference",
  "ConfirmSignUp",
  "ResendConfirmationCode",
  "StartWebAuthnRegistration",
  "CompleteWebAuthnRegistration",
  "ListWebAuthnCredentials",
  "DeleteWebAuthnCredential",
  "NoSuchOperation",
];
const LOOSE_OBJECT: Schema = { type: "object", properties: { AuthFlow: { type: "string" }, ClientId: { type: "string" }, AuthParameters: { type: "object" }, AccessToken: { type: "string" }, Username: { type: "string" }, Session: { type: "string" }, ChallengeName: { type: "string" }, ChallengeResponses: { type: "object" }, UserCode: { type: "string" }, ConfirmationCode: { type: "string" }, SoftwareTokenMfaSettings: { type: "object" }, EmailMfaSettings: { type: "object" }, Credential: { type: "object" }, CredentialId: { type: "string" } } };

function hiddenOperations(): Operation[] {
  const identity = IDENTITY_OPERATIONS.map<Operation>((name) => ({
    method: "POST",
    path: "/identity",
    pathParams: [],
    query: [],
    body: LOOSE_OBJECT,
    dialect: "cognito",
    headers: { "x-amz-target": `AWSCognitoIdentityProviderService.${name}` },
  }));
  const reads = ["/identity/local_steward/.well-known/jwks.json", "/identity/captcha/challenge", "/identity/captcha/required"];
  const text = (...names: string[]) => names.map((name) => ({ name, schema: { type: "string" } }));
  const hostedSignIn: Operation[] = [
    {
      method: "GET",
      path: "/oauth2/authorize",
      pathParams: [],
      query: text("client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method", "identity_provider", "login_hint"),
      dialect: "html",
    },
    { method: "GET", path: "/oauth2/idpresponse", pathParams: [], query: text("code", "state", "error", "error_description", "iss"), dialect: "html" },
    { method: "GET", path: "/logout", pathParams: [], query: text("client_id", "logout_uri"), dialect: "html" },
  ];
  return [
    ...identity,
    ...hostedSignIn,
    {
      method: "POST",
      path: "/oauth2/token",
      pathParams: [],
      query: [],
      body: {
        type: "object",
        properties: Object.fromEntries(["grant_type", "scope", "code", "code_verifier", "redirect_uri", "client_id", "refresh_token"].map((name) => [name, { type: "string" }])),
      },
      dialect: "oauth",
    },
    { method: "GET", path: "/config.json", pathParams: [], query: [], dialect: "problem" },
    // The OpenFeature Remote Evaluation Protocol: its own error body ({ errorCode, errorDetails }) for what it defines.
    ...["/ofrep/v1/evaluate/flags", "/ofrep/v1/evaluate/flags/:key"].map<Operation>((path) => ({
      method: "POST",
      path,
      pathParams: path.endsWith(":key") ? ["key"] : [],
      query: [],
      body: { type: "object", properties: { context: { type: "object", properties: { targetingKey: { type: "string" }, clientId: { type: "string" } } } } },
      dialect: "ofrep",
    })),
    // The identity service answers every refusal in Cognito's format, its reads included.
    ...reads.map<Operation>((path) => ({ method: "GET", path, pathParams: [], query: [], dialect: "cognito" })),
  ];
}

/** Every operation the served OpenAPI document lists, plus the hidden identity and OAuth routes. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: "GET", url: "/v2/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as HttpMethod,
        path: path.replace(/\{([^}]+)\}/g, ":$1"),
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.["application/json"]?.schema ?? (op.requestBody ? {} : undefined),
        dialect: "problem",
      });
    }
  }
  return [...operations, ...hiddenOperations()];
}
