import { describe, expect, it } from "vitest";
import type { AbilityUser } from "../../domain/access/abilities";
import type { AppResource } from "../resources/types";
import { allows, createAccessControlProvider, limitedAccessRedirect } from "./access-control";
import { defineAbilityFor } from "../../domain/access/abilities";

const companyId = "00000000-0000-4000-8000-000000000001";
const role = (name: string, group_type: "ALL" | "SELECTED" = "ALL") => ({ name, resource_group: { group_type, resource_ids: [] } });
const user = (...roles: ReturnType<typeof role>[]): AbilityUser => ({ id: "00000000-0000-4000-8000-000000000002", companyId, roles });

const admin = user(role("Administrator"));
const reviewerAll = user(role("ApplicationReviewer"));
const reviewerSelected = user(role("ApplicationReviewer", "SELECTED"));
const contributor = user(role("ApplicationContributor"));
const noRoles = user();

const page = (() => null) as unknown as AppResource["routes"][number]["page"];
const resources: AppResource[] = [
  { name: "dashboard", label: "d", access: { menu: "dashboard" }, routes: [{ path: "/dashboard", page }] },
  { name: "frameworks", label: "f", access: { menu: "frameworks" }, routes: [{ path: "/frameworks", page }] },
  { name: "manage-users", label: "u", access: { action: "manage", subject: "User" }, routes: [{ path: "/manage-users", page }] },
  { name: "limited-access", label: "l", routes: [{ path: "/limited-access", page }] },
];

const canFor = async (u: AbilityUser, resource: string, action = "list") =>
  (await createAccessControlProvider(async () => u, resources).can({ resource, action })).can;

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

  it("allows resources that declare no access, and unknown ones, to anyone signed in", async () => {
    expect(await canFor(noRoles, "limited-access")).toBe(true);
    expect(await canFor(noRoles, "something-else")).toBe(true);
  });

  it("refuses when the user cannot be loaded", async () => {
    const provider = createAccessControlProvider(() => Promise.reject(new Error("401")), resources);
    expect((await provider.can({ resource: "dashboard", action: "list" })).can).toBe(false);
  });

  it("maps Refine's write actions onto CASL's", () => {
    expect(allows(defineAbilityFor(contributor), { action: "read", subject: "Application" }, "create")).toBe(true);
    expect(allows(defineAbilityFor(reviewerAll), { action: "read", subject: "Application" }, "create")).toBe(false);
    expect(allows(defineAbilityFor(reviewerAll), { action: "read", subject: "Application" }, "show")).toBe(true);
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
