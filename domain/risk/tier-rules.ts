import { includes, isAnsweredOtherThan, isNonEmpty, isYes } from "./answers";
import type { ApplicationDetails } from "./details-schema";
import type { RiskTier } from "./tiers";

/** The tier rules, in the order they are tried (first match wins). */
export const TIER_RULE_IDS = [
  "T-PROHIBITED",
  "T-ANNEX-III",
  "T-BUSINESS",
  "T-AUTOMATED",
  "T-PEOPLE",
  "T-DATA",
  "T-EXTERNAL",
  "T-SECURITY",
  "T-MEDIUM-BUSINESS",
  "T-LOW",
] as const;
export type TierRuleId = (typeof TIER_RULE_IDS)[number];

/** Reported beside the deciding rule when the Art. 6(3) exemption set the Annex III areas aside. */
export const EXEMPTION_RULE_ID = "T-EXEMPT";
export type ExemptionRuleId = typeof EXEMPTION_RULE_ID;

/** Each tier rule's outcome on one set of answers; "material change" compares these. */
export type TierRuleOutcomes = Readonly<Record<TierRuleId, boolean>>;

export interface TierRule {
  readonly id: TierRuleId;
  readonly tier: RiskTier;
  readonly when: (d: ApplicationDetails) => boolean;
}

/**
 * The Art. 6(3) claim holds: a narrow procedural task, no profiling of people
 * (6(3) never applies then) and not a product-safety component (that is
 * Art. 6(1), which 6(3) does not cover).
 */
function exemptionApplies(d: ApplicationDetails): boolean {
  return (
    isYes(d.narrow_task_exemption) &&
    !isYes(d.profiles_people) &&
    !includes(d.high_risk_areas, "product_safety_component")
  );
}

/** T-EXEMPT is a reason only when there were Annex III areas to set aside. */
export function exemptionSetAreasAside(d: ApplicationDetails): boolean {
  return isNonEmpty(d.high_risk_areas) && exemptionApplies(d);
}

/** Every rule but T-LOW, which is what remains when none of these matches. */
const CONDITIONAL_TIER_RULES: readonly TierRule[] = [
  { id: "T-PROHIBITED", tier: "prohibited", when: (d) => isNonEmpty(d.prohibited_practices) },
  { id: "T-ANNEX-III", tier: "high", when: (d) => isNonEmpty(d.high_risk_areas) && !exemptionApplies(d) },
  { id: "T-BUSINESS", tier: "high", when: (d) => d.business_criticality === "high" },
  {
    id: "T-AUTOMATED",
    tier: "high",
    when: (d) => d.decisions_about_people === "automated_decision" && isAnsweredOtherThan(d.personal_data, "none"),
  },
  { id: "T-PEOPLE", tier: "medium", when: (d) => isAnsweredOtherThan(d.decisions_about_people, "none") },
  { id: "T-DATA", tier: "medium", when: (d) => isAnsweredOtherThan(d.personal_data, "none") },
  {
    id: "T-EXTERNAL",
    tier: "medium",
    when: (d) => includes(d.intended_users, "customers") || includes(d.intended_users, "public"),
  },
  { id: "T-SECURITY", tier: "medium", when: (d) => isYes(d.internet_facing) || isYes(d.processes_untrusted_input) },
  { id: "T-MEDIUM-BUSINESS", tier: "medium", when: (d) => d.business_criticality === "medium" },
];

const LOW_TIER_RULE: TierRule = { id: "T-LOW", tier: "low", when: () => true };

/** The outcome of every tier rule, not only the first that matches. */
export function tierRuleOutcomes(d: ApplicationDetails): TierRuleOutcomes {
  const outcomes = {} as Record<TierRuleId, boolean>;
  let anyMatched = false;
  for (const rule of CONDITIONAL_TIER_RULES) {
    const matched = rule.when(d);
    outcomes[rule.id] = matched;
    anyMatched ||= matched;
  }
  outcomes["T-LOW"] = !anyMatched;
  return outcomes;
}

/** The first rule, in table order, whose outcome is true. */
export function decidingTierRule(outcomes: TierRuleOutcomes): TierRule {
  for (const rule of CONDITIONAL_TIER_RULES) if (outcomes[rule.id]) return rule;
  return LOW_TIER_RULE;
}
