import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { auditLog, companies, resourceGroups, roleAssignments, roles, users } from "../../server/db/schema";
import { hashPassword } from "../../server/identity/passwords";
import { insertUser } from "../../server/identity/store";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { latestMail, protocol, signInRaw } from "./identity-support";
import { createOtherCompany, OTHER_ADMIN_EMAIL, signInCallers, v2Caller, type Method } from "../support/tenants";

/** Manage Users: /v2/access/users, /access/roles, reset-temporary-password. */
let t: TestApp;
let companyId: string;
let otherCompanyId: string;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
const roleId: Record<string, string> = {};
let allGroupId: string;
let customerAiGroupId: string;
let otherGroupId: string;

const call = v2Caller(() => t.app, token);

const initiate = (username: string, password: string) =>
  protocol(t.app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: companyId }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  for (const r of await db.select().from(roles)) roleId[r.name] = r.id;
  const groups = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, companyId));
  allGroupId = groups.find((g) => g.groupType === "ALL")!.id;
  customerAiGroupId = groups.find((g) => g.name === "Customer AI")!.id;
  for (const u of await db.select().from(users).where(eq(users.companyId, companyId))) ids[u.email] = u.id;

  // A second company with its own Administrator, signed in with the demo password.
  const other = await createOtherCompany(db);
  ({ companyId: otherCompanyId, groupId: otherGroupId } = other);
  ids[OTHER_ADMIN_EMAIL] = other.adminId;

  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("who may call", () => {
  it("answers 401 without a token", async () => {
    expect((await call(null, "GET", "/access/users")).statusCode).toBe(401);
    expect((await call(null, "GET", "/access/roles")).statusCode).toBe(401);
  });

  it.each(["reviewer", "approver", "contributor", "noroles"])("answers 403 to %s on every route", async (who) => {
    const userId = ids["noroles@steward.test"];
    const attempts: Array<[Method, string, unknown?]> = [
      ["GET", "/access/users"],
      ["GET", `/access/users/${userId}`],
      ["PATCH", `/access/users/${userId}`, { first_name: "X" }],
      ["DELETE", `/access/users/${userId}`],
      ["POST", "/access/users", { email: "sneaky@steward.test", first_name: "Sneaky", last_name: "User" }],
      ["POST", "/access/user/reset-temporary-password", { user_id: userId }],
      ["PUT", `/access/users/${userId}/roles/${roleId.Administrator}/resource-groups/${allGroupId}`],
      ["DELETE", `/access/users/${userId}/roles/${roleId.Administrator}`],
      ["GET", "/access/roles"],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(who, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().detail).toBe("Only an Administrator can manage users.");
    }
    const [still] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(still.firstName).toBe("Nora");
    expect(await t.database.db.select().from(users).where(eq(users.email, "sneaky@steward.test"))).toEqual([]);
  });
});

describe("GET /access/roles", () => {
  it("lists the four roles by name", async () => {
    const res = await call("admin", "GET", "/access/roles");
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((r: any) => r.name)).toEqual(["Administrator", "ApplicationApprover", "ApplicationContributor", "ApplicationReviewer"]);
  });
});

