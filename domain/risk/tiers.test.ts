import { describe, expect, it } from "vitest";
import { RISK_TIERS, nextReviewDue, tierColour, tierLabelKey } from "./tiers";

describe("tiers", () => {
  it("colours prohibited and high red, medium yellow, low green, not assessed grey", () => {
    expect(RISK_TIERS.map(tierColour)).toEqual(["red", "red", "yellow", "green"]);
    expect(tierColour(null)).toBe("grey");
  });

  it("labels a missing tier as not assessed", () => {
    expect(tierLabelKey(null)).toBe("risk.tiers.notAssessed.label");
    expect(tierLabelKey("high")).toBe("risk.tiers.high.label");
  });
});

describe("nextReviewDue", () => {
  const approvedAt = new Date("2026-03-20T10:30:00Z");

  it("is 90 days later for high (quarterly)", () => {
    expect(nextReviewDue("high", approvedAt)).toEqual(new Date("2026-06-18T10:30:00Z"));
  });

  it("is 365 days later for medium (annual)", () => {
    expect(nextReviewDue("medium", approvedAt)).toEqual(new Date("2027-03-20T10:30:00Z"));
  });

  it("is none for low, prohibited and not assessed", () => {
    expect(nextReviewDue("low", approvedAt)).toBeNull();
    expect(nextReviewDue("prohibited", approvedAt)).toBeNull();
    expect(nextReviewDue(null, approvedAt)).toBeNull();
  });

  it("does not change the date it is given", () => {
    nextReviewDue("high", approvedAt);
    expect(approvedAt.toISOString()).toBe("2026-03-20T10:30:00.000Z");
  });
});
