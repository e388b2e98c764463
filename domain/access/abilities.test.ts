import { describe, expect, it } from "vitest";
import { applicationRoleNames, asSubject, defineAbilityFor, hasRole, isLimitedAccess, MENU_ITEMS, roleMatches, type AbilityUser, type AppAbility, type MenuKey } from "./abilities";
import type { GroupType, RoleName } from "./current-user";

const COMPANY = "11111111-1111-4111-8111-111111111111";
const OTHER_COMPANY = "22222222-2222-4222-8222-222222222222";
const IN_GROUP = "aaaaaaaa-0000-4000-8000-000000000001";
const OUTSIDE = "aaaaaaaa-0000-4000-8000-000000000002";
const USER_ID = "33333333-3333-4333-8333-333333333333";
/** The user's SELECTED group, which IN_GROUP belongs to; ALL_GROUP is their ALL group; OTHER_GROUP holds OUTSIDE. */
const SELECTED_GROUP = "bbbbbbbb-0000-4000-8000-000000000001";
const ALL_GROUP = "bbbbbbbb-0000-4000-8000-000000000002";
const OTHER_GROUP = "bbbbbbbb-0000-4000-8000-000000000003";

function userWith(roles: Array<[string, GroupType]>): AbilityUser {
  return {
    id: USER_ID,
    companyId: COMPANY,
    roles: roles.map(([name, group_type]) => ({ name, resource_group: { id: group_type === "SELECTED" ? SELECTED_GROUP : ALL_GROUP, group_type } })),
  };
}

/** The groups an application belongs to, as the API reads them with the record. */
const groupsOf = (applicationId: string) => (applicationId === IN_GROUP ? [SELECTED_GROUP] : [OTHER_GROUP]);
const app = (id: string, companyId = COMPANY) => asSubject("Application", { id, companyId, resource_group_ids: groupsOf(id) });
const ADMIN_SUBJECTS = ["User", "ResourceGroup", "ApiClient", "Role"] as const;

/** Whether the menu entry shows: its rule in MENU_ITEMS, checked the way the web app's access control does. */
function canSeeMenu(ability: AppAbility, key: MenuKey): boolean {
  const item = MENU_ITEMS.find((m) => m.key === key)!;
  return ability.can(item.action, item.subject);
}

describe("roleMatches (the role name contains the role string)", () => {
  it("matches exact and containing names, not others", () => {
    expect(roleMatches("ApplicationReviewer", "ApplicationReviewer")).toBe(true);
    expect(roleMatches("SeniorApplicationReviewer", "ApplicationReviewer")).toBe(true);
    expect(roleMatches("ApplicationReviewer", "ApplicationApprover")).toBe(false);
    expect(roleMatches("Admin", "Administrator")).toBe(false);
    expect(hasRole(userWith([["CompanyAdministrator", "ALL"]]), "Administrator")).toBe(true);
  });
  it("a SeniorApplicationReviewer gets the reviewer's rules", () => {
    const ability = defineAbilityFor(userWith([["SeniorApplicationReviewer", "ALL"]]));
    expect(ability.can("review", app(OUTSIDE))).toBe(true);
    expect(ability.can("read", "Framework")).toBe(true);
    expect(ability.can("approve", "Application")).toBe(false);
  });
});

