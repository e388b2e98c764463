/** Why a status move is refused: the last segment of an i18n key under `workflow.errors`. */
export const WORKFLOW_ERRORS = [
  "sameStatus",
  "approvalMoveNotAllowed",
  "contributorRoleRequired",
  "reviewerRoleRequired",
  "approverRoleRequired",
  "prohibitedNeverApproved",
  "notAssessedNeverApproved",
  "approverIsSubmitter",
  "prohibitedNeverDeployed",
  "notAssessedNeverDeployed",
  "deploymentNeedsApproval",
] as const;
type WorkflowError = (typeof WORKFLOW_ERRORS)[number];
export type WorkflowErrorKey = `workflow.errors.${WorkflowError}`;

/** The answer to "may this move be made?"; a refusal carries the i18n key of its reason. */
export type MoveCheck = { ok: true } | { ok: false; reason: WorkflowErrorKey };

export function refused(reason: WorkflowErrorKey): MoveCheck {
  return { ok: false, reason };
}
