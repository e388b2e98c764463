import { describe, expect, it } from "vitest";
import { fisherExactTwoSided, medianInPlace, wilsonInterval } from "./statistics";

describe("the Wilson score interval", () => {
  it("matches the closed form for 5 of 10", () => {
    // z² = 3.841458820694124: centre 0.5, half-width z·√(0.025 + z²/400) / (1 + z²/10).
    const { low, high } = wilsonInterval(5, 10);
    expect(low).toBeCloseTo(0.236593090512564, 12);
    expect(high).toBeCloseTo(0.7634069094874361, 12);
  });

  it("stays inside [0, 1] at rates of 0 and 1", () => {
    expect(wilsonInterval(0, 20).low).toBe(0);
    expect(wilsonInterval(0, 20).high).toBeCloseTo(0.1611251, 6);
    expect(wilsonInterval(20, 20).high).toBe(1);
    expect(wilsonInterval(1, 1).low).toBeCloseTo(0.2065493, 6);
  });
});

describe("the two-sided Fisher exact test", () => {
  it("sums the tables no more likely than the observed one", () => {
    // Margins 4/4/4 of 8: weights 1, 16, 36, 16, 1 over 70; 3 of 4 is as likely as 1 of 4.
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(34 / 70, 15);
    expect(fisherExactTwoSided(4, 0, 0, 4)).toBeCloseTo(2 / 70, 15);
    expect(fisherExactTwoSided(2, 2, 2, 2)).toBe(1);
  });

  it("is 1 when the margins allow one table only", () => {
    expect(fisherExactTwoSided(0, 10, 0, 10)).toBe(1);
    expect(fisherExactTwoSided(5, 0, 5, 0)).toBe(1);
  });

  it("keeps its precision for large samples", () => {
    // SciPy 1.17: fisher_exact([[1000, 99000], [1500, 98500]]).pvalue
    expect(fisherExactTwoSided(1000, 99_000, 1500, 98_500) / 7.05087947797859e-24).toBeCloseTo(1, 9);
  });
});

describe("the median", () => {
  it("is the middle value, or the mean of the two middle values", () => {
    expect(medianInPlace(Float64Array.from([3, 1, 2]))).toBe(2);
    expect(medianInPlace(Float64Array.from([4, 1, 3, 2]))).toBe(2.5);
  });
});
