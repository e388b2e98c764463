import { describe, expect, it } from "vitest";
import { FairnessAccumulator, isPositiveOutcome } from "./accumulator";

type Row = [outcome: string, sex: string, label?: string];

function run(rows: Row[], outcomeType: "binary" | "score" = "binary", extra: Partial<ConstructorParameters<typeof FairnessAccumulator>[0]> = {}) {
  const accumulator = new FairnessAccumulator({ outcome_type: outcomeType, has_label: rows.some((r) => r[2] !== undefined), attributes: ["sex"], ...extra });
  for (const [outcome, sex, label] of rows) accumulator.add(outcome, label, [sex]);
  return { accumulator, results: accumulator.finish() };
}

const repeat = (n: number, row: Row): Row[] => Array.from({ length: n }, () => row);
const group = (results: ReturnType<typeof run>["results"], name: string) => results.categories[0]!.groups.find((g) => g.group === name)!;

describe("ML decision fairness, by hand", () => {
  it("computes rates, impact ratios, flags and parity over a hand-counted table", () => {
    // F: 40 of 100 selected; M: 80 of 100.
    const { results } = run([...repeat(40, ["1", "F"]), ...repeat(60, ["0", "F"]), ...repeat(80, ["1", "M"]), ...repeat(20, ["0", "M"])]);
    const sex = results.categories[0]!;
    expect(results.sample_size).toBe(200);
    expect(sex.most_selected).toBe("M");
    expect(group(results, "F")).toMatchObject({ count: 100, share: 0.5, positives: 40, rate: 0.4, impact_ratio: 0.5, adverse_impact: true, small: false, excluded: false });
    expect(group(results, "M")).toMatchObject({ impact_ratio: 1, p_value: null, adverse_impact: false });
    expect(group(results, "F").p_value).toBeLessThan(1e-7);
    expect(sex.metrics.demographic_parity_difference).toBeCloseTo(0.4, 15);
    expect(sex.metrics.demographic_parity_ratio).toBeCloseTo(0.5, 15);
    expect(sex.metrics.equal_opportunity_difference).toBeNull();
  });

  it("leaves a group under 2% out of the most-selected choice, which changes it", () => {
    // X has the highest rate (3 of 3) but is 3 of 203 rows: the most-selected group is A.
    const { results } = run([...repeat(60, ["1", "A"]), ...repeat(40, ["0", "A"]), ...repeat(30, ["1", "B"]), ...repeat(70, ["0", "B"]), ...repeat(3, ["1", "X"])]);
    expect(results.categories[0]!.most_selected).toBe("A");
    expect(group(results, "X")).toMatchObject({ count: 3, rate: 1, excluded: true, small: true, impact_ratio: null, p_value: null, adverse_impact: false });
    expect(group(results, "X").ci_low).toBeGreaterThan(0);
    expect(group(results, "B").impact_ratio).toBeCloseTo(0.5, 15);
    expect(results.categories[0]!.metrics.demographic_parity_difference).toBeCloseTo(0.3, 15);
  });

  it("counts empty values as unknown and keeps them in the sample, and leaves out rows without an outcome", () => {
    const { accumulator, results } = run([["1", "F"], ["0", ""], ["1", "  "], ["", "M"], ["0", "M"]]);
    expect(results.sample_size).toBe(4);
    expect(accumulator.rowsRead).toBe(5);
    expect(accumulator.rowsWithoutOutcome).toBe(1);
    expect(results.categories[0]!.unknown).toBe(2);
    expect(group(results, "F").share).toBe(0.25);
  });

  it("judges scores strictly above the median, a tie at the median not selected", () => {
    // Median of 1, 2, 2, 3 is 2: only the 3 is above it.
    const { results } = run([["1", "F"], ["2", "F"], ["2", "M"], ["3", "M"], ["n/a", "M"]], "score");
    expect(results.median_score).toBe(2);
    expect(results.sample_size).toBe(4);
    expect(group(results, "F").positives).toBe(0);
    expect(group(results, "M").positives).toBe(1);
    expect(isPositiveOutcome("2", { outcome_type: "score", median_score: 2 })).toBe(false);
    expect(isPositiveOutcome("2.5", { outcome_type: "score", median_score: 2 })).toBe(true);
  });

  it("reports the ratios as undefined, not NaN, when nobody is selected", () => {
    const { results } = run([...repeat(50, ["0", "F"]), ...repeat(50, ["0", "M"])]);
    const sex = results.categories[0]!;
    expect(sex.groups.every((g) => g.impact_ratio === null && g.adverse_impact === false)).toBe(true);
    expect(sex.metrics.demographic_parity_ratio).toBeNull();
    expect(sex.metrics.demographic_parity_difference).toBe(0);
    expect(JSON.stringify(results)).not.toContain("NaN");
  });

  it("handles a one-row group in a small sample: kept, marked small, never flagged", () => {
    const { results } = run([...repeat(9, ["1", "M"]), ["0", "F"]]);
    expect(group(results, "F")).toMatchObject({ count: 1, excluded: false, small: true, impact_ratio: 0, adverse_impact: false });
    expect(group(results, "F").p_value).toBeCloseTo(0.1, 12);
  });

  it("computes true and false positive rates and the odds metrics from the label", () => {
    // F: of 10 actual 1s, 5 selected; of 10 actual 0s, 2 selected. M: 8 of 10, and 4 of 10.
    const rows: Row[] = [
      ...repeat(5, ["1", "F", "1"]), ...repeat(5, ["0", "F", "1"]), ...repeat(2, ["1", "F", "0"]), ...repeat(8, ["0", "F", "0"]),
      ...repeat(8, ["1", "M", "1"]), ...repeat(2, ["0", "M", "1"]), ...repeat(4, ["1", "M", "0"]), ...repeat(6, ["0", "M", "0"]),
    ];
    const { results } = run(rows);
    const { metrics } = results.categories[0]!;
    expect(group(results, "F")).toMatchObject({ tpr: 0.5, fpr: 0.2 });
    expect(metrics.equal_opportunity_difference).toBeCloseTo(0.3, 15);
    expect(metrics.equal_opportunity_ratio).toBeCloseTo(0.625, 15);
    expect(metrics.equalized_odds_difference).toBeCloseTo(0.3, 15); // max(0.3, 0.2)
    expect(metrics.equalized_odds_ratio).toBeCloseTo(0.5, 15); // min(0.625, 0.5)
  });

  it("reads the positive value as a number or as text ignoring case", () => {
    const { results } = run([["Yes", "F"], ["no", "F"], ["YES", "M"]], "binary", { positive_value: "yes" });
    expect(results.categories[0]!.groups.map((g) => g.positives)).toEqual([1, 1]);
    expect(isPositiveOutcome("1.0", { outcome_type: "binary" })).toBe(true);
  });

  it("adds the intersectional category when sex and race/ethnicity are both mapped", () => {
    const accumulator = new FairnessAccumulator({ outcome_type: "binary", has_label: false, attributes: ["age_band", "race_ethnicity", "sex"] });
    accumulator.add("1", undefined, ["18-39", "Asian", "Female"]);
    accumulator.add("0", undefined, ["40+", "", "Male"]);
    const results = accumulator.finish();
    expect(results.categories.map((c) => c.category)).toEqual(["sex", "race_ethnicity", "sex_race_ethnicity", "age_band"]);
    expect(results.categories[2]!).toMatchObject({ unknown: 1, groups: [expect.objectContaining({ group: "Female × Asian" })] });
  });
});
