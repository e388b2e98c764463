import { describe, expect, it } from "vitest";
import { emptyLlmTally, groupResults, sentimentBucket, tallyResponse, type LlmTally } from "./groups";

function tally(favourable: number, unfavourable: number): LlmTally {
  const t = emptyLlmTally();
  for (let i = 0; i < favourable; i++) tallyResponse(t, false, 0.5, 10);
  for (let i = 0; i < unfavourable; i++) tallyResponse(t, false, -0.5, 10);
  return t;
}

describe("LLM groups", () => {
  it("puts each sentiment in one of five buckets of width 0.4, edges going up", () => {
    expect([-1, -0.61, -0.6, -0.2, 0, 0.2, 0.6, 1].map(sentimentBucket)).toEqual([0, 0, 1, 2, 2, 3, 4, 4]);
  });

  it("leaves a group under 2% out of the choice of the best group, and never flags a small one", () => {
    // X: 3 of 3 favourable but 3 of 203 responses; A: 60 of 100; B: 30 of 100, half of A's rate.
    const { best_group, groups } = groupResults(new Map([["A", tally(60, 40)], ["B", tally(30, 70)], ["X", tally(3, 0)]]), 203);
    expect(best_group).toBe("A");
    expect(groups.map((g) => g.group)).toEqual(["A", "B", "X"]);
    expect(groups[1]).toMatchObject({ favourable_ratio: 0.5, adverse_impact: true, small: false });
    expect(groups[2]).toMatchObject({ excluded: true, small: true, favourable_ratio: null, adverse_impact: false, flags: [] });
  });

  it("reports the ratio as undefined, not NaN, when no group has a favourable response", () => {
    const { groups } = groupResults(new Map([["A", tally(0, 40)], ["B", tally(0, 40)]]), 80);
    expect(groups.every((g) => g.favourable_ratio === null && !g.adverse_impact)).toBe(true);
  });
});
