import { describe, expect, it } from "vitest";
import { APPROVAL_STATUSES } from "./approval";
import { approvalResetReason } from "./approval-reset";
import { classifyWith } from "../risk/test-support";

const medium = classifyWith({ intended_users: ["customers"] });
const mediumMoreRules = classifyWith({ intended_users: ["customers"], internet_facing: true });
const high = classifyWith({ business_criticality: "high" });
const mediumOtherText = classifyWith({ intended_users: ["customers"], purpose: "Reworded purpose.", uses_foundation_model: true });

describe("approvalResetReason", () => {
  it("sends an approved application back when its tier changes", () => {
    expect(approvalResetReason({ status: "approved", before: medium, after: high })).toBe("workflow.resetReasons.tierChanged");
  });

  it("sends an approved application back when a tier rule's outcome changes", () => {
    expect(approvalResetReason({ status: "approved", before: medium, after: mediumMoreRules })).toBe(
      "workflow.resetReasons.detailsChangedMaterially",
    );
  });

  it("keeps the approval when nothing material changed", () => {
    expect(approvalResetReason({ status: "approved", before: medium, after: mediumOtherText })).toBeNull();
  });

  it("only ever resets an approved application", () => {
    for (const status of APPROVAL_STATUSES.filter((s) => s !== "approved")) {
      expect(approvalResetReason({ status, before: medium, after: high }), status).toBeNull();
    }
  });
});