describe("defineAbilityFor: every role × group type", () => {
  it.each(["ALL", "SELECTED"] as const)("Administrator (%s) manages everything of the own company only", (type) => {
    const ability = defineAbilityFor(userWith([["Administrator", type]]));
    for (const s of ADMIN_SUBJECTS) {
      expect(ability.can("manage", s)).toBe(true);
      expect(ability.can("delete", asSubject(s, { id: "x", companyId: COMPANY }))).toBe(true);
      expect(ability.can("delete", asSubject(s, { id: "x", companyId: OTHER_COMPANY }))).toBe(false);
    }
    expect(ability.can("update", asSubject("Company", { companyId: COMPANY }))).toBe(true);
    expect(ability.can("update", asSubject("Company", { companyId: OTHER_COMPANY }))).toBe(false);
    expect(ability.can("approve", app(OUTSIDE))).toBe(true);
    expect(ability.can("read", app(OUTSIDE, OTHER_COMPANY))).toBe(false);
    for (const s of ["Vendor", "Dashboard", "MyWork", "Framework"] as const) expect(ability.can("read", s)).toBe(true);
    expect(canSeeMenu(ability, "admin")).toBe(true);
    expect(canSeeMenu(ability, "frameworks")).toBe(true);
  });

  const APP_ROLES: Array<[RoleName, string[], string[]]> = [
    ["ApplicationContributor", ["create", "read", "update", "submit"], ["review", "approve", "delete"]],
    ["ApplicationReviewer", ["read", "review"], ["create", "update", "submit", "approve", "delete"]],
    ["ApplicationApprover", ["read", "approve"], ["create", "update", "submit", "review", "delete"]],
  ];

  describe.each(APP_ROLES)("%s", (role, allowed, denied) => {
    it("with an ALL group: every application of the company, none of another", () => {
      const ability = defineAbilityFor(userWith([[role, "ALL"]]));
      for (const action of allowed) {
        expect(ability.can(action as never, app(IN_GROUP))).toBe(true);
        expect(ability.can(action as never, app(OUTSIDE))).toBe(true);
        expect(ability.can(action as never, app(OUTSIDE, OTHER_COMPANY))).toBe(false);
      }
      for (const action of denied) expect(ability.can(action as never, app(IN_GROUP))).toBe(false);
    });

    it("with a SELECTED group: only the group's applications", () => {
      const ability = defineAbilityFor(userWith([[role, "SELECTED"]]));
      for (const action of allowed) {
        expect(ability.can(action as never, app(IN_GROUP))).toBe(true);
        expect(ability.can(action as never, app(OUTSIDE))).toBe(false);
        expect(ability.can(action as never, app(IN_GROUP, OTHER_COMPANY))).toBe(false);
      }
      for (const action of denied) expect(ability.can(action as never, app(IN_GROUP))).toBe(false);
    });

    it.each(["ALL", "SELECTED"] as const)("with %s: reads vendors, dashboard, my work; no admin subjects", (type) => {
      const ability = defineAbilityFor(userWith([[role, type]]));
      for (const s of ["Vendor", "Dashboard", "MyWork"] as const) expect(ability.can("read", s)).toBe(true);
      for (const s of ADMIN_SUBJECTS) {
        expect(ability.can("read", s)).toBe(false);
        expect(ability.can("manage", s)).toBe(false);
      }
      expect(ability.can("update", "Company")).toBe(false);
      expect(canSeeMenu(ability, "admin")).toBe(false);
      expect(canSeeMenu(ability, "applications")).toBe(true);
      const frameworks = role === "ApplicationReviewer" && type === "ALL";
      expect(ability.can("read", "Framework")).toBe(frameworks);
      expect(canSeeMenu(ability, "frameworks")).toBe(frameworks);
    });
  });

  it.each([
    ["ApplicationContributor", true],
    ["ApplicationReviewer", false],
    ["ApplicationApprover", false],
  ] as const)("vendors: %s edits them (%s), in its own company only, never deletes", (role, edits) => {
    for (const type of ["ALL", "SELECTED"] as const) {
      const ability = defineAbilityFor(userWith([[role, type]]));
      const vendor = (companyId: string) => asSubject("Vendor", { id: "v1", companyId });
      for (const action of ["create", "update"] as const) {
        expect(ability.can(action, vendor(COMPANY))).toBe(edits);
        expect(ability.can(action, vendor(OTHER_COMPANY))).toBe(false);
      }
      expect(ability.can("read", vendor(COMPANY))).toBe(true);
      expect(ability.can("delete", vendor(COMPANY))).toBe(false);
    }
  });

  describe("incidents: scoped by their application", () => {
    const incident = (applicationId: string, companyId = COMPANY) => asSubject("Incident", { id: "i1", applicationId, companyId, resource_group_ids: groupsOf(applicationId) });

    it.each([
      ["ApplicationContributor", ["create", "read", "update"]],
      ["ApplicationReviewer", ["read"]],
      ["ApplicationApprover", ["read"]],
    ] as const)("%s: %s on the incidents of the applications its group reaches, never delete", (role, allowed) => {
      const selected = defineAbilityFor(userWith([[role, "SELECTED"]]));
      const all = defineAbilityFor(userWith([[role, "ALL"]]));
      for (const action of ["create", "read", "update", "delete"] as const) {
        const may = (allowed as readonly string[]).includes(action);
        expect(selected.can(action, incident(IN_GROUP)), action).toBe(may);
        expect(selected.can(action, incident(OUTSIDE)), action).toBe(false);
        expect(all.can(action, incident(OUTSIDE)), action).toBe(may);
        expect(all.can(action, incident(OUTSIDE, OTHER_COMPANY)), action).toBe(false);
      }
      expect(canSeeMenu(selected, "incidents")).toBe(true);
    });

    it("Administrators manage their company's incidents, deleting included", () => {
      const ability = defineAbilityFor(userWith([["Administrator", "SELECTED"]]));
      expect(ability.can("delete", incident(OUTSIDE))).toBe(true);
      expect(ability.can("read", incident(OUTSIDE, OTHER_COMPANY))).toBe(false);
      expect(canSeeMenu(ability, "incidents")).toBe(true);
    });

    it("a grant on one application reaches that application's incidents only", () => {
      const ability = defineAbilityFor({ ...userWith([]), application_roles: [{ name: "ApplicationContributor", application_id: OUTSIDE }] });
      expect(ability.can("update", incident(OUTSIDE))).toBe(true);
      expect(ability.can("read", incident(IN_GROUP))).toBe(false);
    });
  });

  describe("testing tasks: scoped by their application", () => {
    const task = (applicationId: string, companyId = COMPANY) => asSubject("TestingTask", { applicationId, companyId, resource_group_ids: groupsOf(applicationId) });

    it.each([
      ["ApplicationContributor", ["create", "read", "update", "delete"]],
      ["ApplicationReviewer", ["read"]],
      ["ApplicationApprover", ["read"]],
    ] as const)("%s: %s on the tests of the applications its group reaches", (role, allowed) => {
      const selected = defineAbilityFor(userWith([[role, "SELECTED"]]));
      const all = defineAbilityFor(userWith([[role, "ALL"]]));
      for (const action of ["create", "read", "update", "delete"] as const) {
        const may = (allowed as readonly string[]).includes(action);
        expect(selected.can(action, task(IN_GROUP)), action).toBe(may);
        expect(selected.can(action, task(OUTSIDE)), action).toBe(false);
        expect(all.can(action, task(OUTSIDE)), action).toBe(may);
        expect(all.can(action, task(OUTSIDE, OTHER_COMPANY)), action).toBe(false);
      }
    });

    it("Administrators run and delete their company's tests; a grant reaches its application's tests only", () => {
      const admin = defineAbilityFor(userWith([["Administrator", "SELECTED"]]));
      expect(admin.can("delete", task(OUTSIDE))).toBe(true);
      expect(admin.can("read", task(OUTSIDE, OTHER_COMPANY))).toBe(false);
      const granted = defineAbilityFor({ ...userWith([]), application_roles: [{ name: "ApplicationContributor", application_id: OUTSIDE }] });
      expect(granted.can("create", task(OUTSIDE))).toBe(true);
      expect(granted.can("read", task(IN_GROUP))).toBe(false);
    });
  });

  it("a SELECTED group with no resources reaches no application", () => {
    const EMPTY_GROUP = "bbbbbbbb-0000-4000-8000-0000000000ff";
    const ability = defineAbilityFor({ id: USER_ID, companyId: COMPANY, roles: [{ name: "ApplicationContributor", resource_group: { id: EMPTY_GROUP, group_type: "SELECTED" } }] });
    expect(ability.can("read", app(IN_GROUP))).toBe(false);
  });

  it("a SELECTED group's rule names the group, not its applications: any of the record's groups matches, none or unknown does not", () => {
    const ability = defineAbilityFor(userWith([["ApplicationContributor", "SELECTED"]]));
    const conditions = ability.rulesFor("update", "Application").map((r) => r.conditions);
    expect(conditions).toEqual([{ companyId: COMPANY, resource_group_ids: { $in: [SELECTED_GROUP] } }]);
    const withGroups = (resource_group_ids?: string[]) => asSubject("Application", { id: OUTSIDE, companyId: COMPANY, resource_group_ids });
    expect(ability.can("update", withGroups([OTHER_GROUP, SELECTED_GROUP]))).toBe(true);
    expect(ability.can("update", withGroups([OTHER_GROUP]))).toBe(false);
    expect(ability.can("update", withGroups([]))).toBe(false);
    // A record read without its groups is refused (fail closed), never allowed.
    expect(ability.can("update", withGroups(undefined))).toBe(false);
    expect(ability.can("update", asSubject("Incident", { applicationId: OUTSIDE, companyId: COMPANY }))).toBe(false);
  });

  it("two SELECTED groups of one role make one rule naming both; grants make one rule naming the granted applications", () => {
    const user: AbilityUser = {
      id: USER_ID,
      companyId: COMPANY,
      roles: [
        { name: "ApplicationReviewer", resource_group: { id: SELECTED_GROUP, group_type: "SELECTED" } },
        { name: "ApplicationReviewer", resource_group: { id: OTHER_GROUP, group_type: "SELECTED" } },
      ],
      application_roles: [
        { name: "ApplicationApprover", application_id: IN_GROUP },
        { name: "ApplicationApprover", application_id: OUTSIDE },
      ],
    };
    const ability = defineAbilityFor(user);
    expect(ability.rulesFor("review", "Application").map((r) => r.conditions)).toEqual([{ companyId: COMPANY, resource_group_ids: { $in: [SELECTED_GROUP, OTHER_GROUP] } }]);
    expect(ability.rulesFor("approve", "Incident").length).toBe(0);
    expect(ability.rulesFor("read", "Incident").map((r) => r.conditions)).toContainEqual({ companyId: COMPANY, applicationId: { $in: [IN_GROUP, OUTSIDE] } });
    expect(ability.can("review", app(IN_GROUP))).toBe(true);
    expect(ability.can("review", app(OUTSIDE))).toBe(true);
    expect(ability.can("approve", asSubject("Application", { id: OUTSIDE, companyId: COMPANY, resource_group_ids: [] }))).toBe(true);
    expect(ability.can("approve", asSubject("Application", { id: USER_ID, companyId: COMPANY, resource_group_ids: [] }))).toBe(false);
  });

  it("roles add up: reviewer on SELECTED plus approver on ALL", () => {
    const ability = defineAbilityFor(userWith([["ApplicationReviewer", "SELECTED"], ["ApplicationApprover", "ALL"]]));
    expect(ability.can("review", app(IN_GROUP))).toBe(true);
    expect(ability.can("review", app(OUTSIDE))).toBe(false);
    expect(ability.can("approve", app(OUTSIDE))).toBe(true);
    expect(ability.can("read", "Framework")).toBe(false);
  });

  it("a grant on one application gives the role's actions on that application only, and lifts limited access", () => {
    const user: AbilityUser = { ...userWith([]), application_roles: [{ name: "ApplicationReviewer", application_id: OUTSIDE }] };
    const ability = defineAbilityFor(user);
    expect(isLimitedAccess(user)).toBe(false);
    expect(ability.can("review", app(OUTSIDE))).toBe(true);
    expect(ability.can("update", app(OUTSIDE))).toBe(false);
    expect(ability.can("read", app(IN_GROUP))).toBe(false);
    expect(ability.can("read", app(OUTSIDE, OTHER_COMPANY))).toBe(false);
    expect(canSeeMenu(ability, "applications")).toBe(true);
  });

  it("applicationRoleNames: the roles reaching one application through ALL groups, listing groups and grants", () => {
    const user: AbilityUser = {
      ...userWith([["ApplicationReviewer", "SELECTED"], ["Administrator", "SELECTED"], ["ApplicationApprover", "ALL"]]),
      application_roles: [{ name: "ApplicationContributor", application_id: OUTSIDE }],
    };
    expect(applicationRoleNames(user, { id: IN_GROUP, resource_group_ids: groupsOf(IN_GROUP) }).sort()).toEqual(["Administrator", "ApplicationApprover", "ApplicationReviewer"]);
    expect(applicationRoleNames(user, { id: OUTSIDE, resource_group_ids: groupsOf(OUTSIDE) }).sort()).toEqual(["ApplicationApprover", "ApplicationContributor"]);
  });

  it("a user with no roles can do nothing but read the own profile", () => {
    const user = userWith([]);
    const ability = defineAbilityFor(user);
    expect(isLimitedAccess(user)).toBe(true);
    expect(ability.can("read", asSubject("Profile", { id: USER_ID }))).toBe(true);
    expect(ability.can("read", asSubject("Profile", { id: "someone-else" }))).toBe(false);
    expect(ability.can("update", asSubject("Profile", { id: USER_ID }))).toBe(false);
    expect(ability.rules.map((r) => [r.action, r.subject])).toEqual([["read", "Profile"]]);
    for (const s of ["Application", "Incident", "TestingTask", "Vendor", "Dashboard", "MyWork", "Framework", "Company", ...ADMIN_SUBJECTS] as const) {
      expect(ability.can("read", s)).toBe(false);
    }
    for (const key of ["dashboard", "my-work", "applications", "vendors", "incidents", "frameworks", "admin"] as const) {
      expect(canSeeMenu(ability, key)).toBe(false);
    }
  });
});
