import { AbilityBuilder, createMongoAbility, subject as tagSubject, type ForcedSubject, type MongoAbility, type MongoQuery, type RawRuleOf } from "@casl/ability";
import { packRules, unpackRules, type PackRule } from "@casl/ability/extra";
import type { GroupType, RoleName } from "./current-user";

/**
 * Who may do what: the only place that says so. The server attaches `request.ability`
 * per request (server/plugins/ability.ts); the browser can build the same ability from GET /access/user.
 */
const ACTIONS = ["manage", "create", "read", "update", "delete", "submit", "review", "approve"] as const;
export type Action = (typeof ACTIONS)[number];

const SUBJECTS = [
  "Application",
  "Vendor",
  "Incident",
  "TestingTask",
  "Dashboard",
  "MyWork",
  "Framework",
  "User",
  "ResourceGroup",
  "ApiClient",
  "Company",
  "Role",
  "Profile",
  "AuditLog",
  "FeatureFlag",
] as const;
export type SubjectName = (typeof SUBJECTS)[number];

/** A subject type, or a record tagged with one (use `asSubject`) so conditions apply to its fields. */
export type Subject = SubjectName | "all" | (ForcedSubject<SubjectName> & Record<string, unknown>);
export type AppAbility = MongoAbility<[Action, Subject], MongoQuery>;

/**
 * What the rules need to know about a user; both the server's CurrentUser and GET /access/user fit. A group is
 * known by its id only: the rules say "an application of this group", never which applications those are, so
 * neither the rules nor the request that builds them grow with the groups.
 */
export interface AbilityUser {
  id: string;
  companyId: string;
  roles: ReadonlyArray<{
    name: string;
    resource_group: { id: string; group_type: GroupType };
  }>;
  /** Roles granted on single applications (GET/PUT /applications/{id}/role-assignments), on top of the groups. */
  application_roles?: ReadonlyArray<{ name: string; application_id: string }>;
}

/** A role check matches when the role name contains the role string. */
export function roleMatches(roleName: string, role: RoleName): boolean {
  return roleName.includes(role);
}

export function hasRole(user: Pick<AbilityUser, "roles">, role: RoleName): boolean {
  return user.roles.some((r) => roleMatches(r.name, role));
}

/**
 * Tags a plain record with its subject type so conditions (companyId, id, applicationId, resource_group_ids) are
 * checked against it. An application, incident or testing task carries `resource_group_ids`: the groups its
 * application belongs to (for an incident or a task, those of its application).
 */
export function asSubject<T extends Record<string, unknown>>(type: SubjectName, record: T) {
  return tagSubject(type, { ...record }) as T & ForcedSubject<SubjectName> & Record<string, unknown>;
}

const APPLICATION_ACTIONS: Partial<Record<RoleName, Action[]>> = {
  ApplicationContributor: ["create", "read", "update", "submit"],
  ApplicationReviewer: ["read", "review"],
  ApplicationApprover: ["read", "approve"],
};

const APPLICATION_ROLES = Object.keys(APPLICATION_ACTIONS) as RoleName[];

/**
 * An incident belongs to an application: whoever's role reaches the application reads its incidents, and
 * contributors record and follow them up. Deleting one is for Administrators only (it is a compliance record).
 */
const INCIDENT_ACTIONS: Partial<Record<RoleName, Action[]>> = {
  ApplicationContributor: ["create", "read", "update"],
  ApplicationReviewer: ["read"],
  ApplicationApprover: ["read"],
};

/**
 * A testing task belongs to an application the same way: every role that reaches the application reads its tests,
 * and contributors start, retry and delete them (a test is a run of the application's data, not a compliance record).
 */
const TESTING_ACTIONS: Partial<Record<RoleName, Action[]>> = {
  ApplicationContributor: ["create", "read", "update", "delete"],
  ApplicationReviewer: ["read"],
  ApplicationApprover: ["read"],
};

/** Conditions on string-typed subjects: CASL infers `never` for their fields, so say what they are here once. */
const where = (conditions: Record<string, unknown>) => conditions as MongoQuery<never>;

