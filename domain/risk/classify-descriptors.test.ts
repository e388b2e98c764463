import { describe, expect, it } from "vitest";
import type { ClassificationContext } from "./descriptor-rules";
import { DESCRIPTOR_RULES } from "./descriptor-rules";
import { DESCRIPTOR_KEYS, type DescriptorKey } from "./descriptors";
import type { ApplicationDetails } from "./details-schema";
import { classifyWith, rulesFor } from "./test-support";

interface DescriptorCase {
  key: DescriptorKey;
  rule: string;
  /** Answers (and context) that flag the key by this rule alone. */
  flags: Partial<ApplicationDetails>;
  context?: ClassificationContext;
  /** Near misses: answers that must not flag the key. */
  misses: Partial<ApplicationDetails>[];
}

const genAi = { ai_type: "generative_ai" } as const;

const CASES: DescriptorCase[] = [
  { key: "business", rule: "D-BUSINESS", flags: { business_criticality: "medium" }, misses: [{ business_criticality: "low" }] },
  { key: "business", rule: "D-BUSINESS", flags: { business_criticality: "high" }, misses: [] },
  {
    key: "data-exposure",
    rule: "D-DATA-EXPOSURE",
    flags: { personal_data: "personal", internet_facing: true },
    misses: [{ personal_data: "none", internet_facing: true, data_shared_with_vendor: true }, { personal_data: "personal" }],
  },
  { key: "data-exposure", rule: "D-DATA-EXPOSURE", flags: { personal_data: "sensitive", data_shared_with_vendor: true }, misses: [] },
  {
    key: "hallucination",
    rule: "D-HALLUCINATION",
    flags: { ...genAi, generated_content_shown_to_users: true },
    misses: [{ ...genAi }, { ai_type: "predictive_ml", generated_content_shown_to_users: true, output_relied_on_without_review: true }],
  },
  { key: "hallucination", rule: "D-HALLUCINATION", flags: { ...genAi, output_relied_on_without_review: true }, misses: [] },
  {
    key: "protected-class",
    rule: "D-PROTECTED-DECISIONS",
    flags: { decisions_about_people: "supports_human_decision" },
    misses: [{ decisions_about_people: "none", profiles_people: false, high_risk_areas: ["critical_infrastructure", "law_enforcement"] }],
  },
  { key: "protected-class", rule: "D-PROTECTED-PROFILING", flags: { profiles_people: true }, misses: [{ profiles_people: null }] },
  { key: "protected-class", rule: "D-PROTECTED-AREA", flags: { high_risk_areas: ["employment"] }, misses: [] },
  { key: "protected-class", rule: "D-PROTECTED-AREA", flags: { high_risk_areas: ["education"] }, misses: [] },
  { key: "protected-class", rule: "D-PROTECTED-AREA", flags: { high_risk_areas: ["essential_services_and_credit"] }, misses: [] },
  { key: "vendor", rule: "D-VENDOR", flags: {}, context: { vendorCount: 1 }, misses: [{ uses_foundation_model: false }] },
  { key: "vendor", rule: "D-VENDOR-FOUNDATION-MODEL", flags: { uses_foundation_model: true }, misses: [] },
  {
    key: "fairness",
    rule: "D-FAIRNESS",
    flags: { decisions_about_people: "automated_decision" },
    misses: [{ decisions_about_people: "none", profiles_people: true }],
  },
  {
    key: "user-consent",
    rule: "D-USER-CONSENT",
    flags: { personal_data: "personal", users_informed_of_ai: true, user_consent_obtained: false },
    misses: [{ personal_data: "personal", users_informed_of_ai: true, user_consent_obtained: true }, { personal_data: "none" }],
  },
  {
    key: "data-privacy-vendors",
    rule: "D-DATA-PRIVACY-VENDORS",
    flags: { personal_data: "personal", data_shared_with_vendor: true },
    misses: [{ personal_data: "personal", data_shared_with_vendor: false }, { personal_data: "none", data_shared_with_vendor: true }],
  },
  {
    key: "data-representativeness-nongenai",
    rule: "D-REPRESENTATIVENESS-NONGENAI",
    flags: { ai_type: "predictive_ml", training_data_representative: "unknown" },
    misses: [
      { ai_type: "predictive_ml", training_data_representative: "yes" },
      { ...genAi, training_data_representative: "no" },
    ],
  },
  {
    key: "data-representativeness-nongenai",
    rule: "D-REPRESENTATIVENESS-NONGENAI",
    flags: { ai_type: "predictive_ml", training_data_representative: "no" },
    misses: [],
  },
  {
    key: "data-representativeness-genai",
    rule: "D-REPRESENTATIVENESS-GENAI",
    flags: { ...genAi, customised_with_own_data: "fine_tuned", training_data_representative: "no" },
    misses: [
      { ...genAi, customised_with_own_data: "none", training_data_representative: "no" },
      { ...genAi, customised_with_own_data: "retrieval", training_data_representative: "yes" },
      { ai_type: "predictive_ml", customised_with_own_data: "fine_tuned", training_data_representative: "no" },
    ],
  },
  {
    key: "explainability",
    rule: "D-EXPLAINABILITY",
    flags: { decisions_about_people: "supports_human_decision", explanations_available: false },
    misses: [{ decisions_about_people: "supports_human_decision", explanations_available: true }, { decisions_about_people: "none" }],
  },
  {
    key: "response-engineering",
    rule: "D-RESPONSE-ENGINEERING",
    flags: { ...genAi, generated_content_shown_to_users: true },
    misses: [{ ...genAi, generated_content_shown_to_users: false }, { ai_type: "predictive_ml", generated_content_shown_to_users: true }],
  },
  {
    key: "foundation-model",
    rule: "D-FOUNDATION-MODEL",
    flags: { uses_foundation_model: true },
    misses: [{ uses_foundation_model: false }, { uses_foundation_model: null }],
  },
  {
    key: "security-risk",
    rule: "D-SECURITY-INTERNET",
    flags: { internet_facing: true },
    misses: [{ internet_facing: false, processes_untrusted_input: false }],
  },
  { key: "security-risk", rule: "D-SECURITY-UNTRUSTED-INPUT", flags: { processes_untrusted_input: true }, misses: [] },
  {
    key: "prohibited-use",
    rule: "D-PROHIBITED-USE",
    flags: { prohibited_practices: ["realtime_public_biometric_id"] },
    misses: [{ prohibited_practices: [] }],
  },
  {
    key: "overreliance",
    rule: "D-OVERRELIANCE-UNREVIEWED",
    flags: { output_relied_on_without_review: true },
    misses: [{ output_relied_on_without_review: false, human_oversight: "human_on_the_loop" }],
  },
  { key: "overreliance", rule: "D-OVERRELIANCE-NO-OVERSIGHT", flags: { human_oversight: "none" }, misses: [] },
];

