import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { companies, resourceGroupResources, resourceGroups, roles } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller, type Method } from "../support/tenants";
import { insertApplication } from "../support/applications";

/** Manage Resource Groups: /v2/access/resource-groups. */
let t: TestApp;
let companyId: string;
let otherCompanyId: string;
const token: Record<string, string> = {};
let allGroupId: string;
let customerAiGroupId: string;
let otherGroupId: string;

const APP_A = "11111111-1111-4111-8111-111111111111";
const APP_B = "22222222-2222-4222-8222-222222222222";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const THEIR_APP = "33333333-3333-4333-8333-333333333333";

const call = v2Caller(() => t.app, token);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: companyId }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const roleId: Record<string, string> = {};
  for (const r of await db.select().from(roles)) roleId[r.name] = r.id;
  const groups = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, companyId));
  allGroupId = groups.find((g) => g.groupType === "ALL")!.id;
  customerAiGroupId = groups.find((g) => g.name === "Customer AI")!.id;

  // A second company with its own Administrator, signed in with the demo password.
  ({ companyId: otherCompanyId, groupId: otherGroupId } = await createOtherCompany(db, { group: { name: "Other picks", groupType: "SELECTED" } }));
  await insertApplication(db, companyId, "Application A", APP_A);
  await insertApplication(db, companyId, "Application B", APP_B);
  await insertApplication(db, otherCompanyId, "Their application", THEIR_APP);

  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

const groupRow = async (id: string) => (await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.id, id)))[0];
const linkedIds = async (id: string) =>
  (await t.database.db.select().from(resourceGroupResources).where(eq(resourceGroupResources.resourceGroupId, id))).map((r) => r.resourceId).sort();

