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
 * What waits for `person` on `app`, the one definition the dashboard and My Work share: reviewers start
 * the review of a submitted application, approvers decide one in review that they did not submit, and
 * its owner answers requested changes and resubmits one whose approval a material change reset.
 */
export function awaitingActions(app: AwaitingApplication, person: AwaitingPerson): AwaitingKind[] {
  const kinds: AwaitingKind[] = [];
  if (app.approval_status === "submitted" && person.holds("ApplicationReviewer")) kinds.push("review");
  if (app.approval_status === "in_review" && person.holds("ApplicationApprover") && app.submitted_by !== person.id) kinds.push("approve");
  const owns = app.owner_id === person.id;
  if (owns && app.approval_status === "changes_requested") kinds.push("changes_requested");
  if (owns && app.approval_reset_reason !== null) kinds.push("reapproval");
  return kinds;
}
