import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { applicationRoleAssignments, applications, resourceGroups, roleAssignments, roles, users } from "../../server/db/schema";
import { newApplicationValues } from "../../server/applications/store";
import { byUrgency, MY_WORK_KINDS, type MyWorkItem } from "../../domain/entities/my-work";

/** GET /my-work pages and counts in the database: a Contributor whose group holds 5,000 applications gets a small page. */
let t: TestApp;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const BULK = 5000;
let grantedApp: string;

const get = async (who: string, url: string) => {
  const res = await call(who, "GET", url);
  expect(res.statusCode, `${who} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
};
const counts = async (who: string): Promise<Record<string, number>> =>
  Object.fromEntries((await get(who, "/my-work/counts")).kinds.map((k: { kind: string; count: number }) => [k.kind, k.count]));
const key = (i: MyWorkItem) => `${i.kind}:${i.application.id}:${i.subject?.id ?? ""}`;

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  const db = t.database.db;
  for (const u of await db.select().from(users)) ids[u.email.split("@")[0]] = u.id;
  const [customerAi] = await db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
  const companyId = customerAi.companyId;
  const template = newApplicationValues({ companyId, name: "template" });
  // The Contributor owns them all: a tenth has changes requested, a tenth is submitted, every one has its review due.
  await db.execute(sql`
    insert into applications (company_id, name, owner_id, details, tier_rule_outcomes, approval_status, next_review_due)
    select ${companyId}::uuid, 'Bulk ' || lpad(g::text, 5, '0'), ${ids.contributor}::uuid, ${JSON.stringify(template.details)}::jsonb,
           ${JSON.stringify(template.tierRuleOutcomes)}::jsonb,
           case g % 10 when 0 then 'changes_requested' when 1 then 'submitted' else 'approved' end,
           current_date - (g % 50)
      from generate_series(1, ${BULK}) g`);
  await db.execute(sql`
    insert into resource_group_resources (resource_group_id, resource_id)
    select ${customerAi.id}::uuid, id from applications where name like 'Bulk %'`);
  // Nora reviews through the SELECTED group, and approves one application through a grant on it alone.
  const [reviewer] = await db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
  const [approver] = await db.select().from(roles).where(eq(roles.name, "ApplicationApprover"));
  await db.insert(roleAssignments).values({ companyId, userId: ids.noroles, roleId: reviewer.id, resourceGroupId: customerAi.id });
  [{ id: grantedApp }] = await db
    .update(applications)
    .set({ approvalStatus: "in_review", submittedBy: ids.contributor })
    .where(eq(applications.name, "Bulk 00002"))
    .returning({ id: applications.id });
  await db.insert(applicationRoleAssignments).values({ companyId, applicationId: grantedApp, userId: ids.noroles, roleId: approver.id });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("GET /my-work, paged", () => {
  it("gives the Contributor of 5,000 applications one small page with the right totals", async () => {
    const res = await call("contributor", "GET", "/my-work");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 25, total: BULK + BULK / 10 });
    expect(body.items).toHaveLength(25);
    expect(res.body.length).toBeLessThan(20_000);
    expect(await counts("contributor")).toEqual({ review_due: BULK, changes_requested: BULK / 10 });
  });

  it("continues page 1 on page 2, without overlap, in the order of byUrgency", async () => {
    const first = await get("contributor", "/my-work?page=1&page_size=30");
    const second = await get("contributor", "/my-work?page=2&page_size=30");
    const both = await get("contributor", "/my-work?page=1&page_size=60");
    expect([...first.items, ...second.items].map(key)).toEqual(both.items.map(key));
    expect(new Set(both.items.map(key)).size).toBe(60);
    expect(second.total).toBe(first.total);
    expect([...both.items].sort(byUrgency)).toEqual(both.items);
    // Dated work first, overdue the longest first: reviews due 49 days ago lead.
    expect(both.items[0].due_date).toBe(new Date(Date.now() - 49 * 86_400_000).toISOString().slice(0, 10));
    const last = Math.ceil(first.total / 200);
    const tail = await get("contributor", `/my-work?page=${last}&page_size=200`);
    expect(tail.items).toHaveLength(first.total - (last - 1) * 200);
    expect(tail.items.at(-1).kind).toBe("changes_requested");
    expect((await get("contributor", `/my-work?page=${last + 1}&page_size=200`)).items).toEqual([]);
  });

  it("filters by kind, one or several", async () => {
    const changes = await get("contributor", "/my-work?kind=changes_requested&page_size=200");
    expect(changes.total).toBe(BULK / 10);
    expect(new Set(changes.items.map((i: MyWorkItem) => i.kind))).toEqual(new Set(["changes_requested"]));
    expect((await get("contributor", "/my-work?kind=changes_requested&kind=review_due")).total).toBe(BULK + BULK / 10);
    expect((await get("contributor", "/my-work?kind=review")).total).toBe(0);
  });

  it("counts each kind as its own list totals it", async () => {
    for (const who of ["contributor", "reviewer", "approver", "noroles", "admin"]) {
      const counted = await get(who, "/my-work/counts");
      for (const { kind, count } of counted.kinds) expect((await get(who, `/my-work?kind=${kind}&page_size=1`)).total, `${who} ${kind}`).toBe(count);
      expect(counted.total).toBe((await get(who, "/my-work?page_size=1")).total);
    }
  });

  it("reaches through ALL groups, SELECTED groups and single-application grants", async () => {
    expect(await counts("reviewer")).toEqual({ review: BULK / 10, review_due: BULK });
    expect(await counts("approver")).toEqual({ approve: 1 });
    expect(await counts("noroles")).toEqual({ review: BULK / 10, review_due: BULK, approve: 1 });
    expect((await get("noroles", "/my-work?kind=approve")).items.map((i: MyWorkItem) => i.application.id)).toEqual([grantedApp]);
    // The Contributor submitted it: they never see it to approve, and the other company sees nothing of ours.
    expect((await counts("contributor")).approve).toBeUndefined();
    expect(await counts("other")).toEqual({});
  });

  it("answers 400 with the parameter named for a bad kind, page or page size", async () => {
    const bad = { "kind=nope": "query.kind", "page=0": "query.page", "page=abc": "query.page", "page_size=201": "query.page_size", "page_size=0": "query.page_size", "colour=red": "colour" };
    for (const [query, path] of Object.entries(bad)) {
      const res = await call("contributor", "GET", `/my-work?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toContain(path);
    }
    expect(MY_WORK_KINDS).toContain("fairness_test_due");
  });
});
