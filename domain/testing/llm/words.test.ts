import { describe, expect, it } from "vitest";
import { medianOf, tokenize } from "./words";

describe("words", () => {
  it("splits on anything but letters and digits, lower-cases, keeps accents and apostrophes inside words", () => {
    expect(tokenize("Según ÉL, the candidate can’t start before 2027-01!")).toEqual(["según", "él", "the", "candidate", "can't", "start", "before", "2027", "01"]);
    expect(tokenize("  ")).toEqual([]);
  });

  it("takes the median of odd and even counts, and none of nothing", () => {
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([4, 1, 3, 10])).toBe(3.5);
    expect(medianOf([])).toBeNull();
  });
});
