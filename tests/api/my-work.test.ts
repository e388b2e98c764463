import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { applicationControls, applications, controlEvidence, users } from "../../server/db/schema";
import { lowRiskDetails } from "../../domain/risk/test-support";

/** GET /my-work lists what waits for the caller, most urgent first. */
let t: TestApp;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const work = async (who: string) =>
  (await call(who, "GET", "/my-work")).json().items.map((i: { kind: string; application: { name: string }; subject: { name: string } | null; due_date: string | null }) =>
    [i.kind, i.application.name, i.subject?.name ?? null, i.due_date].filter((x) => x !== null).join(" | "),
  );
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  for (const u of await t.database.db.select().from(users)) ids[u.email.split("@")[0]] = u.id;
});
afterAll(async () => {
  await t?.close();
});

describe("GET /my-work", () => {
  it("follows an application through review: the reviewer, then the approver, then the owner", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Routing bot", details: lowRiskDetails() })).json();
    await call("contributor", "PUT", `/applications/${app.id}`, { approval_status: "submitted" });
    expect(await work("reviewer")).toEqual(["review | Routing bot"]);
    expect(await work("approver")).toEqual([]);
    await call("reviewer", "PUT", `/applications/${app.id}`, { approval_status: "in_review" });
    expect(await work("reviewer")).toEqual([]);
    expect(await work("approver")).toEqual(["approve | Routing bot"]);
    await call("reviewer", "PUT", `/applications/${app.id}`, { approval_status: "changes_requested" });
    expect(await work("contributor")).toEqual(["changes_requested | Routing bot"]);
  });

  it("lists controls, expiring evidence and reviews with their dates, overdue first", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Dated work", details: lowRiskDetails() })).json();
    const db = t.database.db;
    await db.update(applications).set({ nextReviewDue: day(-3) }).where(eq(applications.id, app.id));
    const [{ companyId }] = await db.select().from(applications).where(eq(applications.id, app.id));
    await db.insert(applicationControls).values({ companyId, applicationId: app.id, controlId: "C-RISK-01", status: "in_progress", ownerId: ids.contributor, dueDate: day(10) });
    await db.insert(applicationControls).values({ companyId, applicationId: app.id, controlId: "C-RISK-02", status: "implemented", ownerId: ids.contributor, dueDate: day(1) });
    await db.insert(controlEvidence).values({
      companyId,
      applicationId: app.id,
      controlId: "C-RISK-01",
      name: "Risk register",
      kind: "link",
      url: "https://example.com/register",
      effectiveOn: day(-30),
      expiresOn: day(4),
      addedById: ids.contributor,
      addedByName: "Carlos Contributor",
    });
    const items = await work("contributor");
    expect(items.slice(0, 3)).toEqual([`review_due | Dated work | ${day(-3)}`, `evidence | Dated work | Risk register | ${day(4)}`, expect.stringMatching(new RegExp(`^control \\| Dated work \\| C-RISK-01 .+ \\| ${day(10)}$`))]);
    // The implemented control is done, so it is not listed; the reviewer also sees the overdue review.
    expect(items.join("\n")).not.toContain("C-RISK-02");
    expect(await work("reviewer")).toContain(`review_due | Dated work | ${day(-3)}`);
  });

  it("shows nothing of ours to another company or to a user without roles", async () => {
    expect(await work("other")).toEqual([]);
    expect(await work("noroles")).toEqual([]);
  });
});
