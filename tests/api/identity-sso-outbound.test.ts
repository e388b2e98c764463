import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "../support/test-app";
import { CALLERS, v2Caller } from "../support/tenants";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { signInRaw } from "./identity-support";

/**
 * A company's Administrator is a tenant: "Test connection" must not reach the operator's machine or internal
 * network, whatever the issuer or its discovery document names, and must not show what such an address answers.
 */
let t: TestApp;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);

const SECRET = "operator-only-secret-7c1f";

/** A loopback port that counts connections and answers every request with a secret file's content. */
let secret: HttpServer;
let secretPort = 0;
let secretConnections = 0;
/** A loopback port nobody allowed, that counts connections. */
let closed: TcpServer;
let closedPort = 0;
let closedConnections = 0;
/** The tenant's "provider", on the one loopback port the operator allowlisted: it serves what each test needs. */
let hostile: HttpServer;
let issuer = "";
let answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 404 });

const listen = async <S extends HttpServer | TcpServer>(server: S): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  secret = createHttpServer((_req, res) => res.end(JSON.stringify({ keys: [{ kid: SECRET, kty: "oct" }], file: SECRET })));
  secret.on("connection", () => secretConnections++);
  secretPort = await listen(secret);
  closed = createTcpServer((socket) => socket.end());
  closed.on("connection", () => closedConnections++);
  closedPort = await listen(closed);
  hostile = createHttpServer((req, res) => {
    const { status, headers, body } = answer(req.url ?? "/");
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body ?? "");
  });
  const hostilePort = await listen(hostile);
  issuer = `http://127.0.0.1:${hostilePort}`;
  t = await createTestApp({ env: { SSO_PROVIDER_ALLOWLIST: `http://127.0.0.1:${hostilePort}` } });
  token.admin = (await signInRaw(t.app, CALLERS.admin, DEMO_PASSWORD)).AccessToken;
});

afterAll(async () => {
  await t?.close();
  for (const server of [secret, closed, hostile]) await new Promise((resolve) => server?.close(resolve));
});

/** A discovery document for the issuer, naming `jwks_uri`. */
const discovery = (jwksUri: string, at = issuer) =>
  JSON.stringify({
    issuer: at,
    authorization_endpoint: `${at}/auth`,
    token_endpoint: `${at}/token`,
    jwks_uri: jwksUri,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
  });

let tests = 0;
/** Runs a connection test; a new client id each time, so no discovery is reused from the cache. */
async function testConnection(issuerUrl: string) {
  const res = await v2("admin", "POST", "/company/identity-providers/test", { issuer_url: issuerUrl, client_id: `steward-${++tests}`, client_secret: "s3cret" });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.body).not.toContain(SECRET);
  return res.json() as { status: string; steps: Array<{ step: string; state: string; detail: string | null }> };
}

describe("Test connection's outbound policy", () => {
  it("refuses an issuer on a loopback port the operator did not allow, in words, before connecting", async () => {
    const before = { closed: closedConnections, secret: secretConnections };
    for (const url of [`http://127.0.0.1:${closedPort}`, `https://127.0.0.1:${closedPort}`, `http://localhost:${secretPort}`, `http://[::ffff:127.0.0.1]:${secretPort}`]) {
      const test = await testConnection(url);
      expect(test.status, url).toBe("failed");
      expect(test.steps[0], url).toEqual({ step: "discovery", state: "failed", detail: "The issuer's address is not allowed: it points to an internal network address." });
      expect(test.steps.slice(1).every((s) => s.state === "skipped")).toBe(true);
    }
    // An open and a closed port read the same, and neither was ever connected to.
    expect(closedConnections).toBe(before.closed);
    expect(secretConnections).toBe(before.secret);
  });

  it("refuses the metadata service and private addresses as issuers", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/", "https://10.0.0.1", "https://[fd00::1]", "https://100.64.0.1"]) {
      expect((await testConnection(url)).steps[0].detail, url).toBe("The issuer's address is not allowed: it points to an internal network address.");
    }
  });

  it("refuses a jwks_uri on another loopback port or the metadata service, and never shows what it serves", async () => {
    const before = secretConnections;
    for (const jwksUri of [`http://127.0.0.1:${secretPort}/keys`, `https://127.0.0.1:${secretPort}/keys`, "http://169.254.169.254/latest/meta-data/iam", `http://[::ffff:7f00:1]:${secretPort}/`]) {
      answer = (path) => (path === "/.well-known/openid-configuration" ? { status: 200, body: discovery(jwksUri) } : { status: 404 });
      const test = await testConnection(issuer);
      expect(test.steps[0], jwksUri).toMatchObject({ step: "discovery", state: "ok" });
      expect(test.steps[1], jwksUri).toEqual({ step: "keys", state: "failed", detail: "The signing keys' address (jwks_uri) is not allowed: it points to an internal network address." });
    }
    expect(secretConnections).toBe(before);
  });

  it("does not follow a redirect from the discovery URL to an internal address", async () => {
    const before = secretConnections;
    answer = () => ({ status: 302, headers: { location: `http://127.0.0.1:${secretPort}/.well-known/openid-configuration` } });
    const test = await testConnection(issuer);
    expect(test.steps[0]).toEqual({ step: "discovery", state: "failed", detail: "The discovery document could not be read: the server answered 302." });
    expect(secretConnections).toBe(before);
  });

  it("names the status of a failed answer, never its body", async () => {
    answer = () => ({ status: 404, body: SECRET });
    expect((await testConnection(issuer)).steps[0].detail).toBe("The discovery document could not be read: the server answered 404.");
    answer = () => ({ status: 200, body: `not json ${SECRET}` });
    expect((await testConnection(issuer)).steps[0].detail).toBe("The discovery document could not be read: the answer is not valid JSON.");
    answer = (path) => (path === "/.well-known/openid-configuration" ? { status: 200, body: discovery(`${issuer}/keys`) } : { status: 500, body: SECRET });
    expect((await testConnection(issuer)).steps[1].detail).toBe("The signing keys could not be read: the server answered 500.");
    answer = (path) => (path === "/.well-known/openid-configuration" ? { status: 200, body: discovery(`${issuer}/keys`) } : { status: 200, body: `{"keys":"${SECRET}` });
    expect((await testConnection(issuer)).steps[1].detail).toBe("The signing keys could not be read: the answer does not follow the OpenID Connect standard.");
  });

  it("shows the ids of the keys an allowed provider publishes, but nothing unlike a key id", async () => {
    const keys = { keys: [{ kid: "good-key-1", use: "sig" }, { kid: `<b>${SECRET}</b> and more text`, use: "sig" }] };
    answer = (path) => (path === "/.well-known/openid-configuration" ? { status: 200, body: discovery(`${issuer}/keys`) } : { status: 200, body: JSON.stringify(keys) });
    const test = await testConnection(issuer);
    expect(test.steps[1]).toEqual({ step: "keys", state: "ok", detail: "2 signing keys: good-key-1, key 2" });
  });
});
