import { describe, expect, it } from "vitest";
import { counterfactualResults, type TwinRow } from "./counterfactual";
import { summarizeResults } from "./summary";
import { FairnessAccumulator } from "./accumulator";

const twin = (twin_set: string, group: string, score: number, attribute = "sex"): TwinRow => ({ twin_set, attribute, group, score, positive: score > 0.5 });

describe("counterfactual twins", () => {
  it("counts the twin sets whose decision changes with the attribute, and lists the largest score gaps", () => {
    const [sex] = counterfactualResults([
      twin("1-sex", "F", 0.4), twin("1-sex", "M", 0.7), // flips, gap 0.3
      twin("2-sex", "F", 0.6), twin("2-sex", "M", 0.65), // same decision, gap 0.05
      twin("3-sex", "F", 0.2), twin("3-sex", "M", 0.2), // identical
      twin("4-sex", "F", 0.9), // no twin: not counted
    ]);
    expect(sex).toMatchObject({ attribute: "sex", twin_sets: 3 });
    expect(sex!.flip_rate).toBeCloseTo(1 / 3, 15);
    expect(sex!.largest_gaps.map((g) => g.twin_set)).toEqual(["1-sex", "2-sex"]);
    expect(sex!.largest_gaps[0]!.gap).toBeCloseTo(0.3, 15);
    expect(sex!.largest_gaps[0]!.scores).toEqual({ F: 0.4, M: 0.7 });
  });

  it("uses the decision as the score of a decision-only model", () => {
    const [sex] = counterfactualResults([{ twin_set: "1", attribute: "sex", group: "F", score: null, positive: false }, { twin_set: "1", attribute: "sex", group: "M", score: null, positive: true }]);
    expect(sex).toMatchObject({ flip_rate: 1, largest_gaps: [{ twin_set: "1", gap: 1 }] });
  });
});

describe("a run's summary", () => {
  it("flags adverse impact and keeps each category's lowest impact ratio", () => {
    const accumulator = new FairnessAccumulator({ outcome_type: "binary", has_label: false, attributes: ["sex"] });
    for (let i = 0; i < 100; i++) accumulator.add(i < 30 ? "1" : "0", undefined, ["F"]);
    for (let i = 0; i < 100; i++) accumulator.add(i < 60 ? "1" : "0", undefined, ["M"]);
    const summary = summarizeResults(accumulator.finish().categories);
    expect(summary).toEqual({ flagged: true, adverse_impact_groups: 1, lowest_impact_ratio: { sex: 0.5 } });
  });
});
