import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { SignJWT, base64url, generateKeyPair, type JWTPayload } from "jose";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { claims, currentUser, signInRaw } from "./identity-support";

/** Bearer verification on /v2: only our own, live access tokens of known users get through. */
let t: TestApp;
let good: { AccessToken: string; IdToken: string };

beforeAll(async () => {
  t = await createTestApp();
  good = await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

/** Signs `payload` with our real key (so only the claim under test is wrong). */
async function ourToken(overrides: JWTPayload, header: Record<string, unknown> = {}) {
  const key = t.app.identity.local!.key;
  const base = claims(good.AccessToken);
  return new SignJWT({ ...base, ...overrides })
    .setProtectedHeader({ alg: "RS256", kid: key.kid, ...header })
    .sign(key.privateKey);
}

async function expect401(token: string, detail?: RegExp) {
  const res = await currentUser(t.app, token);
  expect(res.statusCode).toBe(401);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  expect(res.headers["www-authenticate"]).toMatch(/^Bearer /);
  expect(res.json()).toMatchObject({ status: 401, title: "Unauthorized" });
  if (detail) expect(res.json().detail).toMatch(detail);
}

describe("bearer tokens on /v2", () => {
  it("accepts the real access token", async () => {
    expect((await currentUser(t.app, good.AccessToken)).statusCode).toBe(200);
  });

  it("answers a missing or malformed header with 401 and a Bearer challenge", async () => {
    for (const authorization of [undefined, "", "Basic YTpi", "Bearer", "Bearer not-a-jwt", `Bearer ${"a".repeat(20_000)}`]) {
      const res = await t.app.inject({ method: "GET", url: "/v2/access/user", headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer realm="steward"/);
    }
  });

  it("refuses a token signed by another key, with our kid or its own", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const base = claims(good.AccessToken);
    const sameKid = await new SignJWT(base).setProtectedHeader({ alg: "RS256", kid: t.app.identity.local!.key.kid }).sign(privateKey);
    const ownKid = await new SignJWT(base).setProtectedHeader({ alg: "RS256", kid: "attacker" }).sign(privateKey);
    const noKid = await new SignJWT(base).setProtectedHeader({ alg: "RS256" }).sign(privateKey);
    for (const token of [sameKid, ownKid, noKid]) await expect401(token, /not valid/);
  });

  it("refuses alg none and an HMAC token keyed with our public key", async () => {
    const base = claims(good.AccessToken);
    const none = `${base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url.encode(JSON.stringify(base))}.`;
    await expect401(none);
    const n = Buffer.from(t.app.identity.local!.key.publicJwk.n!, "base64url");
    const hs = await new SignJWT(base).setProtectedHeader({ alg: "HS256", kid: t.app.identity.local!.key.kid }).sign(n);
    await expect401(hs);
    // The real token with its signature cut off.
    await expect401(good.AccessToken.split(".").slice(0, 2).join(".") + ".");
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(await ourToken({ iat: now - 7200, exp: now - 3600 }), /expired/);
  });

  it("refuses the id token in place of the access token", async () => {
    await expect401(good.IdToken);
  });

  it("refuses another pool's issuer and another client's token", async () => {
    await expect401(await ourToken({ iss: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_other" }));
    await expect401(await ourToken({ client_id: "another-client" }));
    await expect401(await ourToken({ token_use: "id" }));
  });

  it("refuses a token whose session does not exist and one whose user is not an API user", async () => {
    await expect401(await ourToken({ origin_jti: randomUUID() }), /session/);
    await expect401(await ourToken({ origin_jti: "not-a-uuid" }), /session/);
    await expect401(await ourToken({ origin_jti: undefined }), /session/);
    const lonely = await t.app.identity.admin.createUser({ email: "identity-only@steward.test", temporaryPassword: "Temporary-Pass-123" });
    // A well-formed token of a live session, but its subject has no API user.
    await expect401(await ourToken({ sub: lonely.sub }), /No Steward user/);
  });

  it("leaves health, docs and identity endpoints open", async () => {
    for (const url of ["/healthz", "/v2/openapi.json", "/v2/docs/", "/identity/local_steward/.well-known/jwks.json", "/identity/captcha/challenge", "/config.json"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("documents /v2/access/user with bearer security in OpenAPI", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/v2/openapi.json" })).json();
    expect(doc.paths["/v2/access/user"].get).toBeDefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});
