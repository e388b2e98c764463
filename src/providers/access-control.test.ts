import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../domain/access/current-user";
import type { AppResource } from "../resources/types";
import { APP_GROUPS, APP_ID, aUser } from "../test-support/fixtures";
import { abilityOf } from "./ability";
import { allows, createAccessControlProvider, limitedAccessRedirect } from "./access-control";

const OTHER_APP_ID = "00000000-0000-4000-8000-0000000000f2";
const role = (name: string, group_type: "ALL" | "SELECTED" = "ALL") => ({
  name,
  resource_group: { id: `00000000-0000-4000-8000-0000000000${group_type === "ALL" ? "a1" : "a2"}`, name: group_type, group_type },
});
/** A user with these roles; their SELECTED group is one APP_ID belongs to (APP_GROUPS). */
const user = (...roles: ReturnType<typeof role>[]): CurrentUser => aUser(roles);

const admin = user(role("Administrator"));
const reviewerAll = user(role("ApplicationReviewer"));
const reviewerSelected = user(role("ApplicationReviewer", "SELECTED"));
const contributor = user(role("ApplicationContributor"));
const noRoles = user();

const page = (() => null) as unknown as AppResource["routes"][number]["page"];
const resources: AppResource[] = [
  { name: "applications", label: "a", access: { menu: "applications" }, routes: [{ path: "/applications", page }] },
  { name: "dashboard", label: "d", access: { menu: "dashboard" }, routes: [{ path: "/dashboard", page }] },
  { name: "frameworks", label: "f", access: { menu: "frameworks" }, routes: [{ path: "/frameworks", page }] },
  { name: "manage-users", label: "u", access: { action: "manage", subject: "User" }, routes: [{ path: "/manage-users", page }] },
  { name: "limited-access", label: "l", routes: [{ path: "/limited-access", page }] },
];

const canFor = async (u: CurrentUser, resource: string, action = "list", params?: { id?: string; record?: Record<string, unknown> }) =>
  (await createAccessControlProvider(async () => u, resources).can({ resource, action, params })).can;

describe("access-control provider", () => {
  it("lets every role list the dashboard, and no one without roles", async () => {
    for (const u of [admin, reviewerAll, reviewerSelected, contributor]) expect(await canFor(u, "dashboard")).toBe(true);
    expect(await canFor(noRoles, "dashboard")).toBe(false);
  });

  it("shows frameworks to administrators and company-level reviewers only", async () => {
    expect(await canFor(admin, "frameworks")).toBe(true);
    expect(await canFor(reviewerAll, "frameworks")).toBe(true);
    expect(await canFor(reviewerSelected, "frameworks")).toBe(false);
    expect(await canFor(contributor, "frameworks")).toBe(false);
  });

  it("keeps admin resources to administrators", async () => {
    expect(await canFor(admin, "manage-users")).toBe(true);
    expect(await canFor(admin, "manage-users", "edit")).toBe(true);
    for (const u of [reviewerAll, contributor, noRoles]) expect(await canFor(u, "manage-users")).toBe(false);
  });

  it("allows resources that declare no access to anyone signed in, and refuses unknown ones to everyone", async () => {
    expect(await canFor(noRoles, "limited-access")).toBe(true);
    expect(await canFor(noRoles, "something-else")).toBe(false);
    expect(await canFor(admin, "something-else")).toBe(false);
  });

  it("decides per record: a contributor edits the applications their group reaches and only reads one granted to review", async () => {
    const carlos = aUser([role("ApplicationContributor", "SELECTED")], { application_roles: [{ name: "ApplicationReviewer", application_id: OTHER_APP_ID }] });
    // Records as the API returns them: with the groups they belong to.
    expect(await canFor(carlos, "applications", "edit", { record: { id: APP_ID, resource_group_ids: APP_GROUPS } })).toBe(true);
    expect(await canFor(carlos, "applications", "edit", { record: { id: OTHER_APP_ID, resource_group_ids: [] } })).toBe(false);
    expect(await canFor(carlos, "applications", "show", { record: { id: OTHER_APP_ID, name: "Loan scoring", resource_group_ids: [] } })).toBe(true);
    // An id alone says no group: refused, never allowed by mistake.
    expect(await canFor(carlos, "applications", "edit", { id: APP_ID })).toBe(false);
    expect(await canFor(carlos, "applications", "show", { id: "00000000-0000-4000-8000-0000000000f3" })).toBe(false);
    // Without a record: whether they may edit some application at all.
    expect(await canFor(carlos, "applications", "edit")).toBe(true);
    expect(await canFor(admin, "applications", "edit", { id: OTHER_APP_ID })).toBe(true);
  });

  it("refuses when the user cannot be loaded", async () => {
    const provider = createAccessControlProvider(() => Promise.reject(new Error("401")), resources);
    expect((await provider.can({ resource: "dashboard", action: "list" })).can).toBe(false);
  });

  it("maps Refine's write actions onto CASL's", () => {
    expect(allows(abilityOf(contributor), { action: "read", subject: "Application" }, "create")).toBe(true);
    expect(allows(abilityOf(reviewerAll), { action: "read", subject: "Application" }, "create")).toBe(false);
    expect(allows(abilityOf(reviewerAll), { action: "read", subject: "Application" }, "show")).toBe(true);
  });
});

describe("limitedAccessRedirect", () => {
  it("sends a user without roles to /limited-access from every protected route but two", () => {
    for (const path of ["/", "/dashboard", "/applications/detail/x", "/manage-users", "/not-found"]) {
      expect(limitedAccessRedirect(path, noRoles)).toBe("/limited-access");
    }
    for (const path of ["/limited-access", "/limited-access/", "/settings"]) expect(limitedAccessRedirect(path, noRoles)).toBeNull();
  });

  it("leaves users with a role where they are", () => {
    expect(limitedAccessRedirect("/dashboard", contributor)).toBeNull();
  });
});