export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const companyId = user.companyId;

  // Everyone signed in, roles or not: their own profile.
  can("read", "Profile", where({ id: user.id }));

  if (!isLimitedAccess(user)) {
    can("read", ["Vendor", "Dashboard", "MyWork"], where({ companyId }));
  }

  /** The role's actions on the applications `reach` names, and on their incidents and tests (`byApplication`). */
  const allowOn = (appRole: RoleName, reach: Record<string, unknown>, byApplication: Record<string, unknown>) => {
    can(APPLICATION_ACTIONS[appRole]!, "Application", where({ companyId, ...reach }));
    can(INCIDENT_ACTIONS[appRole]!, "Incident", where({ companyId, ...byApplication }));
    can(TESTING_ACTIONS[appRole]!, "TestingTask", where({ companyId, ...byApplication }));
  };

  for (const appRole of APPLICATION_ROLES) {
    const groups = user.roles.filter((r) => roleMatches(r.name, appRole)).map((r) => r.resource_group);
    // An ALL group reaches the whole company; SELECTED groups reach the applications that belong to one of them.
    if (groups.some((g) => g.group_type === "ALL")) allowOn(appRole, {}, {});
    else if (groups.length) {
      const inGroups = { resource_group_ids: { $in: groups.map((g) => g.id) } };
      allowOn(appRole, inGroups, inGroups);
    }
    const granted = (user.application_roles ?? []).filter((g) => roleMatches(g.name, appRole)).map((g) => g.application_id);
    if (granted.length) allowOn(appRole, { id: { $in: granted } }, { applicationId: { $in: granted } });
  }

  for (const role of user.roles) {
    // Contributors keep the company's vendor list (vendors belong to no application group).
    if (roleMatches(role.name, "ApplicationContributor")) can(["create", "update"], "Vendor", where({ companyId }));
    if (roleMatches(role.name, "ApplicationReviewer") && role.resource_group.group_type === "ALL") {
      can("read", "Framework", where({ companyId }));
    }
  }

  if (hasRole(user, "Administrator")) {
    // Manage everything, but only inside the own company (records without companyId are type-level checks).
    can("manage", "all", where({ companyId }));
  }

  return build();
}

/**
 * The role names through which the user reaches one application: a group of type ALL, a SELECTED group it
 * belongs to (`resource_group_ids`, read with the application), or a grant on it. The approval moves ask for
 * roles, not abilities: an Administrator may do everything but approves only as an ApplicationApprover
 * (separation of duties).
 */
export function applicationRoleNames(user: AbilityUser, application: { id: string; resource_group_ids: readonly string[] }): string[] {
  const viaGroups = user.roles
    .filter((r) => r.resource_group.group_type === "ALL" || application.resource_group_ids.includes(r.resource_group.id))
    .map((r) => r.name);
  const viaGrants = (user.application_roles ?? []).filter((g) => g.application_id === application.id).map((g) => g.name);
  return [...new Set([...viaGroups, ...viaGrants])];
}

/** The browser's navigation: which menu entry needs which permission. */
export const MENU_ITEMS = [
  { key: "dashboard", path: "/", action: "read", subject: "Dashboard" },
  { key: "my-work", path: "/my-work", action: "read", subject: "MyWork" },
  { key: "applications", path: "/applications", action: "read", subject: "Application" },
  { key: "vendors", path: "/vendors", action: "read", subject: "Vendor" },
  { key: "incidents", path: "/incidents", action: "read", subject: "Incident" },
  { key: "frameworks", path: "/frameworks", action: "read", subject: "Framework" },
  { key: "admin", path: "/admin", action: "manage", subject: "User" },
] as const satisfies ReadonlyArray<{ key: string; path: string; action: Action; subject: SubjectName }>;

export type MenuKey = (typeof MENU_ITEMS)[number]["key"];

/**
 * The rules as they travel to the browser: CASL's packed form of exactly the rules the server enforces,
 * so a page decides per record (this application, that vendor) with the same conditions the API applies.
 */
export type PackedRules = PackRule<RawRuleOf<AppAbility>>[];

export function packAbility(ability: AppAbility): PackedRules {
  return packRules(ability.rules);
}

export function abilityFromPacked(rules: PackedRules): AppAbility {
  return createMongoAbility<AppAbility>(unpackRules(rules));
}

/** True when the user has no role at all: the "limited access" state, where only /limited-access and /settings open. */
export function isLimitedAccess(user: Pick<AbilityUser, "roles" | "application_roles">): boolean {
  return user.roles.length === 0 && (user.application_roles ?? []).length === 0;
}
