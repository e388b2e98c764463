import type { FairnessCategory, FairnessGroup, FairnessMetric } from "../../entities/testing-task";
import { bySizeThenName, groupStanding, referenceGroup } from "../grouped";
import { fisherExactTwoSided, wilsonInterval } from "./statistics";

/** A group under this share of the sample is excluded from the most-selected choice and the metrics (NYC LL144 rules). */
export const EXCLUSION_SHARE = 0.02;
/** Under this many rows a rate is too unstable to flag. */
export const SMALL_GROUP_ROWS = 30;
/** The four-fifths rule: an impact ratio below this is evidence of adverse impact. */
export const FOUR_FIFTHS = 0.8;

/** What one group's rows add up to. TPR and FPR come from the rows whose actual outcome (label) is 1, and 0. */
export interface GroupTally {
  count: number;
  positives: number;
  actualPositives: number;
  truePositives: number;
  actualNegatives: number;
  falsePositives: number;
}

export const emptyTally = (): GroupTally => ({ count: 0, positives: 0, actualPositives: 0, truePositives: 0, actualNegatives: 0, falsePositives: 0 });

/** max − min and min ÷ max of the defined values; the ratio is undefined (null) when the largest is 0. */
function spread(values: readonly (number | null)[]): { difference: number | null; ratio: number | null } {
  const defined = values.filter((v): v is number => v !== null);
  if (defined.length === 0) return { difference: null, ratio: null };
  const max = Math.max(...defined);
  const min = Math.min(...defined);
  return { difference: max - min, ratio: max > 0 ? min / max : null };
}

const rateOf = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * One category's results from its groups' tallies: rates with their Wilson intervals, the most-selected
 * group among those not excluded, impact ratios, Fisher p-values against it, the four-fifths flags, and
 * the parity and odds metrics over the groups not excluded.
 */
export function categoryResults(category: string, tallies: ReadonlyMap<string, GroupTally>, unknown: number, sampleSize: number, hasLabel: boolean): FairnessCategory {
  const standing = (g: GroupTally) => groupStanding(g.count, sampleSize, { exclusionShare: EXCLUSION_SHARE, smallRows: SMALL_GROUP_ROWS });
  const all = [...tallies].map(([group, tally]) => ({ group, ...tally }));
  const included = all.filter((g) => !standing(g).excluded);
  const best = referenceGroup(included, (g) => g.positives / g.count, (g) => g.count);
  const bestRate = best ? best.positives / best.count : 0;

  const groups: FairnessGroup[] = all
    .sort(bySizeThenName((g) => g.count))
    .map((g) => {
      const { excluded, small } = standing(g);
      const rate = g.positives / g.count;
      const { low, high } = wilsonInterval(g.positives, g.count);
      const impactRatio = excluded || !best || bestRate === 0 ? null : rate / bestRate;
      const pValue = excluded || !best || g === best ? null : fisherExactTwoSided(g.positives, g.count - g.positives, best.positives, best.count - best.positives);
      return {
        group: g.group,
        count: g.count,
        share: g.count / sampleSize,
        positives: g.positives,
        rate,
        ci_low: low,
        ci_high: high,
        impact_ratio: impactRatio,
        excluded,
        small,
        adverse_impact: !small && impactRatio !== null && impactRatio < FOUR_FIFTHS,
        p_value: pValue,
        ...(hasLabel ? { tpr: rateOf(g.truePositives, g.actualPositives), fpr: rateOf(g.falsePositives, g.actualNegatives) } : {}),
      };
    });

  const parity = spread(included.map((g) => g.positives / g.count));
  const tpr = hasLabel ? spread(included.map((g) => rateOf(g.truePositives, g.actualPositives))) : { difference: null, ratio: null };
  const fpr = hasLabel ? spread(included.map((g) => rateOf(g.falsePositives, g.actualNegatives))) : { difference: null, ratio: null };
  const both = <T extends number | null>(x: T, y: T, pick: (a: number, b: number) => number) => (x === null || y === null ? null : pick(x, y));
  const metrics: Record<FairnessMetric, number | null> = {
    demographic_parity_difference: parity.difference,
    demographic_parity_ratio: parity.ratio,
    equal_opportunity_difference: tpr.difference,
    equal_opportunity_ratio: tpr.ratio,
    // Equalized odds asks for equal TPR and equal FPR: the worse of the two gaps, undefined if either is.
    equalized_odds_difference: both(tpr.difference, fpr.difference, Math.max),
    equalized_odds_ratio: both(tpr.ratio, fpr.ratio, Math.min),
  };
  return { category, unknown, most_selected: best?.group ?? null, metrics, groups };
}
