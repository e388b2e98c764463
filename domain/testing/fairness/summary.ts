import type { FairnessCategory, TestingSummary } from "../../entities/testing-task";
import { summarizeGroups } from "../grouped";

/** What a run's list row and the trend chart need: whether any group shows adverse impact, and each category's lowest impact ratio. */
export const summarizeResults = (categories: readonly FairnessCategory[]): TestingSummary =>
  summarizeGroups(
    categories.map((c) => ({ key: c.category, groups: c.groups })),
    (g) => g.impact_ratio,
  );
