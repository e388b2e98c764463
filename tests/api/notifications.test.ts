import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { applications, notifications, resourceGroupResources, resourceGroups, roles, scheduledRuns, users } from "../../server/db/schema";
import { runMonitoringSweep } from "../../server/notifications/sweep";
import { sweepOnce } from "../../server/notifications/plugin";
import { lowRiskDetails } from "../../domain/risk/test-support";

/** Notifications, and the monitoring sweep that announces reviews coming due or overdue. */
let t: TestApp;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
let customerAi: string;
const call = v2Caller(() => t.app, token);
const texts = async (who: string) => (await call(who, "GET", "/notifications/30?page_size=200")).json().items.map((n: { notification_text: string }) => n.notification_text);

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  for (const u of await t.database.db.select().from(users)) ids[u.email.split("@")[0]] = u.id;
  [{ id: customerAi }] = await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
});
afterAll(async () => {
  await t?.close();
});

describe("GET /notifications/{days}", () => {
  it("tells a user of a role granted to them, in their language", async () => {
    const [reviewer] = await t.database.db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
    expect((await call("admin", "PUT", `/access/users/${ids.noroles}/roles/${reviewer.id}/resource-groups/${customerAi}`)).statusCode).toBe(200);
    expect(await texts("noroles")).toEqual(["You were given the role Application Reviewer on Customer AI."]);
    await call("noroles", "PATCH", "/access/user", { language: "es" });
    expect(await texts("noroles")).toEqual(["Se le asignó el rol Revisor de aplicaciones en Customer AI."]);
    await call("noroles", "PATCH", "/access/user", { language: "en" });
    expect(await texts("admin")).toEqual([]);
  });

  it("tells an application's contributors of a comment, never its author", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Talked about", details: lowRiskDetails() })).json();
    await call("reviewer", "POST", `/applications/${app.id}/comments`, { body: "One question." });
    const list = (await call("contributor", "GET", "/notifications/30")).json();
    expect(list.items[0]).toMatchObject({
      notification_text: "Rene Reviewer commented on Talked about.",
      notification_link: `/applications/detail/${app.id}?tab=comments`,
      notification_read: false,
    });
    expect(list.unread).toBe(1);
    expect(await texts("reviewer")).toEqual([]);
  });

  it("answers 400 for days outside 1–365", async () => {
    for (const days of ["0", "366", "abc", "1.5"]) {
      const res = await call("admin", "GET", `/notifications/${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().errors[0].path).toBe("params.days");
    }
  });

  it("hides notifications whose application the reader can no longer see", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Soon out of reach", details: lowRiskDetails() })).json();
    await call("admin", "POST", `/applications/${app.id}/comments`, { body: "Note." });
    expect(await texts("contributor")).toContain("Ada Admin commented on Soon out of reach.");
    await t.database.db.delete(resourceGroupResources).where(and(eq(resourceGroupResources.resourceId, app.id), eq(resourceGroupResources.resourceGroupId, customerAi)));
    expect(await texts("contributor")).not.toContain("Ada Admin commented on Soon out of reach.");
  });
});

describe("approval moves", () => {
  it("tell the people who act next, and the owner how it stands", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Moving along", details: lowRiskDetails() })).json();
    const latest = async (who: string) => (await texts(who)).find((text: string) => text.includes("Moving along"));
    await call("contributor", "PUT", `/applications/${app.id}`, { approval_status: "submitted" });
    expect(await latest("reviewer")).toBe("Carlos Contributor submitted Moving along for review.");
    expect(await latest("approver")).toBeUndefined();
    await call("reviewer", "PUT", `/applications/${app.id}`, { approval_status: "in_review" });
    expect(await latest("approver")).toBe("Rene Reviewer started reviewing Moving along.");
    expect(await latest("contributor")).toBe("Rene Reviewer started reviewing Moving along.");
    await call("approver", "PUT", `/applications/${app.id}`, { approval_status: "approved" });
    expect(await latest("contributor")).toBe("April Approver approved Moving along.");
    // The other company hears nothing of ours.
    expect(await texts("other")).toEqual([]);
  });

  it("reach nobody outside the application's scope", async () => {
    // Not in Customer AI: Carlos (contributor) and Nora (reviewer there only) do not reach it.
    const app = (await call("admin", "POST", "/applications", { name: "Out of their scope", details: lowRiskDetails() })).json();
    await call("admin", "PUT", `/applications/${app.id}`, { approval_status: "submitted" });
    expect(await texts("reviewer")).toContain("Ada Admin submitted Out of their scope for review.");
    for (const who of ["contributor", "noroles", "other"]) expect((await texts(who)).join("\n")).not.toContain("Out of their scope");
  });
});

describe("re-approval and controls", () => {
  it("tells the contributors and approvers when a material change resets an approval", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Once approved", details: lowRiskDetails() })).json();
    await call("contributor", "PUT", `/applications/${app.id}`, { approval_status: "submitted" });
    await call("reviewer", "PUT", `/applications/${app.id}`, { approval_status: "in_review" });
    await call("approver", "PUT", `/applications/${app.id}`, { approval_status: "approved" });
    await call("contributor", "PUT", `/applications/${app.id}`, { details: { business_criticality: "high" } });
    const expected = "Once approved needs re-approval: The risk tier changed, so the application needs approval again.";
    expect(await texts("approver")).toContain(expected);
    // The contributor made the change, so they are not told of their own act.
    expect(await texts("contributor")).not.toContain(expected);
  });

  it("tells a user when a control of an application they reach is assigned to them", async () => {
    const app = (await call("admin", "POST", "/applications", { name: "Controlled", details: lowRiskDetails({ business_criticality: "high" }) })).json();
    const controls = (await call("admin", "GET", `/applications/${app.id}/controls`)).json();
    const control = controls.items[0];
    expect((await call("admin", "PATCH", `/applications/${app.id}/controls/${control.id}`, { owner_id: ids.reviewer })).statusCode).toBe(200);
    expect(await texts("reviewer")).toContain(`You now own the control ${control.id} ${control.name} of Controlled.`);
  });
});

describe("GET /notifications, paged", () => {
  it("pages the window newest first, counting all of it and its unread", async () => {
    const [other] = await t.database.db.select().from(users).where(eq(users.id, ids.boss));
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t.database.db.insert(notifications).values(
      Array.from({ length: 48 }, (_, i) => ({
        companyId: other.companyId,
        userId: other.id,
        kind: "role.granted",
        params: { role: "ApplicationReviewer", group: `Group ${String(i).padStart(2, "0")}` },
        link: "/settings",
        subjectType: "role",
        subjectId: other.id,
        // Three are older than the bell's 30 days; five of the rest are read.
        createdAt: i >= 45 ? at(40 * 24 * 60) : at(i),
        readAt: i < 5 ? at(0) : null,
      })),
    );
    const page = async (url: string) => {
      const res = await call("other", "GET", url);
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    const first = await page("/notifications?page_size=20");
    expect(first).toMatchObject({ total: 45, unread: 40, page: 1, page_size: 20 });
    expect(first.items).toHaveLength(20);
    const second = await page("/notifications?page=2&page_size=20");
    const third = await page("/notifications?page=3&page_size=20");
    expect(third.items).toHaveLength(5);
    const all = await page("/notifications?page_size=45");
    const idsOf = (list: { items: { notification_id: string }[] }) => list.items.map((n) => n.notification_id);
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(idsOf(all));
    expect(new Set(idsOf(all)).size).toBe(45);
    expect(all.items[0].notification_text).toBe("You were given the role Application Reviewer on Group 00.");
    expect(all.items[44].notification_text).toBe("You were given the role Application Reviewer on Group 44.");
    // The days in the path page the same way; a longer window takes the older ones in.
    expect(idsOf(await page("/notifications/30?page=2&page_size=20"))).toEqual(idsOf(second));
    expect(await page("/notifications?days=60&page_size=1")).toMatchObject({ total: 48, unread: 43 });
  });

  it("answers 400 naming a bad page, page size or window", async () => {
    for (const [query, path] of Object.entries({ "page=0": "query.page", "page_size=201": "query.page_size", "days=0": "query.days", "days=abc": "query.days", "unread=1": "unread" })) {
      const res = await call("admin", "GET", `/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toContain(path);
    }
    expect((await call("admin", "GET", "/notifications/30?page=-1")).statusCode).toBe(400);
  });
});

