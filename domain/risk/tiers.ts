/** Risk tiers, their colours and how often an application of each tier is reviewed. */

export const RISK_TIERS = ["prohibited", "high", "medium", "low"] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

export function isRiskTier(value: unknown): value is RiskTier {
  return typeof value === "string" && (RISK_TIERS as readonly string[]).includes(value);
}

/** The colour words tiers and statuses are shown in; the theme maps each to a colour. */
export type TierColour = "red" | "yellow" | "green" | "grey";

const TIER_COLOURS: Readonly<Record<RiskTier, TierColour>> = {
  prohibited: "red",
  high: "red",
  medium: "yellow",
  low: "green",
};

/** An application without a tier yet ("Not assessed"). */
const NOT_ASSESSED_COLOUR: TierColour = "grey";

export function tierColour(tier: RiskTier | null): TierColour {
  return tier === null ? NOT_ASSESSED_COLOUR : TIER_COLOURS[tier];
}

/**
 * Days from an approval or a recorded review to the next review: high
 * quarterly, medium annual. Low needs none; prohibited is never approved, so
 * it has no review cycle either.
 */
const REVIEW_INTERVAL_DAYS: Readonly<Record<RiskTier, number | null>> = {
  prohibited: null,
  high: 90,
  medium: 365,
  low: null,
};

/** The owner and reviewers are reminded this many days before a review is due. */
export const REVIEW_REMINDER_DAYS_BEFORE = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the next review is due, counted from `from` (the approval or the last
 * review), or null when the tier needs none. Whole days of 24 hours: the
 * instant is kept, so the date is the same in UTC whatever the local zone.
 */
export function nextReviewDue(tier: RiskTier | null, from: Date): Date | null {
  if (tier === null) return null;
  const days = REVIEW_INTERVAL_DAYS[tier];
  return days === null ? null : new Date(from.getTime() + days * DAY_MS);
}

// i18n keys (locales/<lng>/risk.json); a null tier is "Not assessed".
export const tierLabelKey = (tier: RiskTier | null) => `risk.tiers.${tier ?? "notAssessed"}.label`;
export const tierDetailMetricsKey = (tier: RiskTier) => `risk.tiers.${tier}.detailMetrics`;
export const tierOutcomesKey = (tier: RiskTier | null) => `risk.tiers.${tier ?? "notAssessed"}.outcomes`;
