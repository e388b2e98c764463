import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts";
import { companies, resourceGroupResources, resourceGroups } from "../../server/db/schema";
import { insertApplication } from "../support/applications";
import { loadCurrentUser } from "../../server/plugins/auth";
import { claims, currentUser, signInRaw } from "./identity-support";

/** GET /v2/access/user for the demo sign-ins of design §9. */
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
    expect(Object.keys(body).sort()).toEqual(["application_roles", "companyId", "email", "first_name", "id", "language", "last_name", "roles"]);
    expect(body.application_roles).toEqual([]);
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

  it("gives the server the group's resource ids with each role", async () => {
    const [group] = await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
    const ids = ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000001"];
    for (const id of ids) await insertApplication(t.database.db, group.companyId, `Application ${id.slice(-1)}`, id);
    await t.database.db.insert(resourceGroupResources).values(ids.map((resourceId) => ({ resourceGroupId: group.id, resourceId })));
    const sub = claims((await signInRaw(t.app, "contributor@steward.test", DEMO_PASSWORD)).AccessToken).sub as string;
    const user = await loadCurrentUser(t.database.db, sub);
    expect(user!.sub).toBe(sub);
    expect(user!.roles[0].resource_group).toEqual({ id: group.id, name: "Customer AI", group_type: "SELECTED", resource_ids: [...ids].sort() });
    const admin = await loadCurrentUser(t.database.db, claims((await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken).sub as string);
    expect(admin!.roles[0].resource_group.resource_ids).toEqual([]);
  });

  it("seeds nothing twice", async () => {
    const { seedDemoData } = await import("../../server/db/seed");
    expect(await seedDemoData(t.database.db)).toEqual({ seeded: false });
  });
});
