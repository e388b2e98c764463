import type { LlmAttribute } from "../../entities/llm-results";
import type { TestingSummary } from "../../entities/testing-task";
import { summarizeGroups } from "../grouped";

/** The summary in the shape ML runs give it, by the favourable ratios of the groups instead of the impact ratios. */
export const summarizeLlmResults = (attributes: readonly LlmAttribute[]): TestingSummary =>
  summarizeGroups(
    attributes.map((a) => ({ key: a.attribute, groups: a.groups })),
    (g) => g.favourable_ratio,
  );
