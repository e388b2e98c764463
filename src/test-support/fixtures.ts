import { defineAbilityFor, packAbility } from "../../domain/access/abilities";
import type { CurrentUser } from "../../domain/access/current-user";
import type { Application } from "../../domain/entities/application";

/** Shared sample data for component tests; tests override what they are about. */
const COMPANY_ID = "00000000-0000-4000-8000-000000000001";
export const USER_ID = "00000000-0000-4000-8000-00000000000c";
export const APP_ID = "00000000-0000-4000-8000-0000000000f1";
export const GROUP_ALL = { id: "00000000-0000-4000-8000-0000000000a1", name: "All applications", group_type: "ALL" as const };
export const GROUP_CLAIMS = { id: "00000000-0000-4000-8000-0000000000a2", name: "Claims AI", group_type: "SELECTED" as const };
export const GROUP_CUSTOMER = { id: "00000000-0000-4000-8000-0000000000a3", name: "Customer AI", group_type: "SELECTED" as const };

/**
 * Carlos Contributor, signed in with `roles`, and the packed rules the API would send for them. The rules name
 * his groups; the records say which groups they belong to (`resource_group_ids`: APP_ID belongs to every
 * SELECTED group here, see APP_GROUPS).
 */
export function aUser(roles: CurrentUser["roles"], overrides: Partial<CurrentUser> = {}): CurrentUser {
  const user = {
    id: USER_ID,
    email: "contributor@steward.test",
    first_name: "Carlos",
    last_name: "Contributor",
    language: "en" as const,
    companyId: COMPANY_ID,
    roles,
    application_roles: [],
    ...overrides,
  };
  return { rules: packAbility(defineAbilityFor(user)), ...user };
}

/** The groups Carlos's application APP_ID belongs to, as the API returns them with it. */
export const APP_GROUPS = [GROUP_CLAIMS.id, GROUP_CUSTOMER.id];

/** Carlos's draft "Claims triage", a medium-risk idea. */
export function anApplication(overrides: Partial<Application> = {}): Application {
  return {
    version: 1,
    id: APP_ID,
    name: "Claims triage",
    description: "Sorts incoming claims by urgency.",
    owner: { id: USER_ID, name: "Carlos Contributor" },
    risk_tier: "medium",
    risk_descriptors: [],
    approval_status: "draft",
    development_status: "idea",
    approval_reset_reason: null,
    submitted_by: null,
    approved_at: null,
    next_review_due: null,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    resource_group_ids: APP_GROUPS,
    ...overrides,
  };
}
