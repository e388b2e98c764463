import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts";
import { companies, resourceGroupResources, resourceGroups, roles } from "../../server/db/schema";
import { CALLERS, v2Caller } from "../support/tenants";
import { insertApplication } from "../support/applications";
import { loadCurrentUser } from "../../server/plugins/auth";
import { abilityFromPacked, asSubject } from "../../domain/access/abilities";
import { claims, currentUser, signInRaw } from "./identity-support";

/** GET /v2/access/user for the demo sign-ins. */
let t: TestApp;
let companyId: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: companyId }] = await t.database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
});
afterAll(async () => {
  await t.close();
});

const EXPECTED: Record<string, Array<{ name: string; group: string; type: "ALL" | "SELECTED" }>> = {
  "admin@steward.test": [{ name: "Administrator", group: "All applications", type: "ALL" }],
  "reviewer@steward.test": [{ name: "ApplicationReviewer", group: "All applications", type: "ALL" }],
  "approver@steward.test": [{ name: "ApplicationApprover", group: "All applications", type: "ALL" }],
  "contributor@steward.test": [{ name: "ApplicationContributor", group: "Customer AI", type: "SELECTED" }],
  "noroles@steward.test": [],
};

describe("GET /v2/access/user", () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))("answers %s with profile, company and roles", async (email, account) => {
    const res = await currentUser(t.app, (await signInRaw(t.app, email, DEMO_PASSWORD)).AccessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["analytics_opt_out", "application_roles", "companyId", "email", "first_name", "id", "language", "last_name", "roles", "rules"]);
    expect(body.application_roles).toEqual([]);
    // Nobody has opted out of product analytics until they say so.
    expect(body.analytics_opt_out).toBe(false);
    expect(body).toMatchObject({ email, first_name: account.firstName, last_name: account.lastName, language: "en", companyId });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.roles.map((r: any) => ({ name: r.name, group: r.resource_group.name, type: r.resource_group.group_type }))).toEqual(EXPECTED[email]);
    for (const role of body.roles) expect(Object.keys(role.resource_group).sort()).toEqual(["group_type", "id", "name"]);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/access/user" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Bearer realm="steward"');
  });

  it("gives the server each role's group, never its applications; the browser decides per record with the groups the API returns", async () => {
    const [group] = await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
    const ids = ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000001"];
    for (const id of ids) await insertApplication(t.database.db, group.companyId, `Application ${id.slice(-1)}`, id);
    await t.database.db.insert(resourceGroupResources).values(ids.map((resourceId) => ({ resourceGroupId: group.id, resourceId })));
    const outside = "00000000-0000-4000-8000-000000000009";
    await insertApplication(t.database.db, group.companyId, "Application 9", outside);
    const sub = claims((await signInRaw(t.app, "contributor@steward.test", DEMO_PASSWORD)).AccessToken).sub as string;
    const user = await loadCurrentUser(t.database.db, sub);
    expect(user!.sub).toBe(sub);
    expect(user!.roles[0].resource_group).toEqual({ id: group.id, name: "Customer AI", group_type: "SELECTED" });
    const admin = await loadCurrentUser(t.database.db, claims((await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken).sub as string);
    expect(Object.keys(admin!.roles[0].resource_group).sort()).toEqual(["group_type", "id", "name"]);

    // The packed rules name the group; the records carry the groups they belong to, and the browser decides with both.
    const token = (await signInRaw(t.app, "contributor@steward.test", DEMO_PASSWORD)).AccessToken;
    const body = (await currentUser(t.app, token)).json();
    expect(JSON.stringify(body.rules)).toContain(group.id);
    for (const id of ids) expect(JSON.stringify(body.rules)).not.toContain(id);
    const ability = abilityFromPacked(body.rules);
    const read = await t.app.inject({ method: "GET", url: `/v2/applications/${ids[0]}`, headers: { authorization: `Bearer ${token}` } });
    expect(read.statusCode).toBe(200);
    expect(read.json().resource_group_ids).toEqual([group.id]);
    const application = (record: { id: string; resource_group_ids: string[] }) => asSubject("Application", { ...record, companyId: group.companyId });
    expect(ability.can("update", application(read.json()))).toBe(true);
    expect(ability.can("update", application({ id: outside, resource_group_ids: [] }))).toBe(false);
    expect(ability.can("update", asSubject("Application", { ...read.json(), companyId: "00000000-0000-4000-8000-00000000000c" }))).toBe(false);
    expect(ability.can("manage", "User")).toBe(false);
  });

  it("seeds nothing twice", async () => {
    const { seedDemoData } = await import("../../server/db/seed");
    expect(await seedDemoData(t.database.db)).toEqual({ seeded: false });
  });
});

