import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { auditLog, companies, resourceGroupResources, resourceGroups } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { lowRiskDetails } from "../../domain/risk/test-support";

/** AI applications: inventory, classification, approval and development workflow. */
let t: TestApp;
const token: Record<string, string> = {};
let customerAiGroupId: string;
const call = v2Caller(() => t.app, token);

const LOW = lowRiskDetails();
const create = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, "POST", "/applications", body);
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json();
};
const move = (who: string, id: string, body: Record<string, unknown>) => call(who, "PUT", `/applications/${id}`, body);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const groups = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id));
  customerAiGroupId = groups.find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("creating and reading", () => {
  it("a contributor's new application joins their group, is owned by them, and is classified at once", async () => {
    const created = await create("contributor", { name: "Policy helper", details: LOW });
    expect(created).toMatchObject({ name: "Policy helper", risk_tier: "low", approval_status: "draft", development_status: "idea", owner: { name: "Carlos Contributor" } });
    const links = await t.database.db.select().from(resourceGroupResources).where(eq(resourceGroupResources.resourceId, created.id));
    expect(links.map((l) => l.resourceGroupId)).toEqual([customerAiGroupId]);
    expect((await call("contributor", "GET", `/applications/${created.id}`)).statusCode).toBe(200);
  });

  it("without answers it is not assessed, and the details say which required answers are missing", async () => {
    const created = await create("admin", { name: "Blank slate" });
    expect(created.risk_tier).toBeNull();
    const details = (await call("admin", "GET", `/applications/${created.id}/details`)).json();
    expect(details.risk_tier).toBeNull();
    expect(details.missing_required.length).toBeGreaterThan(0);
    expect(details.rules_fired).toEqual([]);
  });

  it("refuses bad input naming the field: name pattern, unknown question, unknown option, duplicate name", async () => {
    let res = await call("admin", "POST", "/applications", { name: "Bad <script>" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain("name");
    res = await call("admin", "POST", "/applications", { name: "Ok name", details: { favourite_colour: "blue" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain("details.favourite_colour");
    res = await call("admin", "POST", "/applications", { name: "Ok name", details: { ai_type: "telepathy" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain("details.ai_type");
    res = await call("admin", "POST", "/applications", { name: "policy HELPER" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: "name", message: "validation.nameTaken" }]);
  });

  it("reviewers and approvers cannot create; users without roles see nothing", async () => {
    for (const who of ["reviewer", "approver", "noroles"]) expect((await call(who, "POST", "/applications", { name: `By ${who}` })).statusCode).toBe(403);
    const list = await call("noroles", "GET", "/applications");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [], total: 0 });
  });
});

describe("listing", () => {
  beforeAll(async () => {
    await create("admin", { name: "Hiring screener", details: lowRiskDetails({ high_risk_areas: ["employment"] }) });
    await create("admin", { name: "Chat for customers", details: lowRiskDetails({ intended_users: ["customers"] }) });
    await create("admin", { name: "Mood reader", details: lowRiskDetails({ prohibited_practices: ["emotion_recognition_work_or_education"] }) });
  });

  it("filters by tier (including not assessed), searches, sorts by tier rank and pages", async () => {
    const names = async (query: string, who = "admin") => (await call(who, "GET", `/applications${query}`)).json().items.map((a: { name: string }) => a.name);
    expect(await names("?risk_tier=high")).toEqual(["Hiring screener"]);
    expect(await names("?risk_tier=prohibited&risk_tier=not_assessed&sort=name")).toEqual(["Blank slate", "Mood reader"]);
    expect(await names("?q=CHAT")).toEqual(["Chat for customers"]);
    expect(await names("?sort=risk_tier")).toEqual(["Mood reader", "Hiring screener", "Chat for customers", "Policy helper", "Blank slate"]);
    const page = (await call("admin", "GET", "/applications?sort=-name&page=2&page_size=2")).json();
    expect(page.total).toBe(5);
    expect(page.items.map((a: { name: string }) => a.name)).toEqual(["Hiring screener", "Chat for customers"]);
  });

  it("narrows to what the caller may read: the contributor sees only the group's application", async () => {
    const list = (await call("contributor", "GET", "/applications")).json();
    expect(list.items.map((a: { name: string }) => a.name)).toEqual(["Policy helper"]);
    expect(list.total).toBe(1);
  });

  it("refuses unknown filter values with a 400 naming the parameter", async () => {
    const res = await call("admin", "GET", "/applications?risk_tier=extreme");
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain("risk_tier");
  });
});

describe("the approval workflow", () => {
  it("contributor submits, reviewer takes into review, approver approves; the review date is set", async () => {
    const a = await create("contributor", { name: "Claims triage", details: lowRiskDetails({ business_criticality: "high" }) });
    expect(a.risk_tier).toBe("high");
    expect((await move("reviewer", a.id, { approval_status: "in_review" })).statusCode).toBe(409);
    expect((await move("contributor", a.id, { approval_status: "submitted" })).json().approval_status).toBe("submitted");
    expect((await move("approver", a.id, { approval_status: "in_review" })).statusCode).toBe(403);
    expect((await move("reviewer", a.id, { approval_status: "in_review" })).json().approval_status).toBe("in_review");
    const approved = (await move("approver", a.id, { approval_status: "approved" })).json();
    expect(approved.approval_status).toBe("approved");
    const in90 = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(approved.next_review_due).toBe(in90);
  });

  it("a high application is deployed only while approved; a material change resets the approval with the reason", async () => {
    const a = await create("admin", { name: "Loan scorer", details: lowRiskDetails({ business_criticality: "high" }) });
    let res = await move("admin", a.id, { development_status: "deployed" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: "development_status", message: "workflow.errors.deploymentNeedsApproval" }]);
    await move("admin", a.id, { approval_status: "submitted" });
    await move("reviewer", a.id, { approval_status: "in_review" });
    await move("approver", a.id, { approval_status: "approved" });
    expect((await move("admin", a.id, { development_status: "deployed" })).json().development_status).toBe("deployed");

    res = await move("admin", a.id, { details: { business_criticality: "low", personal_data: "personal" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ risk_tier: "medium", approval_status: "draft", approval_reset_reason: "workflow.resetReasons.tierChanged" });
    const assessments = (await call("admin", "GET", `/applications/${a.id}/assessments`)).json();
    expect(assessments.items.map((x: { risk_tier: string }) => x.risk_tier)).toEqual(["medium"]);
    const activity = (await call("admin", "GET", `/applications/${a.id}/activity`)).json();
    expect(activity.items.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["application.created", "approval.moved", "development.moved", "details.updated", "classification.changed", "approval.reset"]),
    );
    const reset = activity.items.find((e: { action: string }) => e.action === "approval.reset");
    expect(reset).toMatchObject({ actor: { name: "Ada Admin", type: "user" }, before: { approval_status: "approved" }, after: { approval_status: "draft", reason: "workflow.resetReasons.tierChanged" } });
  });

  it("the submitter never approves their own application, even holding the approver role", async () => {
    const a = await create("admin", { name: "Self approved", details: LOW });
    await move("admin", a.id, { approval_status: "submitted" });
    await move("reviewer", a.id, { approval_status: "in_review" });
    // Make the approver the submitter on record, as if they had submitted it themselves.
    const approverId = (await call("approver", "GET", "/access/user")).json().id;
    await t.database.db.execute(`update applications set submitted_by = '${approverId}' where id = '${a.id}'`);
    const res = await move("approver", a.id, { approval_status: "approved" });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe("workflow.errors.approverIsSubmitter");
  });

  it("a prohibited application is never approved nor deployed", async () => {
    const a = await create("admin", { name: "Social scorer", details: lowRiskDetails({ prohibited_practices: ["social_scoring"] }) });
    await move("admin", a.id, { approval_status: "submitted" });
    await move("reviewer", a.id, { approval_status: "in_review" });
    const res = await move("approver", a.id, { approval_status: "approved" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe("workflow.errors.prohibitedNeverApproved");
    expect((await move("admin", a.id, { development_status: "deployed" })).statusCode).toBe(409);
    expect((await call("admin", "GET", `/applications/${a.id}`)).json()).toMatchObject({ approval_status: "in_review", development_status: "idea" });
  });

  it("a status move goes alone; reviewers cannot edit details", async () => {
    const a = await create("admin", { name: "Mixed body", details: LOW });
    const res = await move("admin", a.id, { approval_status: "submitted", name: "Renamed" });
    expect(res.statusCode).toBe(400);
    expect((await move("reviewer", a.id, { name: "Renamed" })).statusCode).toBe(403);
    for (const who of ["reviewer", "approver"]) expect((await move(who, a.id, { development_status: "testing" })).statusCode).toBe(403);
    expect((await move("admin", a.id, { development_status: "testing" })).json().development_status).toBe("testing");
  });
});

describe("comments, access, metrics", () => {
  it("keeps comments as plain text, HTML included, oldest first", async () => {
    const a = await create("contributor", { name: "Commented", details: LOW });
    const body = "<script>alert(1)</script>\nSecond line";
    expect((await call("contributor", "POST", `/applications/${a.id}/comments`, { body })).statusCode).toBe(201);
    expect((await call("reviewer", "POST", `/applications/${a.id}/comments`, { body: "Looks fine" })).statusCode).toBe(201);
    expect((await call("reviewer", "POST", `/applications/${a.id}/comments`, { body: "   " })).statusCode).toBe(400);
    const comments = (await call("admin", "GET", `/applications/${a.id}/comments`)).json();
    expect(comments.items.map((c: { body: string; author: { name: string } }) => [c.author.name, c.body])).toEqual([
      ["Carlos Contributor", body],
      ["Rene Reviewer", "Looks fine"],
    ]);
  });

  it("lists the authorized users with the role through which they reach it, and grants roles on one application", async () => {
    const a = await create("contributor", { name: "Access listed", details: LOW });
    const people = async () =>
      Object.fromEntries(
        (await call("admin", "GET", `/applications/${a.id}/authorized-users`)).json().items.map((u: { email: string; roles: { name: string; via: string }[] }) => [
          u.email,
          u.roles.map((r) => `${r.name}/${r.via}`).sort(),
        ]),
      );
    expect(await people()).toEqual({
      "admin@steward.test": ["Administrator/resource_group"],
      "approver@steward.test": ["ApplicationApprover/resource_group"],
      "contributor@steward.test": ["ApplicationContributor/resource_group"],
      "reviewer@steward.test": ["ApplicationReviewer/resource_group"],
    });
    const roles = (await call("admin", "GET", "/access/roles")).json().items;
    const reviewerRole = roles.find((r: { name: string }) => r.name === "ApplicationReviewer").id;
    const adminRole = roles.find((r: { name: string }) => r.name === "Administrator").id;
    const nora = (await call("admin", "GET", "/access/users?q=nora")).json().items[0].id;
    expect((await call("admin", "PUT", `/applications/${a.id}/role-assignments`, { user_id: nora, role_id: adminRole })).statusCode).toBe(400);
    expect((await call("contributor", "PUT", `/applications/${a.id}/role-assignments`, { user_id: nora, role_id: reviewerRole })).statusCode).toBe(403);
    const granted = await call("admin", "PUT", `/applications/${a.id}/role-assignments`, { user_id: nora, role_id: reviewerRole });
    expect(granted.json().items.map((g: { user: { name: string }; role: { name: string } }) => `${g.user.name}:${g.role.name}`)).toEqual(["Nora Noroles:ApplicationReviewer"]);
    expect((await people())["noroles@steward.test"]).toEqual(["ApplicationReviewer/application"]);
    // The grant takes effect at once: Nora reads and reviews this one application, and only it.
    expect((await call("noroles", "GET", "/applications")).json().items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await call("noroles", "GET", "/access/user")).json().application_roles).toEqual([{ name: "ApplicationReviewer", application_id: a.id }]);
    expect((await call("noroles", "PUT", `/applications/${a.id}`, { name: "Nora was here" })).statusCode).toBe(403);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, "role.granted")));
    expect(audit).toHaveLength(1);
    expect((await call("admin", "DELETE", `/applications/${a.id}/role-assignments?user_id=${nora}&role_id=${reviewerRole}`)).statusCode).toBe(204);
    expect((await people())["noroles@steward.test"]).toBeUndefined();
  });

  it("tells the caller their roles per application", async () => {
    const mine = (await call("contributor", "GET", "/applications/role-assignments/user")).json();
    expect(mine.items.length).toBe(mine.total);
    expect(new Set(mine.items.flatMap((i: { roles: string[] }) => i.roles))).toEqual(new Set(["ApplicationContributor"]));
  });

  it("counts by tier and status over what the caller sees", async () => {
    const all = (await call("admin", "GET", "/applications/metrics")).json();
    const list = (await call("admin", "GET", "/applications?page_size=200")).json();
    expect(all.total).toBe(list.total);
    expect(all.by_risk_tier.high).toBe(list.items.filter((a: { risk_tier: string }) => a.risk_tier === "high").length);
    expect(all.by_risk_tier.not_assessed).toBe(list.items.filter((a: { risk_tier: string | null }) => a.risk_tier === null).length);
    expect(Object.values(all.by_approval_status).reduce((s: number, n) => s + (n as number), 0)).toBe(all.total);
    const carlos = (await call("contributor", "GET", "/applications/metrics")).json();
    expect(carlos.total).toBe((await call("contributor", "GET", "/applications")).json().total);
    expect(carlos.total).toBeLessThan(all.total);
  });

  it("another company's administrator reaches none of it", async () => {
    const ours = (await call("admin", "GET", "/applications?page_size=1")).json().items[0].id;
    for (const path of ["", "/details", "/assessments", "/comments", "/activity", "/authorized-users", "/role-assignments"]) {
      expect((await call("other", "GET", `/applications/${ours}${path}`)).statusCode).toBe(404);
    }
    expect((await call("other", "PUT", `/applications/${ours}`, { name: "Stolen" })).statusCode).toBe(404);
    expect((await call("other", "GET", "/applications")).json()).toEqual({ items: [], total: 0 });
    expect((await call("other", "GET", "/applications/metrics")).json().total).toBe(0);
  });
});

describe("every approval move, as every role", () => {
  // The approval moves, written out by hand: who may make each move; every other pair is refused for everyone.
  const ALLOWED: Record<string, string[]> = {
    "draft>submitted": ["contributor", "admin"],
    "changes_requested>submitted": ["contributor", "admin"],
    "rejected>submitted": ["contributor", "admin"],
    "submitted>in_review": ["reviewer"],
    "in_review>changes_requested": ["reviewer"],
    "in_review>approved": ["approver"],
    "in_review>rejected": ["approver"],
  };
  const STATUSES = ["draft", "submitted", "in_review", "approved", "rejected", "changes_requested"];

  it("allows exactly the table's moves and refuses the rest with 403 or 409, leaving the status as it was", async () => {
    const a = await create("contributor", { name: "Move matrix", details: LOW });
    const unexpected: string[] = [];
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        for (const who of ["contributor", "reviewer", "approver", "admin"]) {
          await t.database.db.execute(`update applications set approval_status = '${from}', submitted_by = null where id = '${a.id}'`);
          const res = await move(who, a.id, { approval_status: to });
          const allowed = ALLOWED[`${from}>${to}`]?.includes(who) ?? false;
          const now = (await call("admin", "GET", `/applications/${a.id}`)).json().approval_status;
          if (allowed && (res.statusCode !== 200 || now !== to)) unexpected.push(`${who} ${from}>${to}: ${res.statusCode}`);
          if (!allowed && (![403, 409].includes(res.statusCode) || now !== from)) unexpected.push(`${who} ${from}>${to}: ${res.statusCode} (${now})`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});

describe("control completion in the metrics", () => {
  it("counts each applicable control once per readable application, done when implemented or not applicable", async () => {
    const before = (await call("admin", "GET", "/applications/metrics")).json().controls;
    const a = await create("admin", { name: "Completion counted", details: lowRiskDetails({ business_criticality: "high" }) });
    const { items } = (await call("admin", "GET", `/applications/${a.id}/controls`)).json();
    expect(items.length).toBeGreaterThan(0);
    await call("admin", "PATCH", `/applications/${a.id}/controls/${items[0].id}`, { status: "implemented" });
    const after = (await call("admin", "GET", "/applications/metrics")).json().controls;
    expect(after.applicable).toBe(before.applicable + items.length);
    expect(after.implemented).toBe(before.implemented + 1);
    expect(after.progress).toBeCloseTo((after.implemented + after.not_applicable) / after.applicable);
    expect((await call("other", "GET", "/applications/metrics")).json().controls.applicable).toBe(0);
  });
});