describe("GET /access/users", () => {
  it("lists the company's users with roles, by name", async () => {
    const res = await call("admin", "GET", "/access/users");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.items.map((u: any) => u.first_name)).toEqual(["Ada", "April", "Carlos", "Nora", "Rene"]);
    expect(body.items.some((u: any) => u.email === "boss@other.test")).toBe(false);
    const contributor = body.items.find((u: any) => u.email === "contributor@steward.test");
    expect(contributor.roles).toEqual([
      { role_id: roleId.ApplicationContributor, name: "ApplicationContributor", resource_group: { id: customerAiGroupId, name: "Customer AI", group_type: "SELECTED" } },
    ]);
    expect(Object.keys(contributor).sort()).toEqual(["created_at", "email", "first_name", "id", "language", "last_name", "roles", "version"]);
    expect(body.items.find((u: any) => u.email === "noroles@steward.test").roles).toEqual([]);
  });

  it("searches name and e-mail in SQL, case-insensitively, with % and _ literal", async () => {
    const q = async (text: string) => (await call("admin", "GET", `/access/users?q=${encodeURIComponent(text)}`)).json();
    expect((await q("REVIEW")).items.map((u: any) => u.email)).toEqual(["reviewer@steward.test"]);
    expect((await q("ada admin")).items.map((u: any) => u.email)).toEqual(["admin@steward.test"]);
    expect((await q("Contributor")).total).toBe(1);
    expect(await q("%")).toEqual({ items: [], total: 0 });
    expect(await q("_")).toEqual({ items: [], total: 0 });
    expect((await q("steward.test")).total).toBe(5);
  });

  it("sorts and pages", async () => {
    const page = async (qs: string) => (await call("admin", "GET", `/access/users?${qs}`)).json();
    expect((await page("sort=-email")).items.map((u: any) => u.email)).toEqual([
      "reviewer@steward.test",
      "noroles@steward.test",
      "contributor@steward.test",
      "approver@steward.test",
      "admin@steward.test",
    ]);
    const second = await page("sort=email&page=2&page_size=2");
    expect(second.total).toBe(5);
    expect(second.items.map((u: any) => u.email)).toEqual(["contributor@steward.test", "noroles@steward.test"]);
    expect((await page("sort=created_at")).items).toHaveLength(5);
    expect((await call("admin", "GET", "/access/users?sort=password")).statusCode).toBe(400);
    expect((await call("admin", "GET", "/access/users?page_size=1000")).statusCode).toBe(400);
  });
});

