import type { LlmAttribute } from "../../entities/llm-results";
import type { TestingSummary } from "../../entities/testing-task";

/**
 * What a run's list row and the trend chart need, in the shape ML runs give it: whether any group is
 * flagged, how many, and per attribute the lowest favourable ratio over the non-excluded groups.
 */
export function summarizeLlmResults(attributes: readonly LlmAttribute[]): TestingSummary {
  let adverse = 0;
  const lowest: Record<string, number | null> = {};
  for (const attribute of attributes) {
    adverse += attribute.groups.filter((g) => g.adverse_impact).length;
    const ratios = attribute.groups.flatMap((g) => (g.excluded || g.favourable_ratio === null ? [] : [g.favourable_ratio]));
    lowest[attribute.attribute] = ratios.length > 0 ? Math.min(...ratios) : null;
  }
  return { flagged: adverse > 0, adverse_impact_groups: adverse, lowest_impact_ratio: lowest };
}