describe("who may call", () => {
  it("answers 401 without a token", async () => {
    expect((await call(null, "GET", "/access/resource-groups")).statusCode).toBe(401);
  });

  it.each(["reviewer", "approver", "contributor", "noroles"])("answers 403 to %s on every route", async (who) => {
    const attempts: Array<[Method, string, unknown?]> = [
      ["GET", "/access/resource-groups"],
      ["POST", "/access/resource-groups", { name: "Sneaky", group_type: "ALL" }],
      ["PATCH", `/access/resource-groups/${customerAiGroupId}`, { name: "Hijacked" }],
      ["DELETE", `/access/resource-groups/${customerAiGroupId}`],
      ["PUT", `/access/resource-groups/${customerAiGroupId}/resources/${APP_A}`],
      ["DELETE", `/access/resource-groups/${customerAiGroupId}/resources/${APP_A}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(who, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().detail).toBe("Only an Administrator can manage resource groups.");
    }
    expect((await groupRow(customerAiGroupId)).name).toBe("Customer AI");
    expect(await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "Sneaky"))).toEqual([]);
    expect(await linkedIds(customerAiGroupId)).not.toContain(APP_A);
  });
});

describe("GET /access/resource-groups", () => {
  it("lists the company's groups by name, with their applications", async () => {
    const res = await call("admin", "GET", "/access/resource-groups");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((g: any) => g.name)).toEqual(["All applications", "Customer AI"]);
    const all = body.items[0];
    expect(Object.keys(all).sort()).toEqual(["created_at", "group_type", "id", "name", "resource_ids", "version"]);
    expect(all).toMatchObject({ id: allGroupId, group_type: "ALL", resource_ids: [] });
    expect(body.items[1]).toMatchObject({ id: customerAiGroupId, group_type: "SELECTED" });
    expect(body.items.some((g: any) => g.id === otherGroupId)).toBe(false);
  });

  it("searches, sorts and pages", async () => {
    const list = async (qs: string) => (await call("admin", "GET", `/access/resource-groups?${qs}`)).json();
    expect((await list("q=customer")).items.map((g: any) => g.id)).toEqual([customerAiGroupId]);
    expect(await list("q=%25")).toEqual({ items: [], total: 0 });
    expect((await list("sort=-name")).items.map((g: any) => g.name)).toEqual(["Customer AI", "All applications"]);
    const second = await list("sort=name&page=2&page_size=1");
    expect(second).toMatchObject({ total: 2 });
    expect(second.items.map((g: any) => g.name)).toEqual(["Customer AI"]);
    expect((await list("sort=-created_at")).items).toHaveLength(2);
    expect((await call("admin", "GET", "/access/resource-groups?sort=group_type")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/access/resource-groups?page_size=1000")).statusCode).toBe(400);
  });
});

describe("create, change and delete", () => {
  it("creates, renames, retypes and deletes a group", async () => {
    const created = await call("admin", "POST", "/access/resource-groups", { name: "  Finance Apps ", group_type: "SELECTED" });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: "Finance Apps", group_type: "SELECTED", resource_ids: [] });
    expect((await groupRow(group.id)).companyId).toBe(companyId);

    const renamed = await call("admin", "PATCH", `/access/resource-groups/${group.id}`, { name: "Finance" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: group.id, name: "Finance", group_type: "SELECTED" });

    expect((await call("admin", "PUT", `/access/resource-groups/${group.id}/resources/${APP_A}`)).statusCode).toBe(200);
    const retyped = await call("admin", "PATCH", `/access/resource-groups/${group.id}`, { group_type: "ALL" });
    expect(retyped.statusCode).toBe(200);
    expect(retyped.json()).toMatchObject({ name: "Finance", group_type: "ALL", resource_ids: [] });
    expect(await linkedIds(group.id)).toEqual([]);

    expect((await call("admin", "PATCH", `/access/resource-groups/${group.id}`, {})).json()).toMatchObject({ name: "Finance" });

    const deleted = await call("admin", "DELETE", `/access/resource-groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await groupRow(group.id)).toBeUndefined();
    expect((await call("admin", "DELETE", `/access/resource-groups/${group.id}`)).statusCode).toBe(404);
  });

  it("answers 409 naming name for a duplicate, in any case, on create and rename", async () => {
    for (const name of ["Customer AI", "customer ai"]) {
      const res = await call("admin", "POST", "/access/resource-groups", { name, group_type: "ALL" });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([{ path: "name", message: "validation.nameTaken" }]);
    }
    const res = await call("admin", "PATCH", `/access/resource-groups/${allGroupId}`, { name: "Customer AI" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.map((e: any) => e.path)).toEqual(["name"]);
    // Renaming a group to its own name is no conflict; another company's names do not count.
    expect((await call("admin", "PATCH", `/access/resource-groups/${customerAiGroupId}`, { name: "Customer AI" })).statusCode).toBe(200);
    const elsewhere = await call("other", "POST", "/access/resource-groups", { name: "Customer AI", group_type: "SELECTED" });
    expect(elsewhere.statusCode).toBe(201);
    expect((await groupRow(elsewhere.json().id)).companyId).toBe(otherCompanyId);
  });

  it("answers 400 naming the field for invalid input", async () => {
    const cases: Array<[Method, string, unknown, string]> = [
      ["POST", "/access/resource-groups", { group_type: "ALL" }, "name"],
      ["POST", "/access/resource-groups", { name: "   ", group_type: "ALL" }, "name"],
      ["POST", "/access/resource-groups", { name: "Bad <name>", group_type: "ALL" }, "name"],
      ["POST", "/access/resource-groups", { name: "x".repeat(251), group_type: "ALL" }, "name"],
      ["POST", "/access/resource-groups", { name: "Fine" }, "group_type"],
      ["POST", "/access/resource-groups", { name: "Fine", group_type: "SOME" }, "group_type"],
      ["PATCH", `/access/resource-groups/${customerAiGroupId}`, { name: "" }, "name"],
      ["PATCH", `/access/resource-groups/${customerAiGroupId}`, { group_type: "all" }, "group_type"],
    ];
    for (const [method, url, body, path] of cases) {
      const res = await call("admin", method, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: any) => e.path)).toContain(path);
    }
    expect((await call("admin", "PATCH", "/access/resource-groups/not-a-uuid", { name: "X" })).statusCode).toBe(400);
    expect((await call("admin", "PUT", `/access/resource-groups/${customerAiGroupId}/resources/not-a-uuid`)).statusCode).toBe(400);
    expect((await groupRow(customerAiGroupId)).name).toBe("Customer AI");
  });

  it("answers 409 while role assignments use the group", async () => {
    const res = await call("admin", "DELETE", `/access/resource-groups/${customerAiGroupId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/role assignments/);
    expect(await groupRow(customerAiGroupId)).toBeDefined();
  });
});

describe("applications of a group", () => {
  it("adds and removes applications idempotently", async () => {
    const url = (id: string) => `/access/resource-groups/${customerAiGroupId}/resources/${id}`;
    const before = await linkedIds(customerAiGroupId);
    for (let i = 0; i < 2; i++) {
      const res = await call("admin", "PUT", url(APP_A));
      expect(res.statusCode).toBe(200);
      expect(res.json().resource_ids).toContain(APP_A);
    }
    await call("admin", "PUT", url(APP_B));
    expect(await linkedIds(customerAiGroupId)).toEqual([...new Set([...before, APP_A, APP_B])].sort());
    const listed = (await call("admin", "GET", "/access/resource-groups?q=customer")).json().items[0];
    expect(listed.resource_ids).toEqual(expect.arrayContaining([APP_A, APP_B]));
    for (let i = 0; i < 2; i++) expect((await call("admin", "DELETE", url(APP_A))).statusCode).toBe(204);
    expect(await linkedIds(customerAiGroupId)).not.toContain(APP_A);
    expect(await linkedIds(customerAiGroupId)).toContain(APP_B);
    await call("admin", "DELETE", url(APP_B));
    expect(await linkedIds(customerAiGroupId)).toEqual(before);
  });

  it("answers 404 for an application that does not exist or belongs to another company", async () => {
    for (const id of [UNKNOWN, THEIR_APP]) {
      const res = await call("admin", "PUT", `/access/resource-groups/${customerAiGroupId}/resources/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe("Application not found.");
    }
    expect(await linkedIds(customerAiGroupId)).not.toContain(THEIR_APP);
  });

  it("answers 409 for a group of type ALL", async () => {
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await call("admin", method, `/access/resource-groups/${allGroupId}/resources/${APP_A}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe("A group of type ALL covers every application; only SELECTED groups list applications.");
    }
    expect(await linkedIds(allGroupId)).toEqual([]);
  });
});

describe("another company", () => {
  it("answers 404 for unknown ids", async () => {
    expect((await call("admin", "PATCH", `/access/resource-groups/${UNKNOWN}`, { name: "X" })).statusCode).toBe(404);
    expect((await call("admin", "DELETE", `/access/resource-groups/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call("admin", "PUT", `/access/resource-groups/${UNKNOWN}/resources/${APP_A}`)).statusCode).toBe(404);
  });

  it("answers 404 and touches no rows for another company's Administrator", async () => {
    const list = (await call("other", "GET", "/access/resource-groups")).json();
    expect(list.items.some((g: any) => g.id === customerAiGroupId || g.id === allGroupId)).toBe(false);
    expect((await call("other", "GET", "/access/resource-groups?q=All applications")).json()).toEqual({ items: [], total: 0 });
    const attempts: Array<[Method, string, unknown?]> = [
      ["PATCH", `/access/resource-groups/${customerAiGroupId}`, { name: "Hijacked" }],
      ["DELETE", `/access/resource-groups/${allGroupId}`],
      ["PUT", `/access/resource-groups/${customerAiGroupId}/resources/${APP_A}`],
      ["DELETE", `/access/resource-groups/${customerAiGroupId}/resources/${APP_A}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call("other", method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
    expect((await groupRow(customerAiGroupId)).name).toBe("Customer AI");
    expect(await groupRow(allGroupId)).toBeDefined();
    expect(await linkedIds(customerAiGroupId)).not.toContain(APP_A);
  });
});
