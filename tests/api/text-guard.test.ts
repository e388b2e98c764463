import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { createTestApp, type TestApp } from "../support/test-app";
import { applicationComments, applications, resourceGroups, users, vendors } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { protocol } from "./identity-support";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { searchableLists } from "../support/list-routes";

/** Text PostgreSQL cannot store (U+0000) is refused as a 400 naming the field, wherever it comes from. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let applicationId: string;

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): { errors?: Array<{ path: string }> } };
function expectRefused(res: Answer, path: string) {
  expect(res.statusCode).toBe(400);
  expect(String(res.headers["content-type"])).toContain("application/problem+json");
  expect(res.json().errors?.map((e) => e.path)).toEqual([path]);
}
const rows = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  applicationId = (await call("admin", "POST", "/applications", { name: "Guarded app", description: "plain" })).json().id;
});
afterAll(async () => {
  await t?.close();
});

describe("NUL in query strings and path parameters", () => {
  const lists = () => searchableLists(applicationId);

  it("every list's search answers 400 naming query.q", async () => {
    for (const list of lists()) {
      const res = await call("admin", "GET", `${list}?q=a%00b`);
      expect(res.statusCode, list + res.body).toBe(400);
      expectRefused(res, "query.q");
    }
  });

  it("a path parameter with NUL answers 400 naming it", async () => {
    expectRefused(await call("admin", "GET", "/vendors/abc%00"), "params.id");
  });

  it("other control characters are searchable text, not errors", async () => {
    const res = await call("admin", "GET", "/vendors?q=a%01%1Fb");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe("NUL in bodies: refused, nothing stored", () => {
  it("applications, top-level and nested answers", async () => {
    const before = await rows(applications);
    expectRefused(await call("admin", "POST", "/applications", { name: "Nul\u0000App" }), "name");
    expectRefused(await call("admin", "POST", "/applications", { name: "Fine app", details: { purpose: "to\u0000do" } }), "details.purpose");
    expect(await rows(applications)).toBe(before);
    expectRefused(await call("admin", "PUT", `/applications/${applicationId}`, { description: "x\u0000" }), "description");
    expect((await call("admin", "GET", `/applications/${applicationId}`)).json().description ?? "").not.toContain("\u0000");
  });

  it("vendors, users, comments and resource groups", async () => {
    const counts = async () => Promise.all([vendors, users, applicationComments, resourceGroups].map(rows));
    const before = await counts();
    expectRefused(await call("admin", "POST", "/vendors", { name: "Nul\u0000Vendor" }), "name");
    expectRefused(await call("admin", "POST", "/access/users", { email: "nul@steward.test", first_name: "N\u0000", last_name: "L" }), "first_name");
    expectRefused(await call("admin", "POST", `/applications/${applicationId}/comments`, { body: "hello\u0000" }), "body");
    expectRefused(await call("admin", "POST", "/access/resource-groups", { name: "G\u0000", group_type: "ALL" }), "name");
    expect(await counts()).toEqual(before);
  });

  it("a key holding NUL is named too", async () => {
    expectRefused(await call("admin", "POST", "/vendors", { name: "Keyed", details: { "a\u0000": true } }), "details.a\\u0000");
  });
});

describe("NUL on the identity service's own protocols", () => {
  it("sign-in answers 400 naming the parameter, as the identity protocol does", async () => {
    const res = await protocol(t.app, "InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: "admin@steward.test\u0000", PASSWORD: "x" },
    });
    // In the identity protocol's own error format, which the sign-in client reads.
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ __type: "InvalidParameterException", message: expect.stringContaining("AuthParameters.USERNAME") });
  });

  it("the token endpoint's form body answers 400 naming the parameter", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=client_credentials&client_id=a%00b&client_secret=s",
    });
    // In OAuth's error format (RFC 6749), which token clients read.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("client_id") });
  });
});
