import type { FairnessGroup } from "../../../../domain/entities/testing-task";

/** The four-fifths rule: an impact ratio under this is evidence of adverse impact. */
export const FOUR_FIFTHS = 0.8;

export interface BarColors {
  adverse: string;
  small: string;
  fine: string;
}

const hasRatio = (g: FairnessGroup) => g.impact_ratio !== null && Number.isFinite(g.impact_ratio);

/** Groups with no impact ratio (excluded, or the most-selected rate is 0): the chart draws no bar for them. */
export const undefinedRatioGroups = (groups: readonly FairnessGroup[]) => groups.filter((g) => !hasRatio(g)).map((g) => g.group);

/**
 * The bars of an impact-ratio chart: every group in the table's order, a missing ratio left as a gap (never
 * drawn as 0), coloured as the table flags it: adverse impact, too small to judge, or neither.
 */
export function impactRatioBars(groups: readonly FairnessGroup[], colors: BarColors) {
  return {
    groups: groups.map((g) => g.group),
    ratios: groups.map((g) => (hasRatio(g) ? g.impact_ratio : null)),
    colors: groups.map((g) => (g.adverse_impact ? colors.adverse : g.small ? colors.small : colors.fine)),
  };
}