describe("PATCH /v2/access/user", () => {
  const tokens: Record<string, string> = {};
  const call = v2Caller(() => t.app, tokens);
  beforeAll(async () => {
    for (const who of ["admin", "contributor", "reviewer", "noroles"] as const) {
      tokens[who] = (await signInRaw(t.app, CALLERS[who], DEMO_PASSWORD)).AccessToken;
    }
  });

  it("changes the caller's own names and language, and GET shows them", async () => {
    const res = await call("noroles", "PATCH", "/access/user", { first_name: "  Núria ", last_name: "O-Brien_2", language: "es" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: CALLERS.noroles, first_name: "Núria", last_name: "O-Brien_2", language: "es", roles: [] });
    const again = await call("noroles", "GET", "/access/user");
    expect(again.json()).toMatchObject({ first_name: "Núria", last_name: "O-Brien_2", language: "es" });
  });

  it("changes only what is sent and only the caller's own row", async () => {
    const before = (await call("admin", "GET", "/access/user")).json();
    const res = await call("reviewer", "PATCH", "/access/user", { language: "es" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: CALLERS.reviewer, language: "es", roles: [{ name: "ApplicationReviewer" }] });
    const reviewer = (await call("reviewer", "GET", "/access/user")).json();
    expect(reviewer.first_name).toBe(res.json().first_name);
    expect((await call("admin", "GET", "/access/user")).json()).toEqual(before);
  });

  it("keeps the caller's analytics choice, theirs alone, until they change it back", async () => {
    const res = await call("contributor", "PATCH", "/access/user", { analytics_opt_out: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: CALLERS.contributor, analytics_opt_out: true });
    expect((await call("contributor", "GET", "/access/user")).json().analytics_opt_out).toBe(true);
    // A name change leaves the choice as it was; another person's stays theirs.
    expect((await call("contributor", "PATCH", "/access/user", { first_name: "Casey" })).json().analytics_opt_out).toBe(true);
    expect((await call("admin", "GET", "/access/user")).json().analytics_opt_out).toBe(false);
    const back = await call("contributor", "PATCH", "/access/user", { analytics_opt_out: false });
    expect(back.json().analytics_opt_out).toBe(false);
  });

  it.each([
    [{ analytics_opt_out: "yes" }, "analytics_opt_out", undefined],
    [{ first_name: "" }, "first_name", "validation.required"],
    [{ last_name: "Smith!" }, "last_name", "validation.namePattern"],
    [{ first_name: "x".repeat(251) }, "first_name", "validation.tooLong"],
    [{ language: "fr" }, "language", undefined],
  ])("refuses %j with a 400 naming the field", async (body, path, message) => {
    const res = await call("contributor", "PATCH", "/access/user", body);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Array<{ path: string; message: string }>;
    expect(errors.map((e) => e.path)).toContain(path);
    if (message) expect(errors.find((e) => e.path === path)!.message).toBe(message);
  });

  it("refuses fields that are not the caller's to change (e-mail, another user's id)", async () => {
    const res = await call("contributor", "PATCH", "/access/user", { email: "someone@else.test" });
    expect(res.statusCode).toBe(400);
    const other = await call("contributor", "PATCH", "/access/user", { id: "00000000-0000-4000-8000-000000000009", first_name: "Mallory" });
    expect(other.statusCode).toBe(400);
    expect((await call("contributor", "GET", "/access/user")).json().email).toBe(CALLERS.contributor);
  });

  it("answers 401 without a token and 403 to an API client", async () => {
    expect((await call(null, "PATCH", "/access/user", { language: "en" })).statusCode).toBe(401);
    const db = t.database.db;
    const [role] = await db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
    const [group] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.groupType, "ALL")));
    const created = await call("admin", "POST", "/access/api-clients", { name: "Profile bot", role_id: role.id, resource_group_id: group.id });
    expect(created.statusCode, created.body).toBe(201);
    const { client_id, client_secret } = created.json();
    const grant = await t.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString("base64")}` },
      payload: "grant_type=client_credentials",
    });
    tokens.client = grant.json().access_token;
    const res = await call("client", "PATCH", "/access/user", { first_name: "Renamed" });
    expect(res.statusCode).toBe(403);
  });
});
