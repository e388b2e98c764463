import { isGiven } from "./answers";
import { DESCRIPTOR_RULES, type ClassificationContext, type DescriptorRuleId } from "./descriptor-rules";
import type { DescriptorKey } from "./descriptors";
import type { ApplicationDetails } from "./details-schema";
import { REQUIRED_QUESTION_IDS, type RequiredQuestionId } from "./questionnaire";
import {
  EXEMPTION_RULE_ID,
  TIER_RULE_IDS,
  decidingTierRule,
  exemptionSetAreasAside,
  tierRuleOutcomes,
  type ExemptionRuleId,
  type TierRuleId,
  type TierRuleOutcomes,
} from "./tier-rules";
import type { RiskTier } from "./tiers";

export type RuleId = TierRuleId | ExemptionRuleId | DescriptorRuleId;

export interface FlaggedDescriptor {
  key: DescriptorKey;
  /** The descriptor rules that flagged it. */
  rules: DescriptorRuleId[];
}

export interface ClassificationResult {
  /** null: a required answer is missing ("Not assessed"). */
  risk_tier: RiskTier | null;
  /** Flagged descriptors, in DESCRIPTOR_KEYS order; computed even when not assessed. */
  risk_descriptors: FlaggedDescriptor[];
  /**
   * The reasons: the tier rule that decided (plus T-EXEMPT when the exemption
   * set the Annex III areas aside), then every descriptor rule that matched.
   * No tier rule when not assessed.
   */
  rules_fired: RuleId[];
  /** Every tier rule's outcome, kept so a later save can tell a material change. */
  tier_rule_outcomes: TierRuleOutcomes;
}

/** The required answers still missing; empty when a tier can be given. */
export function missingRequiredAnswers(details: ApplicationDetails): RequiredQuestionId[] {
  return REQUIRED_QUESTION_IDS.filter((id) => !isGiven(details[id]));
}

function hasRequiredAnswers(details: ApplicationDetails): boolean {
  for (const id of REQUIRED_QUESTION_IDS) if (!isGiven(details[id])) return false;
  return true;
}

/**
 * Classifies an application: the tier (first matching rule), the descriptors (every
 * matching rule) and the reasons. Pure; one pass over each rule table, so it
 * runs over many thousands of applications in well under a second.
 */
export function classify(details: ApplicationDetails, context: ClassificationContext): ClassificationResult {
  const outcomes = tierRuleOutcomes(details);
  const rules_fired: RuleId[] = [];
  let risk_tier: RiskTier | null = null;

  if (hasRequiredAnswers(details)) {
    const decided = decidingTierRule(outcomes);
    risk_tier = decided.tier;
    rules_fired.push(decided.id);
    if (exemptionSetAreasAside(details)) rules_fired.push(EXEMPTION_RULE_ID);
  }

  const risk_descriptors: FlaggedDescriptor[] = [];
  let current: FlaggedDescriptor | undefined;
  for (const rule of DESCRIPTOR_RULES) {
    if (!rule.when(details, context)) continue;
    // Rules are grouped by key, so a new key starts a new entry.
    if (current === undefined || current.key !== rule.key) {
      current = { key: rule.key, rules: [] };
      risk_descriptors.push(current);
    }
    current.rules.push(rule.id);
    rules_fired.push(rule.id);
  }

  return { risk_tier, risk_descriptors, rules_fired, tier_rule_outcomes: outcomes };
}

/**
 * A material change: the tier changed, or any tier rule's outcome changed. Such a
 * change sends an approved application back to draft.
 */
export function materiallyChanged(
  before: Pick<ClassificationResult, "risk_tier" | "tier_rule_outcomes">,
  after: Pick<ClassificationResult, "risk_tier" | "tier_rule_outcomes">,
): boolean {
  if (before.risk_tier !== after.risk_tier) return true;
  for (const id of TIER_RULE_IDS) {
    if (before.tier_rule_outcomes[id] !== after.tier_rule_outcomes[id]) return true;
  }
  return false;
}

/** Just the descriptor keys, e.g. for storing or filtering. */
export function descriptorKeys(result: Pick<ClassificationResult, "risk_descriptors">): DescriptorKey[] {
  return result.risk_descriptors.map((d) => d.key);
}

/** i18n key of a rule's one-line reason (locales/<lng>/risk.json). */
export const ruleReasonKey = (id: RuleId) => `risk.rules.${id}`;
