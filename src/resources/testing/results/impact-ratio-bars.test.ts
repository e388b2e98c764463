import { describe, expect, it } from "vitest";
import { impactRatioBars, undefinedRatioGroups } from "./impact-ratio-bars";
import { someResults } from "./test-support";

const COLORS = { adverse: "red", small: "grey", fine: "blue" };

describe("the impact-ratio bars", () => {
  it("keeps every group in the table's order, colouring them as the table flags them", () => {
    const [sex] = someResults().categories;
    expect(impactRatioBars(sex.groups, COLORS)).toEqual({ groups: ["Male", "Female", "Non-binary"], ratios: [1, 0.7, null], colors: ["blue", "red", "grey"] });
  });

  it("draws no bar, rather than a bar at 0, where the ratio is undefined, and names those groups", () => {
    const [, race] = someResults().categories;
    expect(impactRatioBars(race.groups, COLORS).ratios).toEqual([null, null]);
    expect(undefinedRatioGroups(race.groups)).toEqual(["White", "Black"]);
  });
});