describe("classify: risk descriptors", () => {
  it.each(CASES)("$key is flagged by $rule", ({ key, rule, flags, context }) => {
    const result = classifyWith(flags, context);
    expect(rulesFor(result, key)).toEqual([rule]);
    expect(result.rules_fired).toContain(rule);
  });

  it.each(CASES.filter((c) => c.misses.length > 0))("$key is not flagged by near misses", ({ key, misses }) => {
    for (const details of misses) expect(rulesFor(classifyWith(details), key)).toBeUndefined();
  });

  it("has a positive and a negative case for every descriptor and every rule", () => {
    expect(new Set(CASES.map((c) => c.key))).toEqual(new Set(DESCRIPTOR_KEYS));
    expect(new Set(CASES.filter((c) => c.misses.length > 0).map((c) => c.key))).toEqual(new Set(DESCRIPTOR_KEYS));
    const tested = new Set([...CASES.map((c) => c.rule), "D-VENDOR-HIGH-RISK"]);
    expect(tested).toEqual(new Set(DESCRIPTOR_RULES.map((r) => r.id)));
  });

  it("lists every rule that flagged a key", () => {
    const result = classifyWith({ decisions_about_people: "supports_human_decision", profiles_people: true, high_risk_areas: ["employment"] });
    expect(rulesFor(result, "protected-class")).toEqual(["D-PROTECTED-DECISIONS", "D-PROTECTED-PROFILING", "D-PROTECTED-AREA"]);
  });

  it("lists flagged descriptors once each, in DESCRIPTOR_KEYS order", () => {
    const result = classifyWith(
      {
        prohibited_practices: ["social_scoring"],
        business_criticality: "high",
        human_oversight: "none",
        output_relied_on_without_review: true,
        uses_foundation_model: true,
      },
      { vendorCount: 1, highRiskVendorIds: ["v1"] },
    );
    expect(result.risk_descriptors).toEqual([
      { key: "business", rules: ["D-BUSINESS"] },
      { key: "vendor", rules: ["D-VENDOR", "D-VENDOR-FOUNDATION-MODEL", "D-VENDOR-HIGH-RISK"] },
      { key: "foundation-model", rules: ["D-FOUNDATION-MODEL"] },
      { key: "prohibited-use", rules: ["D-PROHIBITED-USE"] },
      { key: "overreliance", rules: ["D-OVERRELIANCE-UNREVIEWED", "D-OVERRELIANCE-NO-OVERSIGHT"] },
    ]);
  });
});

