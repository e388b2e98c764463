import { describe, expect, it } from "vitest";
import { APPROVAL_STATUSES } from "./approval";
import { DEVELOPMENT_STATUSES, checkDevelopmentMove, deploymentBlockReason } from "./development";

const toDeployed = { from: "testing" as const, to: "deployed" as const };

describe("checkDevelopmentMove", () => {
  it.each(["high", "medium"] as const)("deploys a %s application only while approved", (tier) => {
    expect(checkDevelopmentMove({ ...toDeployed, tier, approvalStatus: "approved" })).toEqual({ ok: true });
    for (const approvalStatus of APPROVAL_STATUSES.filter((s) => s !== "approved")) {
      expect(checkDevelopmentMove({ ...toDeployed, tier, approvalStatus }), approvalStatus).toEqual({
        ok: false,
        reason: "workflow.errors.deploymentNeedsApproval",
      });
    }
  });

  it("deploys a low application without approval", () => {
    for (const approvalStatus of APPROVAL_STATUSES) {
      expect(checkDevelopmentMove({ ...toDeployed, tier: "low", approvalStatus })).toEqual({ ok: true });
    }
  });

  it("never deploys a prohibited application, whatever its approval", () => {
    for (const approvalStatus of APPROVAL_STATUSES) {
      expect(checkDevelopmentMove({ ...toDeployed, tier: "prohibited", approvalStatus })).toEqual({
        ok: false,
        reason: "workflow.errors.prohibitedNeverDeployed",
      });
    }
  });

  it("never deploys an application that is not assessed", () => {
    expect(checkDevelopmentMove({ ...toDeployed, tier: null, approvalStatus: "approved" })).toEqual({
      ok: false,
      reason: "workflow.errors.notAssessedNeverDeployed",
    });
  });

  it("allows any other move between different statuses, even for a prohibited application", () => {
    for (const from of DEVELOPMENT_STATUSES) {
      for (const to of DEVELOPMENT_STATUSES) {
        if (from === to || to === "deployed") continue;
        expect(checkDevelopmentMove({ from, to, tier: "prohibited", approvalStatus: "draft" }), `${from} → ${to}`).toEqual({
          ok: true,
        });
      }
    }
  });

  it("refuses a move to the same status", () => {
    expect(checkDevelopmentMove({ from: "idea", to: "idea", tier: "low", approvalStatus: "draft" })).toEqual({
      ok: false,
      reason: "workflow.errors.sameStatus",
    });
  });
});

describe("deploymentBlockReason", () => {
  it("tells whether a deployed application may stay deployed", () => {
    expect(deploymentBlockReason("high", "approved")).toBeNull();
    expect(deploymentBlockReason("high", "draft")).toBe("workflow.errors.deploymentNeedsApproval");
    expect(deploymentBlockReason("low", "draft")).toBeNull();
  });
});
