import type { Counterfactual } from "../../entities/testing-task";

/** A row of a synthetic population as the counterfactual analysis sees it. */
export interface TwinRow {
  /** The base profile and the attribute it varies: rows of one set differ only in that attribute. */
  twin_set: string;
  attribute: string;
  group: string;
  positive: boolean;
  /** The model's score; null for a decision-only model, whose decision (1 or 0) then stands in for it. */
  score: number | null;
}

interface TwinSet {
  decisions: Set<boolean>;
  scores: Record<string, number>;
  min: number;
  max: number;
}

/** How many of the largest gaps to report per attribute. */
const LARGEST_DEFAULT = 10;

/**
 * Per protected attribute: the twin sets varying it, the share of them whose decisions differ (the
 * counterfactual flip rate: a fair model decides the same whatever the attribute's value), and the sets
 * with the largest score gap (highest minus lowest score within the set).
 */
export function counterfactualResults(rows: Iterable<TwinRow>, largest = LARGEST_DEFAULT): Counterfactual[] {
  const byAttribute = new Map<string, Map<string, TwinSet>>();
  for (const row of rows) {
    let sets = byAttribute.get(row.attribute);
    if (!sets) byAttribute.set(row.attribute, (sets = new Map()));
    let set = sets.get(row.twin_set);
    if (!set) sets.set(row.twin_set, (set = { decisions: new Set(), scores: {}, min: Infinity, max: -Infinity }));
    const score = row.score ?? (row.positive ? 1 : 0);
    set.decisions.add(row.positive);
    set.scores[row.group] = score;
    set.min = Math.min(set.min, score);
    set.max = Math.max(set.max, score);
  }
  return [...byAttribute].map(([attribute, sets]) => {
    // A set needs two variants to say anything.
    const twins = [...sets].filter(([, set]) => Object.keys(set.scores).length >= 2);
    const flips = twins.filter(([, set]) => set.decisions.size > 1).length;
    const gaps = twins
      .map(([twinSet, set]) => ({ twin_set: twinSet, gap: set.max - set.min, scores: set.scores }))
      .filter((g) => g.gap > 0)
      .sort((x, y) => y.gap - x.gap || (x.twin_set < y.twin_set ? -1 : x.twin_set > y.twin_set ? 1 : 0))
      .slice(0, largest);
    return { attribute, twin_sets: twins.length, flip_rate: twins.length > 0 ? flips / twins.length : null, largest_gaps: gaps };
  });
}
