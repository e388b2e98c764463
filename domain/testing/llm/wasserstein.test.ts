import { describe, expect, it } from "vitest";
import { wasserstein1 } from "./wasserstein";

describe("Wasserstein-1", () => {
  it("is the mean absolute difference of the sorted samples when they have the same size", () => {
    expect(wasserstein1([0.4, 0.2, 0.9], [0.1, 0.6, 0.4])).toBeCloseTo((0.1 + 0 + 0.3) / 3, 15);
  });

  it("integrates the gap between the CDFs for samples of different sizes", () => {
    // Half of [0, 1]'s mass moves 0.5 to meet 0.5.
    expect(wasserstein1([0, 1], [0.5])).toBeCloseTo(0.5, 15);
    // Two thirds of the mass moves from 0 to 1.
    expect(wasserstein1([0, 0, 1], [1])).toBeCloseTo(2 / 3, 15);
    expect(wasserstein1([0.3, -0.2], [-0.2, 0.3])).toBe(0);
    expect(wasserstein1([], [1])).toBeNull();
  });
});
