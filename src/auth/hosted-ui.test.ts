// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Amplify } from "aws-amplify";
import { fetchAuthSession, signOut } from "aws-amplify/auth";
import type { ClientConfig } from "../../domain/api/client-config";
import {
  beginHostedSignIn,
  completeHostedSignIn,
  federatedLogoutUrl,
  HostedSignInError,
  isFederatedSession,
  SIGN_IN_STATE_TTL_MS,
  STATE_LENGTH,
  UNRESERVED,
  VERIFIER_LENGTH,
} from "./hosted-ui";

const PAGE = "http://app.test";
const unreserved = new RegExp(`^[${UNRESERVED.replace(/[-\\\]]/g, "\\$&")}]+$`);

/** A token endpoint as the provider runs it: checks the PKCE verifier against the challenge it was given. */
let tokenAnswer: (form: URLSearchParams) => { status: number; body: unknown };
const tokenRequests: URLSearchParams[] = [];
let server: Server;
let origin: string;

const jwt = (payload: object) => ["e30", Buffer.from(JSON.stringify(payload)).toString("base64url"), "sig"].join(".");
const now = () => Math.floor(Date.now() / 1000);

function config(): ClientConfig {
  return {
    auth: { userPoolId: "eu-west-1_hosted", userPoolClientId: "client-1", region: "eu-west-1", authFlowType: "USER_PASSWORD_AUTH", mode: "local", oauth: { origin, scopes: ["openid", "email"] } },
    maintenance: false,
    idleTimeoutMinutes: 30,
    environment: "loc",
    flags: { ofrepUrl: null },
    links: { terms: "", privacy: "", resources: "" },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      tokenRequests.push(form);
      const { status, body } = req.url === "/oauth2/token" && req.headers["content-type"] === "application/x-www-form-urlencoded" ? tokenAnswer(form) : { status: 404, body: {} };
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Amplify.configure({ Auth: { Cognito: { userPoolId: "eu-west-1_hosted", userPoolClientId: "client-1" } } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  tokenRequests.length = 0;
  await signOut().catch(() => {});
});

async function start() {
  const url = new URL(await beginHostedSignIn({ config: config(), identityProvider: "acme-oidc", loginHint: "ana@acme.test", pageOrigin: PAGE }));
  return url;
}

const callback = (params: Record<string, string>) => `${PAGE}/auth/callback/?${new URLSearchParams(params)}`;

async function failure(promise: Promise<unknown>): Promise<HostedSignInError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HostedSignInError);
  return error as HostedSignInError;
}

