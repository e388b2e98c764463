import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FairnessResults } from "../../../domain/entities/testing-task";
import { FairnessAccumulator } from "../../../domain/testing/fairness";

/** The reference files and SciPy's results for them (make_reference.py beside this file). */
const reference = (name: string) => new URL(name, import.meta.url);

function analyse(file: string, outcomeType: "binary" | "score") {
  const [header, ...lines] = readFileSync(reference(file), "utf8").trimEnd().split("\n");
  const columns = header!.trim().split(",");
  const at = (name: string) => columns.indexOf(name);
  const accumulator = new FairnessAccumulator({ outcome_type: outcomeType, has_label: true, attributes: ["sex", "race_ethnicity"] });
  for (const line of lines) {
    const cells = line.split(",");
    accumulator.add(cells[at("outcome")], cells[at("label")], [cells[at("sex")], cells[at("race_ethnicity")]]);
  }
  return accumulator.finish();
}

/** Every number within 1e-9 of the reference, every other value equal. */
function expectClose(actual: unknown, expected: unknown, path = "results"): void {
  if (typeof expected === "number") {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, path).toBe(expected.length);
    expected.forEach((item, i) => expectClose((actual as unknown[])[i], item, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    for (const [key, value] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
  } else {
    expect(actual, path).toBe(expected);
  }
}

const byGroupName = <R extends Pick<FairnessResults, "categories">>(results: R): R => ({
  ...results,
  categories: results.categories.map((c) => ({ ...c, groups: [...c.groups].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0)) })),
});

describe("fairness results against an independent reference (SciPy)", () => {
  it("binary decisions with a label, unknowns and a group under 2%", () => {
    const expected = JSON.parse(readFileSync(reference("expected-decisions.json"), "utf8"));
    const actual = byGroupName(analyse("decisions.csv", "binary"));
    expectClose(actual, expected);
    expect(actual.categories.map((c) => c.category)).toEqual(["sex", "race_ethnicity", "sex_race_ethnicity"]);
    expect(actual.categories[1]!.groups.some((g) => g.excluded)).toBe(true);
  });

  it("scores judged against the median of the whole sample, with rows missing a score left out", () => {
    const expected = JSON.parse(readFileSync(reference("expected-scores.json"), "utf8"));
    const actual = byGroupName(analyse("scores.csv", "score"));
    expectClose(actual, expected);
    expect(actual.sample_size).toBeLessThan(3001);
  });
});
