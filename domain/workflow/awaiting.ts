import type { RoleName } from "../access/current-user";
import type { ApprovalStatus } from "./approval";

/** What an application can ask of one person: the approval steps that wait on them by name or by role. */
export const AWAITING_KINDS = ["review", "approve", "changes_requested", "reapproval"] as const;
export type AwaitingKind = (typeof AWAITING_KINDS)[number];

export interface AwaitingApplication {
  approval_status: ApprovalStatus;
  /** Who submitted it for approval: an approver never decides their own submission. */
  submitted_by: string | null;
  owner_id: string | null;
  /** Set while an approval that a material change reset waits for a new submission. */
  approval_reset_reason: string | null;
}

export interface AwaitingPerson {
  id: string;
  /** Whether the person holds the role on this application (through a group or a grant on it). */
  holds(role: RoleName): boolean;
}

/**
 * One step that waits on a person, as data: every condition given must hold. The server turns the same
 * rules into SQL (it pages My Work in the database), so the rule is written here once for both.
 */
export interface AwaitingRule {
  kind: AwaitingKind;
  /** The application is in this approval status. */
  status?: ApprovalStatus;
  /** A material change reset its approval and it waits for a new submission. */
  reset?: true;
  /** The person holds this role on the application. */
  role?: RoleName;
  /** The person owns the application. */
  owner?: true;
  /** The person did not submit it (no one decides their own submission). */
  notSubmitter?: true;
}

/**
 * What waits on whom: reviewers start the review of a submitted application, approvers decide one in review
 * that they did not submit, and its owner answers requested changes and resubmits one whose approval a
 * material change reset.
 */
export const AWAITING_RULES: readonly AwaitingRule[] = [
  { kind: "review", status: "submitted", role: "ApplicationReviewer" },
  { kind: "approve", status: "in_review", role: "ApplicationApprover", notSubmitter: true },
  { kind: "changes_requested", status: "changes_requested", owner: true },
  { kind: "reapproval", reset: true, owner: true },
];

function waits(rule: AwaitingRule, app: AwaitingApplication, person: AwaitingPerson): boolean {
  if (rule.status !== undefined && app.approval_status !== rule.status) return false;
  if (rule.reset && app.approval_reset_reason === null) return false;
  if (rule.owner && app.owner_id !== person.id) return false;
  if (rule.notSubmitter && app.submitted_by === person.id) return false;
  if (rule.role !== undefined && !person.holds(rule.role)) return false;
  return true;
}

/** What waits for `person` on `app`, the one definition the dashboard and My Work share (AWAITING_RULES). */
export function awaitingActions(app: AwaitingApplication, person: AwaitingPerson): AwaitingKind[] {
  return AWAITING_RULES.filter((rule) => waits(rule, app, person)).map((rule) => rule.kind);
}