describe("one user: GET, PATCH", () => {
  it("reads and changes names and language", async () => {
    const id = ids["noroles@steward.test"];
    expect((await call("admin", "GET", `/access/users/${id}`)).json()).toMatchObject({ id, email: "noroles@steward.test", first_name: "Nora" });
    const res = await call("admin", "PATCH", `/access/users/${id}`, { first_name: "  Nora-Lee ", language: "es" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: "Nora-Lee", last_name: "Noroles", language: "es" });
    expect((await call("admin", "GET", `/access/users/${id}`)).json()).toMatchObject({ first_name: "Nora-Lee", language: "es" });
  });

  it("refuses invalid names and languages, naming the field", async () => {
    const id = ids["noroles@steward.test"];
    for (const [body, path] of [
      [{ last_name: "" }, "last_name"],
      [{ first_name: "Robert'); DROP TABLE users;--" }, "first_name"],
      [{ first_name: "x".repeat(251) }, "first_name"],
      [{ language: "fr" }, "language"],
      [{ email: "new@steward.test" }, ""],
    ] as const) {
      const res = await call("admin", "PATCH", `/access/users/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (path) expect(res.json().errors.map((e: any) => e.path)).toContain(path);
    }
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await call("admin", "GET", "/access/users/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call("admin", "GET", "/access/users/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("POST /access/users", () => {
  it("creates the user, e-mails a temporary password that signs in with NEW_PASSWORD_REQUIRED", async () => {
    const res = await call("admin", "POST", "/access/users", { email: "New.Person@Steward.test", first_name: "New", last_name: "Person", language: "es" });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ email: "new.person@steward.test", first_name: "New", last_name: "Person", language: "es", roles: [] });
    ids["new.person@steward.test"] = created.id;

    const mail = await latestMail(t.app, "new.person@steward.test");
    const temporary = /^([A-Za-z0-9]{20})$/m.exec(mail.text)![1];
    const signIn = await initiate("new.person@steward.test", temporary);
    expect(signIn.status).toBe(200);
    expect(signIn.body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");

    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row.companyId).toBe(companyId);
    expect((await call("admin", "GET", "/access/users?q=new.person")).json().total).toBe(1);
    expect((await call("other", "GET", "/access/users?q=new.person")).json().total).toBe(0);
  });

  it("answers 409 for an e-mail already in use, in any case or company", async () => {
    for (const email of ["new.person@steward.test", "ADMIN@steward.test", "boss@other.test"]) {
      const res = await call("admin", "POST", "/access/users", { email, first_name: "Dup", last_name: "Licate" });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().errors).toEqual([{ path: "email", message: "validation.emailTaken" }]);
    }
  });

  it("answers 400 naming the field for invalid input", async () => {
    for (const [body, path] of [
      [{ email: "not-an-email", first_name: "A", last_name: "B" }, "email"],
      [{ email: "ok@steward.test", first_name: "", last_name: "B" }, "first_name"],
      [{ email: "ok@steward.test", first_name: "A", last_name: "<script>" }, "last_name"],
      [{ email: "ok@steward.test", first_name: "A", last_name: "B", language: "de" }, "language"],
      [{ first_name: "A", last_name: "B" }, "email"],
    ] as const) {
      const res = await call("admin", "POST", "/access/users", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: any) => e.path)).toContain(path);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, "ok@steward.test"))).toEqual([]);
  });
});

describe("POST /access/user/reset-temporary-password", () => {
  it("e-mails a new temporary password, by id or by e-mail", async () => {
    const email = "new.person@steward.test";
    const before = (await latestMail(t.app, email)).text;
    expect((await call("admin", "POST", "/access/user/reset-temporary-password", { user_id: ids[email] })).statusCode).toBe(204);
    const byId = (await latestMail(t.app, email)).text;
    expect(byId).not.toBe(before);
    expect((await call("admin", "POST", "/access/user/reset-temporary-password", { email: "New.Person@steward.test" })).statusCode).toBe(204);
    const temporary = /^([A-Za-z0-9]{20})$/m.exec((await latestMail(t.app, email)).text)![1];
    expect((await initiate(email, temporary)).body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
  });

  it("answers 404 for unknown users and 400 without user_id or email", async () => {
    expect((await call("admin", "POST", "/access/user/reset-temporary-password", { email: "nobody@steward.test" })).statusCode).toBe(404);
    expect((await call("admin", "POST", "/access/user/reset-temporary-password", { user_id: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    const res = await call("admin", "POST", "/access/user/reset-temporary-password", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: any) => e.path)).toContain("user_id");
  });
});

describe("roles of a user", () => {
  it("PUT gives a role on a group, replacing the role's previous group; DELETE takes it away", async () => {
    const id = ids["new.person@steward.test"];
    const put = (groupId: string, role = "ApplicationReviewer") => call("admin", "PUT", `/access/users/${id}/roles/${roleId[role]}/resource-groups/${groupId}`);
    let res = await put(customerAiGroupId);
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([
      { role_id: roleId.ApplicationReviewer, name: "ApplicationReviewer", resource_group: { id: customerAiGroupId, name: "Customer AI", group_type: "SELECTED" } },
    ]);
    expect((await put(customerAiGroupId)).statusCode).toBe(200);
    res = await put(allGroupId);
    expect(res.json().roles.map((r: any) => r.resource_group.id)).toEqual([allGroupId]);
    res = await put(customerAiGroupId, "ApplicationContributor");
    expect(res.json().roles.map((r: any) => r.name)).toEqual(["ApplicationContributor", "ApplicationReviewer"]);

    expect((await call("admin", "DELETE", `/access/users/${id}/roles/${roleId.ApplicationReviewer}`)).statusCode).toBe(204);
    expect((await call("admin", "GET", `/access/users/${id}`)).json().roles.map((r: any) => r.name)).toEqual(["ApplicationContributor"]);
  });

  it("writes every change of roles to the audit log: who, what, before and after", async () => {
    const id = ids["new.person@steward.test"];
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.action));
    // The repeated PUT on the same group changed nothing, so it left no entry.
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["role.granted", null, { role: "ApplicationReviewer", resource_group_id: customerAiGroupId, resource_group: "Customer AI" }],
      ["role.granted", { role: "ApplicationReviewer", resource_group_id: customerAiGroupId }, { role: "ApplicationReviewer", resource_group_id: allGroupId, resource_group: "All applications" }],
      ["role.granted", null, { role: "ApplicationContributor", resource_group_id: customerAiGroupId, resource_group: "Customer AI" }],
      ["role.revoked", { role: "ApplicationReviewer", resource_group_id: allGroupId }, null],
    ]);
    expect(new Set(entries.map((e) => `${e.actorType}:${e.actorId}:${e.actorName}:${e.companyId}`))).toEqual(
      new Set([`user:${ids["admin@steward.test"]}:Ada Admin:${companyId}`]),
    );
  });

  it("answers 404 for an unknown role, an unknown group, or another company's group", async () => {
    const id = ids["new.person@steward.test"];
    const unknown = "00000000-0000-4000-8000-000000000000";
    let res = await call("admin", "PUT", `/access/users/${id}/roles/${unknown}/resource-groups/${allGroupId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Role not found.");
    res = await call("admin", "PUT", `/access/users/${id}/roles/${roleId.ApplicationReviewer}/resource-groups/${unknown}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Resource group not found.");
    res = await call("admin", "PUT", `/access/users/${id}/roles/${roleId.ApplicationReviewer}/resource-groups/${otherGroupId}`);
    expect(res.statusCode).toBe(404);
    expect((await call("admin", "DELETE", `/access/users/${id}/roles/${unknown}`)).statusCode).toBe(404);
  });
});

describe("another company's Administrator", () => {
  it("sees only the own company and gets 404 for Demo Co's users, changing nothing", async () => {
    const list = (await call("other", "GET", "/access/users")).json();
    expect(list).toMatchObject({ total: 1, items: [{ email: "boss@other.test" }] });
    expect((await call("other", "GET", "/access/users?q=steward")).json()).toEqual({ items: [], total: 0 });

    const victim = ids["reviewer@steward.test"];
    const attempts: Array<[Method, string, unknown?]> = [
      ["GET", `/access/users/${victim}`],
      ["PATCH", `/access/users/${victim}`, { first_name: "Hacked" }],
      ["DELETE", `/access/users/${victim}`],
      ["POST", "/access/user/reset-temporary-password", { user_id: victim }],
      ["POST", "/access/user/reset-temporary-password", { email: "reviewer@steward.test" }],
      ["PUT", `/access/users/${victim}/roles/${roleId.Administrator}/resource-groups/${otherGroupId}`],
      ["PUT", `/access/users/${ids["boss@other.test"]}/roles/${roleId.Administrator}/resource-groups/${allGroupId}`],
      ["DELETE", `/access/users/${victim}/roles/${roleId.ApplicationReviewer}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call("other", method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [reviewer] = await t.database.db.select().from(users).where(eq(users.id, victim));
    expect(reviewer.firstName).toBe("Rene");
    const grants = await t.database.db.select().from(roleAssignments).where(eq(roleAssignments.userId, victim));
    expect(grants.map((g) => g.roleId)).toEqual([roleId.ApplicationReviewer]);
    expect(await t.database.db.select().from(roleAssignments).where(eq(roleAssignments.resourceGroupId, allGroupId))).not.toContainEqual(
      expect.objectContaining({ userId: ids["boss@other.test"] }),
    );
    // …and the other way round.
    expect((await call("admin", "GET", `/access/users/${ids["boss@other.test"]}`)).statusCode).toBe(404);
  });
});

describe("Administrators protect themselves", () => {
  it("an Administrator cannot delete the own user", async () => {
    const res = await call("admin", "DELETE", `/access/users/${ids["admin@steward.test"]}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/own user/);
  });

  it("the last Administrator of a company cannot be demoted; with a second one, one can", async () => {
    let res = await call("other", "DELETE", `/access/users/${ids["boss@other.test"]}/roles/${roleId.Administrator}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/last Administrator/);
    res = await call("admin", "DELETE", `/access/users/${ids["admin@steward.test"]}/roles/${roleId.Administrator}`);
    expect(res.statusCode).toBe(409);

    // A second Demo Co administrator (named by the contains rule) makes demotion possible.
    const [senior] = await t.database.db.insert(roles).values({ name: "SeniorAdministrator" }).returning();
    const second = ids["new.person@steward.test"];
    expect((await call("admin", "PUT", `/access/users/${second}/roles/${senior.id}/resource-groups/${allGroupId}`)).statusCode).toBe(200);
    expect((await call("admin", "DELETE", `/access/users/${second}/roles/${senior.id}`)).statusCode).toBe(204);
    // Back to one: the first may not go.
    expect((await call("admin", "DELETE", `/access/users/${ids["admin@steward.test"]}/roles/${roleId.Administrator}`)).statusCode).toBe(409);
    const still = await t.database.db
      .select()
      .from(roleAssignments)
      .where(and(eq(roleAssignments.userId, ids["admin@steward.test"]), eq(roleAssignments.roleId, roleId.Administrator)));
    expect(still).toHaveLength(1);

    // Holding two Administrator-type roles, the last Administrator may drop one of them, not both.
    const admin = ids["admin@steward.test"];
    expect((await call("admin", "PUT", `/access/users/${admin}/roles/${senior.id}/resource-groups/${allGroupId}`)).statusCode).toBe(200);
    expect((await call("admin", "DELETE", `/access/users/${admin}/roles/${roleId.Administrator}`)).statusCode).toBe(204);
    expect((await call("admin", "DELETE", `/access/users/${admin}/roles/${senior.id}`)).statusCode).toBe(409);
    expect((await call("admin", "PUT", `/access/users/${admin}/roles/${roleId.Administrator}/resource-groups/${allGroupId}`)).statusCode).toBe(200);
    expect((await call("admin", "DELETE", `/access/users/${admin}/roles/${senior.id}`)).statusCode).toBe(204);
  });

  it("two Administrators demoting each other at once leave one Administrator", async () => {
    const db = t.database.db;
    const identity = await insertUser(db, { email: "deputy@other.test", passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
    const [deputy] = await db
      .insert(users)
      .values({ companyId: otherCompanyId, sub: identity.sub, email: "deputy@other.test", firstName: "Dora", lastName: "Deputy" })
      .returning();
    await db.insert(roleAssignments).values({ companyId: otherCompanyId, userId: deputy.id, roleId: roleId.Administrator, resourceGroupId: otherGroupId });
    token.deputy = (await signInRaw(t.app, "deputy@other.test", DEMO_PASSWORD)).AccessToken;

    const results = await Promise.all([
      call("other", "DELETE", `/access/users/${deputy.id}/roles/${roleId.Administrator}`),
      call("deputy", "DELETE", `/access/users/${ids["boss@other.test"]}/roles/${roleId.Administrator}`),
    ]);
    // The loser is refused either by the rule (409) or, when the winner committed before its ability was built, as a non-admin (403).
    const [first, second] = results.map((r) => r.statusCode).sort();
    expect(first).toBe(204);
    expect([403, 409]).toContain(second);
    const admins = await db
      .select()
      .from(roleAssignments)
      .where(and(eq(roleAssignments.companyId, otherCompanyId), eq(roleAssignments.roleId, roleId.Administrator)));
    expect(admins).toHaveLength(1);
  });
});

describe("DELETE /access/users/{user_id}", () => {
  it("deletes the user, their roles and their sign-in", async () => {
    const email = "contributor@steward.test";
    const id = ids[email];
    const res = await call("admin", "DELETE", `/access/users/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await call("admin", "GET", `/access/users/${id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(roleAssignments).where(eq(roleAssignments.userId, id))).toEqual([]);
    const signIn = await initiate(email, DEMO_PASSWORD);
    expect(signIn.status).toBe(400);
    expect((await call("admin", "DELETE", `/access/users/${id}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", "/access/users")).json().total).toBe(5);
  });
});
