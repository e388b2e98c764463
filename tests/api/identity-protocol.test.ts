import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { claims, protocol, signInRaw, TARGET } from "./identity-support";

/** The Cognito JSON protocol at its edges: every bad request is a 4xx with __type, never a 5xx Amplify would retry. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function raw(headers: Record<string, string>, payload: string) {
  const res = await t.app.inject({ method: "POST", url: "/identity", headers, payload });
  return { status: res.statusCode, body: res.json() as { __type?: string; message?: string }, contentType: res.headers["content-type"] };
}
const amz = (operation: string) => ({ "content-type": "application/x-amz-json-1.1", "x-amz-target": `${TARGET}${operation}` });

describe("protocol errors", () => {
  it("answers malformed JSON, a non-object body and an empty body with SerializationException", async () => {
    for (const payload of ["{not json", "[]", '"text"', "null", "42", ""]) {
      const res = await raw(amz("InitiateAuth"), payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.__type, payload).toBe("SerializationException");
      expect(res.contentType).toContain("application/x-amz-json-1.1");
    }
  });

  it("answers unknown, missing and prototype-named operations with UnknownOperationException", async () => {
    for (const headers of [amz("AdminCreateUser"), amz("SignUp"), amz("constructor"), amz("__proto__"), { "content-type": "application/x-amz-json-1.1" }, { "content-type": "application/x-amz-json-1.1", "x-amz-target": "Other.InitiateAuth" }]) {
      const res = await raw(headers, "{}");
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe("UnknownOperationException");
    }
  });

  it("answers an oversized body with 413 and a __type", async () => {
    const res = await raw(amz("InitiateAuth"), JSON.stringify({ AuthFlow: "USER_PASSWORD_AUTH", pad: "x".repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.__type).toBe("RequestEntityTooLargeException");
  });

  it("answers another content type with a 4xx and a __type", async () => {
    const res = await raw({ "content-type": "text/plain", "x-amz-target": `${TARGET}InitiateAuth` }, "{}");
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe("SerializationException");
  });

  it("names missing and invalid fields with InvalidParameterException, without echoing values", async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ["InitiateAuth", {}, /Missing required parameter AuthFlow/],
      ["InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID }, /Missing required parameter AuthParameters.USERNAME/],
      ["InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: "a@b.c" } }, /PASSWORD/],
      ["InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: 7, PASSWORD: "x" } }, /Invalid value/],
      ["InitiateAuth", { AuthFlow: "USER_SRP_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: "a", SRP_A: "1" } }, /USER_PASSWORD_AUTH/],
      ["InitiateAuth", { AuthFlow: "CUSTOM_AUTH", ClientId: LOCAL_CLIENT_ID }, /not enabled/],
      ["RespondToAuthChallenge", { ChallengeName: "CUSTOM_CHALLENGE", ClientId: LOCAL_CLIENT_ID, Session: "x", ChallengeResponses: {} }, /not supported/],
      ["RespondToAuthChallenge", { ChallengeName: "SMS_MFA", ClientId: LOCAL_CLIENT_ID, Session: "x", ChallengeResponses: {} }, /Text-message codes are not available/],
      ["ForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: "" }, /Username/],
      ["ConfirmForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: "a@b.c", Password: "x" }, /ConfirmationCode/],
      ["ChangePassword", { AccessToken: "x" }, /PreviousPassword/],
      ["GetUser", {}, /AccessToken/],
      ["GlobalSignOut", { AccessToken: 12 }, /AccessToken/],
      ["RevokeToken", { ClientId: LOCAL_CLIENT_ID }, /Token/],
      ["GetTokensFromRefreshToken", { ClientId: LOCAL_CLIENT_ID }, /RefreshToken/],
    ];
    for (const [operation, body, message] of cases) {
      const res = await protocol(t.app, operation, body);
      expect(res.status, operation).toBe(400);
      expect(res.body.__type, `${operation} ${JSON.stringify(body)}`).toBe("InvalidParameterException");
      expect(res.body.message).toMatch(message);
      expect(res.body.message).not.toContain("a@b.c");
    }
  });

  it("answers another client id with ResourceNotFoundException", async () => {
    const res = await protocol(t.app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: "someone-else", AuthParameters: { USERNAME: "a", PASSWORD: "b" } });
    expect(res.body.__type).toBe("ResourceNotFoundException");
  });

  it("refuses a forged or foreign challenge Session", async () => {
    const tokens = await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD);
    for (const Session of ["forged", tokens.AccessToken, tokens.IdToken]) {
      const res = await protocol(t.app, "RespondToAuthChallenge", {
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        ClientId: LOCAL_CLIENT_ID,
        Session,
        ChallengeResponses: { USERNAME: "admin@steward.test", NEW_PASSWORD: "Another-Password-2026" },
      });
      expect(res.body.__type).toBe("NotAuthorizedException");
    }
  });

  it("refuses bad access and refresh tokens with NotAuthorizedException", async () => {
    for (const operation of ["GetUser", "GlobalSignOut"]) {
      expect((await protocol(t.app, operation, { AccessToken: "x.y.z" })).body.__type).toBe("NotAuthorizedException");
    }
    const refresh = await protocol(t.app, "GetTokensFromRefreshToken", { ClientId: LOCAL_CLIENT_ID, RefreshToken: "nope" });
    expect(refresh.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid Refresh Token" });
    const legacy = await protocol(t.app, "InitiateAuth", { AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { REFRESH_TOKEN: "nope" } });
    expect(legacy.body.__type).toBe("NotAuthorizedException");
    // RFC 7009: revoking an unknown token is not an error.
    expect((await protocol(t.app, "RevokeToken", { ClientId: LOCAL_CLIENT_ID, Token: "nope" })).status).toBe(200);
  });

  it("never answers a 5xx to a fuzzed body", async () => {
    const operations = ["InitiateAuth", "RespondToAuthChallenge", "GetTokensFromRefreshToken", "ForgotPassword", "ConfirmForgotPassword", "ChangePassword", "GetUser", "GlobalSignOut", "RevokeToken"];
    const values: unknown[] = [null, 0, -1, true, "", "x".repeat(10_000), [], {}, { a: 1 }, ["x"], "\u0000", "😀".repeat(50)];
    const fields = ["AuthFlow", "ClientId", "AuthParameters", "ClientMetadata", "Session", "ChallengeName", "ChallengeResponses", "Username", "Password", "ConfirmationCode", "AccessToken", "RefreshToken", "Token", "PreviousPassword", "ProposedPassword"];
    for (const operation of operations) {
      for (const value of values) {
        const body = Object.fromEntries(fields.map((f) => [f, value]));
        const res = await protocol(t.app, operation, body);
        expect(res.status, `${operation} ${JSON.stringify(value)?.slice(0, 20)}`).toBeLessThan(500);
        expect(res.body.__type).toBeTruthy();
      }
    }
  });
});

describe("local pool endpoints", () => {
  it("serves the JWKS with the key that signs the tokens", async () => {
    const res = await t.app.inject({ method: "GET", url: "/identity/local_steward/.well-known/jwks.json" });
    const { keys } = res.json() as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: t.app.identity.local!.key.kid });
    expect(keys[0].d).toBeUndefined();
    const tokens = await signInRaw(t.app, "reviewer@steward.test", DEMO_PASSWORD);
    expect(claims(tokens.AccessToken).iss).toBe(t.app.identity.issuer);
    expect(t.app.identity.issuer).toMatch(/\/identity\/local_steward$/);
  });

  it("also answers at /identity/ and never returns NewDeviceMetadata", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/identity/",
      headers: amz("InitiateAuth"),
      payload: JSON.stringify({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: "admin@steward.test", PASSWORD: DEMO_PASSWORD } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: "Bearer" });
    expect(res.json().AuthenticationResult.NewDeviceMetadata).toBeUndefined();
  });

  it("answers ForgotPassword for an unknown address exactly as for a known one", async () => {
    const known = await protocol(t.app, "ForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: "admin@steward.test" });
    const unknown = await protocol(t.app, "ForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: "axyz@steward.test" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ CodeDeliveryDetails: { Destination: "a***@steward.test", DeliveryMedium: "EMAIL", AttributeName: "email" } });
  });

  it("lists the outbox newest first", async () => {
    await protocol(t.app, "ForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: "reviewer@steward.test" });
    const outbox = (await t.app.inject({ method: "GET", url: "/dev/outbox" })).json() as Array<Record<string, string>>;
    expect(outbox[0]).toMatchObject({ to: "reviewer@steward.test", subject: expect.any(String), text: expect.stringMatching(/\d{6}/) });
    expect(Date.parse(outbox[0].sent_at)).toBeGreaterThanOrEqual(Date.parse(outbox[outbox.length - 1].sent_at));
  });
});

describe("Cognito mode", () => {
  it("mounts no local identity endpoints and still requires a token on /v2", async () => {
    const c = await createTestApp({
      env: { COGNITO_USER_POOL_ID: "eu-west-1_AbCdEf", COGNITO_CLIENT_ID: "client123", COGNITO_REGION: "eu-west-1" },
      seed: false,
    });
    try {
      expect(c.app.identity.mode).toBe("cognito");
      expect(c.app.identity.issuer).toBe("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf");
      for (const [method, url] of [["GET", "/dev/outbox"], ["POST", "/identity"], ["GET", "/identity/captcha/challenge"], ["GET", "/identity/local_steward/.well-known/jwks.json"]] as const) {
        expect((await c.app.inject({ method, url })).statusCode, url).toBe(404);
      }
      const res = await c.app.inject({ method: "GET", url: "/v2/access/user" });
      expect(res.statusCode).toBe(401);
      expect((await c.app.inject({ method: "GET", url: "/config.json" })).json().auth.userPoolEndpoint).toBeUndefined();
    } finally {
      await c.close();
    }
  });
});
