import type { RiskTier } from "../risk/tiers";
import type { ApprovalStatus } from "./approval";
import { refused, type MoveCheck, type WorkflowErrorKey } from "./move-check";

/** An application's development statuses, in workflow order. */
export const DEVELOPMENT_STATUSES = ["idea", "in_development", "testing", "deployed", "retired"] as const;
export type DevelopmentStatus = (typeof DEVELOPMENT_STATUSES)[number];

export function isDevelopmentStatus(value: unknown): value is DevelopmentStatus {
  return typeof value === "string" && (DEVELOPMENT_STATUSES as readonly string[]).includes(value);
}

/** Tiers that need validation, i.e. approval, before deployment. */
const TIERS_VALIDATED_BEFORE_DEPLOYMENT: readonly RiskTier[] = ["high", "medium"];

/**
 * Why the application may not be `deployed` now, or null when it may. Also
 * tells the server whether a deployed application still may be (e.g. after
 * its approval was reset).
 *
 * A not-assessed application (tier null) is never deployed: nothing says it is
 * low, so it gets no pass on validation.
 */
export function deploymentBlockReason(tier: RiskTier | null, approvalStatus: ApprovalStatus): WorkflowErrorKey | null {
  if (tier === "prohibited") return "workflow.errors.prohibitedNeverDeployed";
  if (tier === null) return "workflow.errors.notAssessedNeverDeployed";
  if (TIERS_VALIDATED_BEFORE_DEPLOYMENT.includes(tier) && approvalStatus !== "approved") {
    return "workflow.errors.deploymentNeedsApproval";
  }
  return null;
}

export interface DevelopmentMoveContext {
  readonly from: DevelopmentStatus;
  readonly to: DevelopmentStatus;
  /** The application's current tier; null when not assessed. */
  readonly tier: RiskTier | null;
  readonly approvalStatus: ApprovalStatus;
}

/**
 * Whether the development status may move from `from` to `to`. There is
 * no fixed path between the statuses (an idea may be retired, a deployed
 * application taken back to testing), so only the move into `deployed` is
 * guarded. Who may make it is decided by the access rules, not here.
 */
export function checkDevelopmentMove(context: DevelopmentMoveContext): MoveCheck {
  if (context.from === context.to) return refused("workflow.errors.sameStatus");
  if (context.to !== "deployed") return { ok: true };
  const blocked = deploymentBlockReason(context.tier, context.approvalStatus);
  return blocked === null ? { ok: true } : refused(blocked);
}

export const developmentStatusLabelKey = (status: DevelopmentStatus) => `workflow.developmentStatuses.${status}`;
