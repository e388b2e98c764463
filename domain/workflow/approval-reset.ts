import { materiallyChanged, type ClassificationResult } from "../risk/classify";
import type { ApprovalStatus } from "./approval";

/** Where an approval that no longer holds goes back to. */
export const APPROVAL_RESET_STATUS: ApprovalStatus = "draft";

export type ApprovalResetReason = "workflow.resetReasons.tierChanged" | "workflow.resetReasons.detailsChangedMaterially";

type Classification = Pick<ClassificationResult, "risk_tier" | "tier_rule_outcomes">;

/**
 * An approved application whose tier changed, or whose details
 * changed materially (a tier rule's outcome changed), needs re-approval. Gives
 * the reason to record with the move to draft, or null when the approval holds.
 */
export function approvalResetReason(input: {
  readonly status: ApprovalStatus;
  readonly before: Classification;
  readonly after: Classification;
}): ApprovalResetReason | null {
  if (input.status !== "approved") return null;
  if (input.before.risk_tier !== input.after.risk_tier) return "workflow.resetReasons.tierChanged";
  return materiallyChanged(input.before, input.after) ? "workflow.resetReasons.detailsChangedMaterially" : null;
}
