import type { RiskTier } from "../risk/tiers";
import { refused, type MoveCheck, type WorkflowErrorKey } from "./move-check";

/** An application's approval statuses. */
export const APPROVAL_STATUSES = ["draft", "submitted", "in_review", "approved", "rejected", "changes_requested"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export function isApprovalStatus(value: unknown): value is ApprovalStatus {
  return typeof value === "string" && (APPROVAL_STATUSES as readonly string[]).includes(value);
}

export const APPROVAL_ROLES = ["ApplicationContributor", "ApplicationReviewer", "ApplicationApprover"] as const;
type ApprovalRole = (typeof APPROVAL_ROLES)[number];

const ADMINISTRATOR_ROLE = "Administrator";

export const APPROVAL_ACTIONS = ["submit", "startReview", "requestChanges", "approve", "reject"] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export interface ApprovalMove {
  readonly from: ApprovalStatus;
  readonly to: ApprovalStatus;
  /** The role whose holder may make the move. */
  readonly role: ApprovalRole;
  /**
   * An Administrator may make it too: for the submit moves only (an ApplicationContributor
   * or an Administrator submits); review and approval stay
   * with their own roles, so an administrator cannot approve without also being
   * an approver (separation of duties).
   */
  readonly administratorToo: boolean;
  readonly action: ApprovalAction;
}

/**
 * Every move a user may make. The one move not here, approved →
 * draft when the classification changes materially, is made by the system
 * (see approvalResetReason).
 */
export const APPROVAL_MOVES: readonly ApprovalMove[] = [
  { from: "draft", to: "submitted", role: "ApplicationContributor", administratorToo: true, action: "submit" },
  { from: "changes_requested", to: "submitted", role: "ApplicationContributor", administratorToo: true, action: "submit" },
  { from: "rejected", to: "submitted", role: "ApplicationContributor", administratorToo: true, action: "submit" },
  { from: "submitted", to: "in_review", role: "ApplicationReviewer", administratorToo: false, action: "startReview" },
  { from: "in_review", to: "changes_requested", role: "ApplicationReviewer", administratorToo: false, action: "requestChanges" },
  { from: "in_review", to: "approved", role: "ApplicationApprover", administratorToo: false, action: "approve" },
  { from: "in_review", to: "rejected", role: "ApplicationApprover", administratorToo: false, action: "reject" },
];

export interface ApprovalMoveContext {
  readonly from: ApprovalStatus;
  /** The application's current tier; null when not assessed. */
  readonly tier: RiskTier | null;
  /**
   * Whether the user holds a role on this application's resource group. Role
   * matching (the role name *contains* the role string) and access to the
   * application are decided by the caller.
   */
  readonly roles: (role: string) => boolean;
  /** The user is the one who submitted the application for review. */
  readonly isSubmitter: boolean;
}

const ROLE_REQUIRED_REASONS: Readonly<Record<ApprovalRole, WorkflowErrorKey>> = {
  ApplicationContributor: "workflow.errors.contributorRoleRequired",
  ApplicationReviewer: "workflow.errors.reviewerRoleRequired",
  ApplicationApprover: "workflow.errors.approverRoleRequired",
};

function findMove(from: ApprovalStatus, to: ApprovalStatus): ApprovalMove | undefined {
  return APPROVAL_MOVES.find((m) => m.from === from && m.to === to);
}

function checkMove(move: ApprovalMove, context: ApprovalMoveContext): MoveCheck {
  const hasRole = context.roles(move.role) || (move.administratorToo && context.roles(ADMINISTRATOR_ROLE));
  if (!hasRole) return refused(ROLE_REQUIRED_REASONS[move.role]);
  if (move.to === "approved") {
    if (context.tier === "prohibited") return refused("workflow.errors.prohibitedNeverApproved");
    // Approval approves an assessment; without a tier there is none to approve.
    if (context.tier === null) return refused("workflow.errors.notAssessedNeverApproved");
  }
  // The approver's decision, either way, is never the submitter's own.
  if (move.role === "ApplicationApprover" && context.isSubmitter) {
    return refused("workflow.errors.approverIsSubmitter");
  }
  return { ok: true };
}

/** Whether this user may move the application's approval status from `from` to `to`. */
export function checkApprovalMove(context: ApprovalMoveContext & { readonly to: ApprovalStatus }): MoveCheck {
  if (context.from === context.to) return refused("workflow.errors.sameStatus");
  const move = findMove(context.from, context.to);
  if (!move) return refused("workflow.errors.approvalMoveNotAllowed");
  return checkMove(move, context);
}

/** The moves this user may make now, e.g. for the buttons shown. */
export function allowedApprovalMoves(context: ApprovalMoveContext): ApprovalMove[] {
  return APPROVAL_MOVES.filter((m) => m.from === context.from && checkMove(m, context).ok);
}

// i18n keys (locales/<lng>/workflow.json).
export const approvalStatusLabelKey = (status: ApprovalStatus) => `workflow.approvalStatuses.${status}`;
export const approvalActionLabelKey = (action: ApprovalAction) => `workflow.actions.${action}`;