describe("the hosted sign-in client", () => {
  it("sends the browser to the authorize endpoint with PKCE S256, a 32-character state and the login hint", async () => {
    const url = await start();
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/oauth2/authorize`);
    const p = url.searchParams;
    expect(Object.fromEntries([...p].filter(([k]) => !["state", "code_challenge"].includes(k)))).toEqual({
      identity_provider: "acme-oidc",
      redirect_uri: `${PAGE}/auth/callback/`,
      response_type: "code",
      client_id: "client-1",
      scope: "openid email",
      code_challenge_method: "S256",
      login_hint: "ana@acme.test",
    });
    expect(p.get("state")).toHaveLength(STATE_LENGTH);
    expect(p.get("state")).toMatch(unreserved);
    const { verifier } = JSON.parse(sessionStorage.getItem("steward.hostedSignIn")!) as { verifier: string };
    expect(verifier).toHaveLength(VERIFIER_LENGTH);
    expect(verifier).toMatch(unreserved);
    expect(p.get("code_challenge")).toBe(createHash("sha256").update(verifier).digest("base64url"));
  });

  it("draws a new verifier and state each time, from the whole unreserved alphabet", async () => {
    const a = await start();
    const b = await start();
    expect(a.searchParams.get("state")).not.toBe(b.searchParams.get("state"));
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) for (const c of (await start()).searchParams.get("state")!) seen.add(c);
    expect(seen.size).toBeGreaterThan(60);
  });

  it("trades the code with the verifier, hands the tokens to Amplify and remembers the session is federated", async () => {
    const url = await start();
    const access = jwt({ sub: "u1", username: "ana", token_use: "access", iat: now(), exp: now() + 3600 });
    const id = jwt({ sub: "u1", email: "ana@acme.test", token_use: "id", iat: now(), exp: now() + 3600 });
    tokenAnswer = () => ({ status: 200, body: { access_token: access, id_token: id, refresh_token: "r1", token_type: "Bearer", expires_in: 3600 } });
    await completeHostedSignIn({ config: config(), url: callback({ code: "c1", state: url.searchParams.get("state")! }), pageOrigin: PAGE });
    const form = tokenRequests[0];
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: "authorization_code", code: "c1", client_id: "client-1", redirect_uri: `${PAGE}/auth/callback/` });
    expect(createHash("sha256").update(form.get("code_verifier")!).digest("base64url")).toBe(url.searchParams.get("code_challenge"));
    const session = await fetchAuthSession();
    expect(session.tokens?.accessToken.toString()).toBe(access);
    expect(session.tokens?.idToken?.payload.email).toBe("ana@acme.test");
    expect(isFederatedSession()).toBe(true);
  });

  it("refuses a state that does not match the one it sent", async () => {
    await start();
    const error = await failure(completeHostedSignIn({ config: config(), url: callback({ code: "c1", state: "x".repeat(32) }), pageOrigin: PAGE }));
    expect(error.reason).toBe("state");
    expect(tokenRequests).toHaveLength(0);
  });

  it("voids a sign-in started more than 3 minutes ago, and one whose state was lost", async () => {
    const started = Date.now();
    const url = new URL(await beginHostedSignIn({ config: config(), identityProvider: "acme-oidc", pageOrigin: PAGE, now: started }));
    const late = callback({ code: "c1", state: url.searchParams.get("state")! });
    expect((await failure(completeHostedSignIn({ config: config(), url: late, pageOrigin: PAGE, now: started + SIGN_IN_STATE_TTL_MS + 1 }))).reason).toBe("expired");
    // The state is used once: the same answer again finds nothing.
    expect((await failure(completeHostedSignIn({ config: config(), url: late, pageOrigin: PAGE }))).reason).toBe("expired");
  });

  it("accepts a sign-in finished just within 3 minutes", async () => {
    const started = Date.now();
    const url = new URL(await beginHostedSignIn({ config: config(), identityProvider: "acme-oidc", pageOrigin: PAGE, now: started }));
    tokenAnswer = () => ({ status: 200, body: { access_token: jwt({ username: "ana", iat: now(), exp: now() + 3600 }) } });
    await completeHostedSignIn({ config: config(), url: callback({ code: "c1", state: url.searchParams.get("state")! }), pageOrigin: PAGE, now: started + SIGN_IN_STATE_TTL_MS - 1 });
    expect(tokenRequests).toHaveLength(1);
  });

  it("shows the provider's error description, and treats a return without a code as cancelled", async () => {
    await start();
    const error = await failure(completeHostedSignIn({ config: config(), url: callback({ error: "access_denied", error_description: "User is not assigned to the application." }), pageOrigin: PAGE }));
    expect([error.reason, error.message]).toEqual(["provider", "User is not assigned to the application."]);
    await start();
    expect((await failure(completeHostedSignIn({ config: config(), url: `${PAGE}/auth/callback/`, pageOrigin: PAGE }))).reason).toBe("cancelled");
  });

  it("reports a token answer without an access token, and the token endpoint's own error", async () => {
    let url = await start();
    tokenAnswer = () => ({ status: 200, body: { id_token: jwt({}) } });
    expect((await failure(completeHostedSignIn({ config: config(), url: callback({ code: "c1", state: url.searchParams.get("state")! }), pageOrigin: PAGE }))).reason).toBe("noAccessToken");
    url = await start();
    tokenAnswer = () => ({ status: 400, body: { error: "invalid_grant", error_description: "The code has expired." } });
    const error = await failure(completeHostedSignIn({ config: config(), url: callback({ code: "c1", state: url.searchParams.get("state")! }), pageOrigin: PAGE }));
    expect([error.reason, error.message]).toEqual(["provider", "The code has expired."]);
    expect(isFederatedSession()).toBe(false);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it("builds the provider's logout URL back to /signin", () => {
    const url = new URL(federatedLogoutUrl(config(), PAGE));
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: "client-1", logout_uri: `${PAGE}/signin` });
  });
});