describe("PUT /notifications/mark_read/{id|all}", () => {
  it("marks one, refuses others' and unknown ids with 404, then marks all", async () => {
    const list = (await call("contributor", "GET", "/notifications/30")).json();
    const first = list.items[0].notification_id;
    expect((await call("contributor", "PUT", `/notifications/mark_read/${first}`)).statusCode).toBe(204);
    const after = (await call("contributor", "GET", "/notifications/30")).json();
    expect(after.items.find((n: { notification_id: string }) => n.notification_id === first).notification_read).toBe(true);
    expect((await call("reviewer", "PUT", `/notifications/mark_read/${first}`)).statusCode).toBe(404);
    expect((await call("other", "PUT", `/notifications/mark_read/${first}`)).statusCode).toBe(404);
    expect((await call("contributor", "PUT", "/notifications/mark_read/not-an-id")).statusCode).toBe(400);
    expect((await call("contributor", "PUT", "/notifications/mark_read/all")).statusCode).toBe(204);
    expect((await call("contributor", "GET", "/notifications/30")).json().unread).toBe(0);
  });
});

describe("the monitoring sweep", () => {
  it("sends each due and overdue review reminder once, however often and however many servers run it", async () => {
    const due = (await call("contributor", "POST", "/applications", { name: "Review soon", details: lowRiskDetails() })).json();
    const late = (await call("contributor", "POST", "/applications", { name: "Review late", details: lowRiskDetails() })).json();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(applications).set({ nextReviewDue: day(5) }).where(eq(applications.id, due.id));
    await t.database.db.update(applications).set({ nextReviewDue: day(-2) }).where(eq(applications.id, late.id));

    await runMonitoringSweep(t.database.db);
    await Promise.all([runMonitoringSweep(t.database.db), runMonitoringSweep(t.database.db)]);

    const rows = await t.database.db.select().from(notifications).where(eq(notifications.subjectId, due.id));
    // The owner (Carlos) and the reviewer who reaches it (Rene, ALL group; Nora, reviewer on Customer AI).
    expect(rows.map((r) => r.userId).sort()).toEqual([ids.contributor, ids.noroles, ids.reviewer].sort());
    expect(await texts("contributor")).toEqual(expect.arrayContaining([
      `The review of Review soon is due on ${new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day(5)}T00:00:00Z`))}.`,
      `The review of Review late was due on ${new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day(-2)}T00:00:00Z`))} and is overdue.`,
    ]));
    const lateRows = await t.database.db.select().from(notifications).where(eq(notifications.subjectId, late.id));
    expect(lateRows).toHaveLength(3);
    expect(new Set(lateRows.map((r) => r.kind))).toEqual(new Set(["review.overdue"]));
  });

  it("runs once a round: of instances claiming the same hour together, exactly one sweeps", async () => {
    // The app swept when it started; a new round begins once that is an hour old.
    await t.database.db.update(scheduledRuns).set({ lastRunAt: new Date(Date.now() - 3_600_000) });
    const ran = await Promise.all([sweepOnce(t.database.db), sweepOnce(t.database.db), sweepOnce(t.database.db)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await sweepOnce(t.database.db)).toBe(false);
  });
});
