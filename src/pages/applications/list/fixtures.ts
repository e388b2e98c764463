import type { CurrentUser } from "../../../../domain/access/current-user";
import type { Application } from "../../../../domain/entities/application";

export const COMPANY_ID = "00000000-0000-4000-8000-000000000001";
export const GROUP_ALL = { id: "00000000-0000-4000-8000-0000000000a1", name: "All applications", group_type: "ALL" as const };
export const GROUP_CLAIMS = { id: "00000000-0000-4000-8000-0000000000a2", name: "Claims AI", group_type: "SELECTED" as const };
export const GROUP_CUSTOMER = { id: "00000000-0000-4000-8000-0000000000a3", name: "Customer AI", group_type: "SELECTED" as const };

export function aUser(roles: CurrentUser["roles"]): CurrentUser {
  return {
    id: "00000000-0000-4000-8000-00000000000c",
    email: "contributor@steward.test",
    first_name: "Carlos",
    last_name: "Contributor",
    language: "en",
    companyId: COMPANY_ID,
    roles,
    application_roles: [],
  };
}

export function anApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: "00000000-0000-4000-8000-0000000000f1",
    name: "Claims triage",
    description: "Sorts incoming claims by urgency.",
    owner: { id: "00000000-0000-4000-8000-00000000000c", name: "Carlos Contributor" },
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
    ...overrides,
  };
}
