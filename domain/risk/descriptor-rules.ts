import { includes, isAnsweredOtherThan, isNonEmpty, isYes, lacksAssurance } from "./answers";
import type { DescriptorKey } from "./descriptors";
import type { ApplicationDetails } from "./details-schema";

/** Facts about the application that are not part of its details. */
export interface ClassificationContext {
  /** How many vendors the application uses (its `vendor_ids`). */
  readonly vendorCount: number;
  /** Those of its vendors that are rated high risk. */
  readonly highRiskVendorIds?: readonly string[];
}

export interface DescriptorRule {
  readonly id: string;
  readonly key: DescriptorKey;
  readonly when: (d: ApplicationDetails, context: ClassificationContext) => boolean;
}

const hasPersonalData = (d: ApplicationDetails) => isAnsweredOtherThan(d.personal_data, "none");
const decidesAboutPeople = (d: ApplicationDetails) => isAnsweredOtherThan(d.decisions_about_people, "none");
const isGenerative = (d: ApplicationDetails) => d.ai_type === "generative_ai";

/**
 * The descriptor rules, one rule per "or" branch so the reasons say which branch
 * flagged the key. Grouped by key in DESCRIPTOR_KEYS order: classify() relies
 * on that to build its result in one pass.
 */
export const DESCRIPTOR_RULES = [
  { id: "D-BUSINESS", key: "business", when: (d) => d.business_criticality === "medium" || d.business_criticality === "high" },
  {
    id: "D-DATA-EXPOSURE",
    key: "data-exposure",
    when: (d) => hasPersonalData(d) && (isYes(d.internet_facing) || isYes(d.data_shared_with_vendor)),
  },
  {
    id: "D-HALLUCINATION",
    key: "hallucination",
    when: (d) => isGenerative(d) && (isYes(d.generated_content_shown_to_users) || isYes(d.output_relied_on_without_review)),
  },
  { id: "D-PROTECTED-DECISIONS", key: "protected-class", when: (d) => decidesAboutPeople(d) },
  { id: "D-PROTECTED-PROFILING", key: "protected-class", when: (d) => isYes(d.profiles_people) },
  {
    id: "D-PROTECTED-AREA",
    key: "protected-class",
    when: (d) =>
      includes(d.high_risk_areas, "employment") ||
      includes(d.high_risk_areas, "education") ||
      includes(d.high_risk_areas, "essential_services_and_credit"),
  },
  { id: "D-VENDOR", key: "vendor", when: (_d, c) => c.vendorCount > 0 },
  { id: "D-VENDOR-FOUNDATION-MODEL", key: "vendor", when: (d) => isYes(d.uses_foundation_model) },
  { id: "D-VENDOR-HIGH-RISK", key: "vendor", when: (_d, c) => c.highRiskVendorIds !== undefined && c.highRiskVendorIds.length > 0 },
  { id: "D-FAIRNESS", key: "fairness", when: (d) => decidesAboutPeople(d) },
  {
    id: "D-USER-CONSENT",
    key: "user-consent",
    when: (d) => hasPersonalData(d) && !(isYes(d.users_informed_of_ai) && isYes(d.user_consent_obtained)),
  },
  {
    id: "D-DATA-PRIVACY-VENDORS",
    key: "data-privacy-vendors",
    when: (d) => hasPersonalData(d) && isYes(d.data_shared_with_vendor),
  },
  {
    id: "D-REPRESENTATIVENESS-NONGENAI",
    key: "data-representativeness-nongenai",
    when: (d) => d.ai_type === "predictive_ml" && lacksAssurance(d.training_data_representative, "yes"),
  },
  {
    id: "D-REPRESENTATIVENESS-GENAI",
    key: "data-representativeness-genai",
    when: (d) =>
      isGenerative(d) &&
      isAnsweredOtherThan(d.customised_with_own_data, "none") &&
      lacksAssurance(d.training_data_representative, "yes"),
  },
  {
    id: "D-EXPLAINABILITY",
    key: "explainability",
    when: (d) => decidesAboutPeople(d) && !isYes(d.explanations_available),
  },
  {
    id: "D-RESPONSE-ENGINEERING",
    key: "response-engineering",
    when: (d) => isGenerative(d) && isYes(d.generated_content_shown_to_users),
  },
  { id: "D-FOUNDATION-MODEL", key: "foundation-model", when: (d) => isYes(d.uses_foundation_model) },
  { id: "D-SECURITY-INTERNET", key: "security-risk", when: (d) => isYes(d.internet_facing) },
  { id: "D-SECURITY-UNTRUSTED-INPUT", key: "security-risk", when: (d) => isYes(d.processes_untrusted_input) },
  { id: "D-PROHIBITED-USE", key: "prohibited-use", when: (d) => isNonEmpty(d.prohibited_practices) },
  { id: "D-OVERRELIANCE-UNREVIEWED", key: "overreliance", when: (d) => isYes(d.output_relied_on_without_review) },
  { id: "D-OVERRELIANCE-NO-OVERSIGHT", key: "overreliance", when: (d) => d.human_oversight === "none" },
] as const satisfies readonly DescriptorRule[];

export type DescriptorRuleId = (typeof DESCRIPTOR_RULES)[number]["id"];

export const DESCRIPTOR_RULE_IDS = DESCRIPTOR_RULES.map((r) => r.id) as readonly DescriptorRuleId[];
