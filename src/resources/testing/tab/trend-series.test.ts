import { describe, expect, it } from "vitest";
import { aTask } from "../test-support";
import { hasPoints, trendOf } from "./trend-series";

const ready = (at: string, lowest: Record<string, number | null>) =>
  aTask({ status: "ready", history: [{ status: "ready", at }], updated_at: at, summary: { flagged: false, adverse_impact_groups: 0, lowest_impact_ratio: lowest } });

describe("the trend of lowest impact ratios", () => {
  it("puts the ready runs in time order, one line per category, the named ones first", () => {
    const trend = trendOf([
      ready("2026-03-01T10:00:00.000Z", { age_band: 0.9, sex: 0.7, sex_race_ethnicity: 0.5, race_ethnicity: 0.8 }),
      ready("2025-03-01T10:00:00.000Z", { sex: 0.75 }),
      aTask({ status: "error", summary: null }),
    ]);
    expect(trend.dates.map((d) => d.toISOString())).toEqual(["2025-03-01T10:00:00.000Z", "2026-03-01T10:00:00.000Z"]);
    expect(trend.series).toEqual([
      { category: "sex", values: [0.75, 0.7] },
      { category: "race_ethnicity", values: [null, 0.8] },
      { category: "sex_race_ethnicity", values: [null, 0.5] },
      { category: "age_band", values: [null, 0.9] },
    ]);
  });

  it("keeps an undefined ratio (a most-selected rate of 0) as a gap, not a number", () => {
    expect(trendOf([ready("2026-01-01T00:00:00.000Z", { sex: null })]).series).toEqual([{ category: "sex", values: [null] }]);
  });

  it("dates a rerun by when it last became ready", () => {
    const rerun = aTask({
      history: [
        { status: "ready", at: "2026-01-01T00:00:00.000Z" },
        { status: "waiting", at: "2026-02-01T00:00:00.000Z" },
        { status: "ready", at: "2026-02-01T00:05:00.000Z" },
      ],
      updated_at: "2026-02-03T00:00:00.000Z",
    });
    expect(trendOf([rerun]).dates.map((d) => d.toISOString())).toEqual(["2026-02-01T00:05:00.000Z"]);
  });

  it("has nothing to draw while no run has a ratio, so the tab says why instead of an empty chart", () => {
    expect(hasPoints(trendOf([]))).toBe(false);
    expect(hasPoints(trendOf([ready("2026-01-01T00:00:00.000Z", {}), ready("2026-02-01T00:00:00.000Z", { sex: null })]))).toBe(false);
    expect(hasPoints(trendOf([ready("2026-01-01T00:00:00.000Z", { sex: 0.9 })]))).toBe(true);
  });
});
