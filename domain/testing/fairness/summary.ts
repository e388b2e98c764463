import type { FairnessCategory, TestingSummary } from "../../entities/testing-task";

/** What a run's list row and the trend chart need: whether any group shows adverse impact, and each category's lowest impact ratio. */
export function summarizeResults(categories: readonly FairnessCategory[]): TestingSummary {
  let adverse = 0;
  const lowest: Record<string, number | null> = {};
  for (const category of categories) {
    adverse += category.groups.filter((g) => g.adverse_impact).length;
    const ratios = category.groups.flatMap((g) => (g.excluded || g.impact_ratio === null ? [] : [g.impact_ratio]));
    lowest[category.category] = ratios.length > 0 ? Math.min(...ratios) : null;
  }
  return { flagged: adverse > 0, adverse_impact_groups: adverse, lowest_impact_ratio: lowest };
}
