/** The risk model (shared/spec/risk-model.md): questionnaire, details schema, tiers, descriptors, classify(). */
export * from "./questionnaire";
export * from "./details-schema";
export * from "./tiers";
export * from "./descriptors";
export {
  EXEMPTION_RULE_ID,
  TIER_RULE_IDS,
  exemptionApplies,
  tierRuleOutcomes,
  type ExemptionRuleId,
  type TierRuleId,
  type TierRuleOutcomes,
} from "./tier-rules";
export {
  DESCRIPTOR_RULES,
  DESCRIPTOR_RULE_IDS,
  type ClassificationContext,
  type DescriptorRule,
  type DescriptorRuleId,
} from "./descriptor-rules";
export {
  classify,
  descriptorKeys,
  materiallyChanged,
  missingRequiredAnswers,
  ruleReasonKey,
  type ClassificationResult,
  type FlaggedDescriptor,
  type RuleId,
} from "./classify";
