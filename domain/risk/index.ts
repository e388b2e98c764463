/** The risk model: questionnaire, details schema, tiers, descriptors, classify(). */
export * from "./questionnaire";
export * from "./details-schema";
export * from "./tiers";
export * from "./descriptors";
export { type TierRuleOutcomes } from "./tier-rules";
export { type ClassificationContext } from "./descriptor-rules";
export {
  classify,
  descriptorKeys,
  missingRequiredAnswers,
  ruleReasonKey,
  type ClassificationResult,
  type FlaggedDescriptor,
  type RuleId,
} from "./classify";
