import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { allLists } from "../support/list-routes";

/** A query parameter is either used or refused by name, never silently ignored. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  applicationId = (await call("admin", "POST", "/applications", { name: "Discussed app" })).json().id;
});
afterAll(async () => {
  await t?.close();
});

describe("unknown query parameters", () => {
  it("every list answers 400 naming the parameter it does not know", async () => {
    const lists = allLists(applicationId);
    for (const list of lists) {
      const res = await call("admin", "GET", `${list}?page=1&serch=x&colour=red`);
      expect(res.statusCode, `${list} ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path).sort(), list).toEqual(["query.colour", "query.serch"]);
    }
  });

  it("the known ones still work", async () => {
    const res = await call("admin", "GET", "/vendors?page=1&page_size=5&sort=-name&q=x");
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("searching the comments", () => {
  it("q finds comments by their text, case-insensitively, with wildcards taken literally", async () => {
    for (const body of ["Needs a DPIA first", "Looks fine to me", "100% ready"]) {
      expect((await call("admin", "POST", `/applications/${applicationId}/comments`, { body })).statusCode).toBe(201);
    }
    const search = async (q: string) =>
      (await call("admin", "GET", `/applications/${applicationId}/comments?q=${encodeURIComponent(q)}`)).json() as { items: Array<{ body: string }>; total: number };
    expect(await search("dpia")).toMatchObject({ total: 1, items: [{ body: "Needs a DPIA first" }] });
    expect(await search("%")).toMatchObject({ total: 1, items: [{ body: "100% ready" }] });
    expect((await search("nothing like this")).total).toBe(0);
    expect((await search("")).total).toBe(3);
  });
});

describe("sorting and searching the application records", () => {
  it("comments come oldest first, and newest first with sort=-created_at", async () => {
    const bodies = async (query: string) =>
      ((await call("admin", "GET", `/applications/${applicationId}/comments${query}`)).json() as { items: Array<{ body: string }> }).items.map((c) => c.body);
    const oldestFirst = await bodies("");
    expect(oldestFirst.length).toBeGreaterThan(1);
    expect(await bodies("?sort=created_at")).toEqual(oldestFirst);
    expect(await bodies("?sort=-created_at")).toEqual([...oldestFirst].reverse());
  });

  it("activity comes newest first, and oldest first with sort=created_at", async () => {
    const ids = async (query: string) =>
      ((await call("admin", "GET", `/applications/${applicationId}/activity${query}`)).json() as { items: Array<{ id: string }> }).items.map((e) => e.id);
    for (const internet_facing of [true, false]) {
      const edit = await call("admin", "PUT", `/applications/${applicationId}`, { details: { internet_facing } });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const newestFirst = await ids("");
    expect(newestFirst.length).toBeGreaterThan(1);
    expect(await ids("?sort=-created_at")).toEqual(newestFirst);
    expect(await ids("?sort=created_at")).toEqual([...newestFirst].reverse());
  });

  it("refuses q where there is nothing to search, naming it", async () => {
    for (const list of ["assessments", "activity"]) {
      const res = await call("admin", "GET", `/applications/${applicationId}/${list}?q=x`);
      expect(res.statusCode, list).toBe(400);
      expect(res.json().errors).toEqual([{ path: "query.q", message: "is not a known parameter" }]);
    }
  });

  it("the caller's application roles are searchable by name and sortable both ways", async () => {
    const names = async (query: string) =>
      ((await call("admin", "GET", `/applications/role-assignments/user${query}`)).json() as { items: Array<{ application_name: string }> }).items.map(
        (a) => a.application_name,
      );
    for (const name of ["Alpha scorer", "Zeta scorer"]) expect((await call("admin", "POST", "/applications", { name })).statusCode).toBe(201);
    expect(await names("?q=discussed")).toEqual(["Discussed app"]);
    expect(await names("?q=SCORER")).toEqual(["Alpha scorer", "Zeta scorer"]);
    const ascending = await names("?sort=name&page_size=100");
    expect(ascending.length).toBeGreaterThan(2);
    expect(await names("?sort=-name&page_size=100")).toEqual([...ascending].reverse());
  });
});
