import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { companies, resourceGroups, roles, users } from "../../server/db/schema";
import { CALLERS, v2Caller } from "../support/tenants";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { signInRaw } from "./identity-support";
import { insertApplication } from "../support/applications";
import { queryRows } from "../../server/db/client";

/**
 * A Contributor whose SELECTED group holds 5,000 applications: their reach is the group, resolved in SQL on every
 * request, so it reads, changes and is refused exactly as with a small group, their identity stays small, and an
 * application taken out of the group is out of reach at the next request.
 */
const BULK = 5000;
let t: TestApp;
const tokens: Record<string, string> = {};
let call: ReturnType<typeof v2Caller>;
let groupId: string;
let inGroup: string;
let outside: string;
let reachable: number;
/** The incident the contributor records on `inGroup`. */
let incidentId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ["admin", "contributor"] as const) tokens[who] = (await signInRaw(t.app, CALLERS[who], DEMO_PASSWORD)).AccessToken;
  call = v2Caller(() => t.app, tokens);
  const db = t.database.db;
  const [{ id: companyId }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  [{ id: groupId }] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.name, "Customer AI")));
  // One template row copied 5,000 times by one INSERT … SELECT, and linked to the group by another.
  const template = await insertApplication(db, companyId, "Bulk template");
  const columns = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
         where table_name = 'applications' and is_generated = 'NEVER' and column_name not in ('id', 'name')`,
  );
  const list = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  await db.execute(sql`insert into applications (${list}, name)
    select ${list}, 'Bulk ' || lpad(g::text, 5, '0') from applications, generate_series(1, ${BULK}) g where id = ${template}`);
  await db.execute(sql`insert into resource_group_resources (resource_group_id, resource_id)
    select ${groupId}, id from applications where company_id = ${companyId} and name like 'Bulk %' and id <> ${template}`);
  [{ id: inGroup }] = await queryRows<{ id: string }>(db, sql`select id from applications where name = 'Bulk 02500'`);
  outside = template;
  [{ n: reachable }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from resource_group_resources where resource_group_id = ${groupId}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a Contributor whose SELECTED group holds 5,000 applications", () => {
  it("is given a small identity: the rules name the group, not its applications", async () => {
    const res = await call("contributor", "GET", "/access/user");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(groupId);
    expect(res.body).not.toContain(inGroup);
    // 5,000 ids would be ~190 KB; the whole identity, rules included, stays a few KB.
    expect(Buffer.byteLength(res.body)).toBeLessThan(4_000);
  });

  it("lists exactly the group's applications, with the group on each row", async () => {
    expect(reachable).toBeGreaterThanOrEqual(BULK);
    const res = await call("contributor", "GET", "/applications?q=Bulk&page_size=10");
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(10);
    for (const item of res.json().items) expect(item.resource_group_ids).toEqual([groupId]);
    // Counted exactly below a thousand rows: a hundred of the group match, the template outside it is the Administrator's only.
    expect((await call("contributor", "GET", "/applications?q=Bulk%20024&page_size=1")).json()).toMatchObject({ total: 100 });
    expect((await call("contributor", "GET", "/applications?q=Bulk%20template")).json().total).toBe(0);
    expect((await call("admin", "GET", "/applications?q=Bulk%20template")).json().total).toBe(1);
    const all = (await call("contributor", "GET", "/applications?page_size=1")).json();
    expect(all.total).toBeGreaterThanOrEqual(1000);
  });

  it("reads and updates an application of the group, and is refused the rest exactly as before", async () => {
    const read = await call("contributor", "GET", `/applications/${inGroup}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().resource_group_ids).toEqual([groupId]);
    const edit = await call("contributor", "PUT", `/applications/${inGroup}`, { description: "Checked by a scoped contributor" });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().description).toBe("Checked by a scoped contributor");
    // Out of the group: it does not exist for them, to read or to change.
    expect((await call("contributor", "GET", `/applications/${outside}`)).statusCode).toBe(404);
    expect((await call("contributor", "PUT", `/applications/${outside}`, { description: "No" })).statusCode).toBe(404);
    // In the group but beyond the role: managing who has access is refused.
    const [{ id: reviewerRole }] = await t.database.db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
    const [{ id: someone }] = await t.database.db.select().from(users).where(eq(users.email, "reviewer@steward.test"));
    const grant = { user_id: someone, role_id: reviewerRole };
    expect((await call("contributor", "PUT", `/applications/${inGroup}/role-assignments`, grant)).statusCode).toBe(403);
    expect((await call("contributor", "PUT", `/applications/${outside}/role-assignments`, grant)).statusCode).toBe(404);
    // Incidents follow their application's groups.
    const incident = { title: "Scoped", severity: "low", detected_at: "2026-03-01T09:30:00Z" };
    const recorded = await call("contributor", "POST", "/incidents", { ...incident, application_id: inGroup });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().resource_group_ids).toEqual([groupId]);
    incidentId = recorded.json().id;
    expect((await call("contributor", "GET", `/incidents/${recorded.json().id}`)).statusCode).toBe(200);
    expect((await call("contributor", "POST", "/incidents", { ...incident, application_id: outside })).statusCode).toBe(404);
    // Tests too.
    expect((await call("contributor", "GET", `/applications/${inGroup}/testing/tasks`)).statusCode).toBe(200);
    expect((await call("contributor", "GET", `/applications/${outside}/testing/tasks`)).statusCode).toBe(404);
  });

  it("loses an application taken out of the group at the next request", async () => {
    const nearby = () => call("contributor", "GET", "/applications?q=Bulk%200250&page_size=20");
    expect((await nearby()).json().total).toBe(10);
    expect((await call("admin", "DELETE", `/access/resource-groups/${groupId}/resources/${inGroup}`)).statusCode).toBe(204);
    expect((await call("contributor", "GET", `/applications/${inGroup}`)).statusCode).toBe(404);
    expect((await call("contributor", "PUT", `/applications/${inGroup}`, { description: "Gone" })).statusCode).toBe(404);
    const after = (await nearby()).json();
    expect(after.total).toBe(9);
    expect(after.items.map((a: { id: string }) => a.id)).not.toContain(inGroup);
    expect((await call("contributor", "GET", `/incidents/${incidentId}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/applications/${inGroup}`)).json().resource_group_ids).toEqual([]);
  });
});