describe("classify: vendors", () => {
  it("flags vendor by D-VENDOR-HIGH-RISK when a linked vendor is high risk", () => {
    const result = classifyWith({}, { vendorCount: 1, highRiskVendorIds: ["6f1c2a9e-0b7e-4c1e-9a3e-2d6b7f0c1a2b"] });
    expect(rulesFor(result, "vendor")).toEqual(["D-VENDOR", "D-VENDOR-HIGH-RISK"]);
  });

  it("does not add D-VENDOR-HIGH-RISK for an empty or missing list", () => {
    expect(rulesFor(classifyWith({}, { vendorCount: 1, highRiskVendorIds: [] }), "vendor")).toEqual(["D-VENDOR"]);
    expect(rulesFor(classifyWith({}, { vendorCount: 1 }), "vendor")).toEqual(["D-VENDOR"]);
  });

  it("does not flag vendor with no vendors and no foundation model", () => {
    expect(rulesFor(classifyWith({}, { vendorCount: 0 }), "vendor")).toBeUndefined();
  });
});

describe("classify: unanswered answers", () => {
  it("counts unanswered yes/no questions as no", () => {
    const result = classifyWith({
      ...genAi,
      personal_data: "personal",
      internet_facing: null,
      data_shared_with_vendor: null,
      processes_untrusted_input: null,
      generated_content_shown_to_users: null,
      output_relied_on_without_review: null,
      uses_foundation_model: null,
      profiles_people: null,
    });
    for (const key of ["data-exposure", "security-risk", "hallucination", "foundation-model", "protected-class"] as const) {
      expect(rulesFor(result, key)).toBeUndefined();
    }
    expect(result.tier_rule_outcomes["T-SECURITY"]).toBe(false);
  });

  it("counts unanswered consent questions as not given", () => {
    const consent = (informed: boolean | null, consented: boolean | null) =>
      rulesFor(classifyWith({ personal_data: "personal", users_informed_of_ai: informed, user_consent_obtained: consented }), "user-consent");
    expect(consent(null, null)).toEqual(["D-USER-CONSENT"]);
    expect(consent(true, null)).toEqual(["D-USER-CONSENT"]);
    expect(consent(null, true)).toEqual(["D-USER-CONSENT"]);
    expect(consent(true, true)).toBeUndefined();
  });

  it("counts unanswered explanations as not available", () => {
    const result = classifyWith({ decisions_about_people: "supports_human_decision", explanations_available: null });
    expect(rulesFor(result, "explainability")).toEqual(["D-EXPLAINABILITY"]);
  });

  it("counts an unanswered representativeness as not confirmed", () => {
    const result = classifyWith({ ai_type: "predictive_ml", training_data_representative: null });
    expect(rulesFor(result, "data-representativeness-nongenai")).toEqual(["D-REPRESENTATIVENESS-NONGENAI"]);
  });

  it("does not read an unanswered choice as something other than none", () => {
    const result = classifyWith({
      personal_data: null,
      decisions_about_people: null,
      internet_facing: true,
      data_shared_with_vendor: true,
      ...genAi,
      customised_with_own_data: null,
      training_data_representative: "no",
    });
    for (const key of ["data-exposure", "user-consent", "data-privacy-vendors", "fairness", "explainability", "data-representativeness-genai"] as const) {
      expect(rulesFor(result, key)).toBeUndefined();
    }
  });
});
