import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { abilityFromPacked, asSubject } from "../../domain/access/abilities";
import { apiClients } from "../../server/db/schema";
import { protocol } from "./identity-support";
import { apiClientSuite, basic, type Created } from "./api-client-support";

/** API clients' OAuth client credentials (POST /oauth2/token, RFC 6749 §4.4) and their tokens on /v2. */
const s = apiClientSuite();
const { ids, createClient, tokenRequest, accessToken, asToken, row, audits } = s;

describe("POST /oauth2/token", () => {
  let client: Created;
  beforeAll(async () => {
    client = await createClient("Token tester");
  });

  it("exchanges HTTP Basic credentials for an hour-long access token shaped like Cognito's", async () => {
    const res = await tokenRequest({ grant_type: "client_credentials" }, { authorization: basic(client.client_id, client.client_secret) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["access_token", "expires_in", "token_type"]);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const c = decodeJwt(body.access_token);
    expect(c).toMatchObject({ sub: client.client_id, client_id: client.client_id, token_use: "access", iss: s.app().app.identity.issuer, scope: "steward/api" });
    expect(c.exp! - c.iat!).toBe(3600);
    expect(c.jti).toEqual(expect.any(String));
    expect(c.username).toBeUndefined();
    expect((await row(client.id)).lastUsedAt).not.toBeNull();
  });

  it("accepts the credentials in the body, and the one scope there is", async () => {
    const res = await tokenRequest({ grant_type: "client_credentials", client_id: client.client_id, client_secret: client.client_secret, scope: "steward/api" });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).client_id).toBe(client.client_id);
  });

  it("answers bad clients with 401 invalid_client and a Basic challenge", async () => {
    const attempts: Array<[Record<string, string>, Record<string, string>]> = [
      [{ grant_type: "client_credentials" }, { authorization: basic(client.client_id, `${client.client_secret}x`) }],
      [{ grant_type: "client_credentials" }, { authorization: basic("nosuchclient00000000000000", client.client_secret) }],
      [{ grant_type: "client_credentials", client_id: client.client_id, client_secret: "wrong" }, {}],
      [{ grant_type: "client_credentials" }, {}],
      [{ grant_type: "client_credentials", client_id: client.client_id }, {}],
      [{ grant_type: "client_credentials" }, { authorization: `Bearer ${client.client_secret}` }],
      [{ grant_type: "client_credentials" }, { authorization: "Basic bm9jb2xvbg==" }],
    ];
    for (const [form, headers] of attempts) {
      const res = await tokenRequest(form, headers);
      expect(res.statusCode, JSON.stringify([form, headers])).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Basic realm="steward"');
      expect(res.json()).toMatchObject({ error: "invalid_client", error_description: expect.any(String) });
    }
  });

  it("answers malformed requests with 400 and RFC 6749's error codes", async () => {
    const auth = { authorization: basic(client.client_id, client.client_secret) };
    const cases: Array<[Record<string, string> | string, Record<string, string>, string]> = [
      [{ grant_type: "password", username: "a", password: "b" }, auth, "unsupported_grant_type"],
      // The hosted sign-in's grant belongs to the web app, a public client: not to an API client.
      [{ grant_type: "authorization_code", code: "x" }, auth, "unauthorized_client"],
      [{}, auth, "invalid_request"],
      ["grant_type=client_credentials&grant_type=client_credentials", auth, "invalid_request"],
      [{ grant_type: "client_credentials", client_secret: client.client_secret }, auth, "invalid_request"],
      [{ grant_type: "client_credentials", scope: "aws.cognito.signin.user.admin" }, auth, "invalid_scope"],
    ];
    for (const [form, headers, error] of cases) {
      const res = await tokenRequest(form, headers);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const json = await s.app().app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/json", ...auth },
      payload: { grant_type: "client_credentials" },
    });
    expect([json.statusCode, json.json().error]).toEqual([400, "invalid_request"]);
  });

  it("limits how often one address may ask", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await tokenRequest({ grant_type: "client_credentials" }, {}, "203.0.113.9")).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Other addresses are not affected.
    expect((await tokenRequest({ grant_type: "client_credentials" }, {}, "203.0.113.10")).statusCode).toBe(401);
  });
});

describe("API-client tokens on /v2", () => {
  it("act with exactly the client's role: a Reviewer on ALL reads but cannot administer", async () => {
    const client = await createClient("Reviewer bot", "ApplicationReviewer", ids.allGroup);
    const bearer = await accessToken(client);
    const me = await asToken(bearer, "GET", "/access/user");
    expect(me.statusCode).toBe(200);
    const { rules, ...profile } = me.json();
    // Its rules: reads every application of its company, administers nothing.
    expect(abilityFromPacked(rules).can("read", asSubject("Application", { id: "00000000-0000-4000-8000-0000000000f1", companyId: ids.company }))).toBe(true);
    expect(abilityFromPacked(rules).can("manage", "User")).toBe(false);
    expect(profile).toEqual({
      id: client.id,
      email: "",
      first_name: "Reviewer bot",
      last_name: "",
      language: "en",
      companyId: ids.company,
      roles: [{ name: "ApplicationReviewer", resource_group: { id: ids.allGroup, name: "All applications", group_type: "ALL" } }],
      application_roles: [],
    });
    expect((await asToken(bearer, "PATCH", "/company", { industry: "Robots" })).statusCode).toBe(403);
    for (const url of ["/access/api-clients", "/access/users", "/access/resource-groups"]) {
      expect((await asToken(bearer, "GET", url)).statusCode, url).toBe(403);
    }
  });

  it("gives an Administrator client the administrator's rights, audited as the client", async () => {
    const client = await createClient("Admin bot", "Administrator", ids.allGroup);
    const bearer = await accessToken(client);
    const res = await asToken(bearer, "PATCH", "/company", { industry: "Robotics" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().industry).toBe("Robotics");
    const made = await asToken(bearer, "POST", "/access/api-clients", { name: "Made by a bot", role_id: ids.role.ApplicationApprover, resource_group_id: ids.customerAiGroup });
    expect(made.statusCode).toBe(201);
    expect(made.json().created_by).toBeNull();
    const [entry] = await audits(made.json().id);
    expect(entry).toMatchObject({ actorType: "api_client", actorId: client.id, actorName: "Admin bot", action: "api_client.created" });
  });

  it("is not a user token: the identity service's user operations refuse it", async () => {
    const bearer = await accessToken(await createClient("Not a person"));
    const res = await protocol(s.app().app, "GetUser", { AccessToken: bearer });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe("NotAuthorizedException");
  });

  it("refuses a well-signed token of a client that does not exist", async () => {
    const forged = await s.app().app.identity.local!.tokens.issueClientCredentials("ghostclient000000000000000", "steward/api");
    const res = await asToken(forged, "GET", "/access/user");
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/does not exist or has been revoked/);
  });

  it("notes use at most once a minute", async () => {
    const client = await createClient("Busy bot");
    const bearer = await accessToken(client);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await s.app().database.db.update(apiClients).set({ lastUsedAt: longAgo }).where(eq(apiClients.id, client.id));
    expect((await asToken(bearer, "GET", "/access/user")).statusCode).toBe(200);
    const first = (await row(client.id)).lastUsedAt!;
    expect(first.getTime()).toBeGreaterThan(longAgo.getTime() + 60_000);
    expect((await asToken(bearer, "GET", "/access/user")).statusCode).toBe(200);
    expect((await row(client.id)).lastUsedAt!.getTime()).toBe(first.getTime());
  });
});
