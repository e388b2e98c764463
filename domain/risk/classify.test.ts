import { describe, expect, it } from "vitest";
import { classify, materiallyChanged, missingRequiredAnswers } from "./classify";
import type { ApplicationDetails } from "./details-schema";
import { REQUIRED_QUESTION_IDS } from "./questionnaire";
import { classifyWith, lowRiskDetails, rulesFor } from "./test-support";
import { TIER_RULE_IDS, type TierRuleId } from "./tier-rules";
import type { RiskTier } from "./tiers";

const tierRulesOf = (fired: readonly string[]) => fired.filter((id) => id.startsWith("T-"));

interface TierCase {
  name: string;
  details: Partial<ApplicationDetails>;
  tier: RiskTier;
  rule: TierRuleId;
}

/** One case per rule where it alone matches, then cases where an earlier rule must win. */
const TIER_CASES: TierCase[] = [
  { name: "a prohibited practice", details: { prohibited_practices: ["social_scoring"] }, tier: "prohibited", rule: "T-PROHIBITED" },
  { name: "an Annex III area", details: { high_risk_areas: ["critical_infrastructure"] }, tier: "high", rule: "T-ANNEX-III" },
  { name: "high business criticality", details: { business_criticality: "high" }, tier: "high", rule: "T-BUSINESS" },
  {
    name: "an automated decision on personal data",
    details: { decisions_about_people: "automated_decision", personal_data: "personal" },
    tier: "high",
    rule: "T-AUTOMATED",
  },
  { name: "support for decisions about people", details: { decisions_about_people: "supports_human_decision" }, tier: "medium", rule: "T-PEOPLE" },
  { name: "personal data", details: { personal_data: "sensitive" }, tier: "medium", rule: "T-DATA" },
  { name: "customers as users", details: { intended_users: ["employees", "customers"] }, tier: "medium", rule: "T-EXTERNAL" },
  { name: "the public as users", details: { intended_users: ["public"] }, tier: "medium", rule: "T-EXTERNAL" },
  { name: "an internet-facing system", details: { internet_facing: true }, tier: "medium", rule: "T-SECURITY" },
  { name: "untrusted input", details: { processes_untrusted_input: true }, tier: "medium", rule: "T-SECURITY" },
  { name: "medium business criticality", details: { business_criticality: "medium" }, tier: "medium", rule: "T-MEDIUM-BUSINESS" },
  { name: "internal use with no risk factor", details: {}, tier: "low", rule: "T-LOW" },
];

const ORDER_CASES: TierCase[] = [
  {
    name: "T-PROHIBITED before T-ANNEX-III and T-BUSINESS",
    details: { prohibited_practices: ["deceptive_content"], high_risk_areas: ["employment"], business_criticality: "high" },
    tier: "prohibited",
    rule: "T-PROHIBITED",
  },
  {
    name: "T-ANNEX-III before T-BUSINESS",
    details: { high_risk_areas: ["education"], business_criticality: "high" },
    tier: "high",
    rule: "T-ANNEX-III",
  },
  {
    name: "T-BUSINESS before T-AUTOMATED",
    details: { business_criticality: "high", decisions_about_people: "automated_decision", personal_data: "personal" },
    tier: "high",
    rule: "T-BUSINESS",
  },
  {
    name: "T-AUTOMATED before T-PEOPLE and T-DATA",
    details: { decisions_about_people: "automated_decision", personal_data: "sensitive", intended_users: ["public"] },
    tier: "high",
    rule: "T-AUTOMATED",
  },
  {
    name: "T-PEOPLE before T-DATA",
    details: { decisions_about_people: "supports_human_decision", personal_data: "personal" },
    tier: "medium",
    rule: "T-PEOPLE",
  },
  {
    name: "T-DATA before T-EXTERNAL",
    details: { personal_data: "personal", intended_users: ["customers"] },
    tier: "medium",
    rule: "T-DATA",
  },
  {
    name: "T-EXTERNAL before T-SECURITY",
    details: { intended_users: ["customers"], internet_facing: true },
    tier: "medium",
    rule: "T-EXTERNAL",
  },
  {
    name: "T-SECURITY before T-MEDIUM-BUSINESS",
    details: { processes_untrusted_input: true, business_criticality: "medium" },
    tier: "medium",
    rule: "T-SECURITY",
  },
];

describe("classify: tier rules", () => {
  it.each(TIER_CASES)("$rule gives $tier for $name", ({ details, tier, rule }) => {
    const result = classifyWith(details);
    expect(result.risk_tier).toBe(tier);
    expect(tierRulesOf(result.rules_fired)).toEqual([rule]);
    expect(result.tier_rule_outcomes[rule]).toBe(true);
  });

  it("has a case for every tier rule", () => {
    expect(new Set(TIER_CASES.map((c) => c.rule))).toEqual(new Set(TIER_RULE_IDS));
  });

  it.each(ORDER_CASES)("first match wins: $name", ({ details, tier, rule }) => {
    const result = classifyWith(details);
    expect(result.risk_tier).toBe(tier);
    expect(tierRulesOf(result.rules_fired)).toEqual([rule]);
  });

  it("an automated decision without personal data is not T-AUTOMATED", () => {
    const result = classifyWith({ decisions_about_people: "automated_decision", personal_data: "none" });
    expect(result.risk_tier).toBe("medium");
    expect(tierRulesOf(result.rules_fired)).toEqual(["T-PEOPLE"]);
    expect(result.tier_rule_outcomes["T-AUTOMATED"]).toBe(false);
  });

  it("reports every tier rule's outcome, not only the deciding one", () => {
    const result = classifyWith({ business_criticality: "high", personal_data: "personal", internet_facing: true });
    expect(result.tier_rule_outcomes).toEqual({
      "T-PROHIBITED": false,
      "T-ANNEX-III": false,
      "T-BUSINESS": true,
      "T-AUTOMATED": false,
      "T-PEOPLE": false,
      "T-DATA": true,
      "T-EXTERNAL": false,
      "T-SECURITY": true,
      "T-MEDIUM-BUSINESS": false,
      "T-LOW": false,
    });
  });
});

describe("classify: Article 6(3) exemption", () => {
  const exempted = { high_risk_areas: ["employment" as const], narrow_task_exemption: true };

  it("applies: the areas alone do not make it high, and T-EXEMPT is reported", () => {
    const result = classifyWith(exempted);
    expect(result.risk_tier).toBe("low");
    expect(tierRulesOf(result.rules_fired)).toEqual(["T-LOW", "T-EXEMPT"]);
    expect(result.tier_rule_outcomes["T-ANNEX-III"]).toBe(false);
  });

  it("applies, but the other rules still run", () => {
    const result = classifyWith({ ...exempted, business_criticality: "high" });
    expect(result.risk_tier).toBe("high");
    expect(tierRulesOf(result.rules_fired)).toEqual(["T-BUSINESS", "T-EXEMPT"]);
  });

  it("does not apply when the application profiles people", () => {
    const result = classifyWith({ ...exempted, profiles_people: true });
    expect(result.risk_tier).toBe("high");
    expect(tierRulesOf(result.rules_fired)).toEqual(["T-ANNEX-III"]);
  });

  it("does not apply to a product-safety component", () => {
    const result = classifyWith({ high_risk_areas: ["employment", "product_safety_component"], narrow_task_exemption: true });
    expect(result.risk_tier).toBe("high");
    expect(tierRulesOf(result.rules_fired)).toEqual(["T-ANNEX-III"]);
  });

  it("does not apply when not claimed (false or unanswered)", () => {
    for (const claim of [false, null]) {
      const result = classifyWith({ high_risk_areas: ["employment"], narrow_task_exemption: claim });
      expect(result.risk_tier).toBe("high");
      expect(result.rules_fired).not.toContain("T-EXEMPT");
    }
  });

  it("is not reported when there are no high-risk areas to set aside", () => {
    const result = classifyWith({ narrow_task_exemption: true });
    expect(result.rules_fired).not.toContain("T-EXEMPT");
  });
});

describe("classify: not assessed", () => {
  it.each(REQUIRED_QUESTION_IDS)("has no tier while %s is unanswered, but still computes descriptors", (id) => {
    const details = { ...lowRiskDetails({ uses_foundation_model: true }), [id]: null };
    const result = classify(details, { vendorCount: 0 });
    expect(result.risk_tier).toBeNull();
    expect(tierRulesOf(result.rules_fired)).toEqual([]);
    expect(rulesFor(result, "foundation-model")).toEqual(["D-FOUNDATION-MODEL"]);
    expect(missingRequiredAnswers(details)).toEqual([id]);
  });

  it("counts a blank purpose and an empty user list as unanswered", () => {
    const details = lowRiskDetails({ purpose: "   ", intended_users: [] });
    expect(classify(details, { vendorCount: 0 }).risk_tier).toBeNull();
    expect(missingRequiredAnswers(details)).toEqual(["purpose", "intended_users"]);
  });

  it("does not report the exemption without a tier", () => {
    const result = classifyWith({ ai_type: null, high_risk_areas: ["employment"], narrow_task_exemption: true });
    expect(result.risk_tier).toBeNull();
    expect(result.rules_fired).not.toContain("T-EXEMPT");
  });

  it("a prohibited practice without the required answers is still not assessed", () => {
    const result = classifyWith({ purpose: null, prohibited_practices: ["social_scoring"] });
    expect(result.risk_tier).toBeNull();
    expect(rulesFor(result, "prohibited-use")).toEqual(["D-PROHIBITED-USE"]);
  });
});

describe("classify: reasons", () => {
  it("lists the deciding tier rule, then T-EXEMPT, then every matching descriptor rule", () => {
    const result = classifyWith(
      { high_risk_areas: ["education"], narrow_task_exemption: true, internet_facing: true, uses_foundation_model: true },
      { vendorCount: 2 },
    );
    expect(result.rules_fired).toEqual([
      "T-SECURITY",
      "T-EXEMPT",
      "D-PROTECTED-AREA",
      "D-VENDOR",
      "D-VENDOR-FOUNDATION-MODEL",
      "D-FOUNDATION-MODEL",
      "D-SECURITY-INTERNET",
    ]);
    expect(result.risk_descriptors.map((d) => d.key)).toEqual(["protected-class", "vendor", "foundation-model", "security-risk"]);
  });
});

describe("materiallyChanged", () => {
  const base = classifyWith({ intended_users: ["customers"] });

  it("is false for the same answers", () => {
    expect(materiallyChanged(base, classifyWith({ intended_users: ["customers"] }))).toBe(false);
  });

  it("is true when the tier changes", () => {
    expect(materiallyChanged(base, classifyWith({ intended_users: ["customers"], business_criticality: "high" }))).toBe(true);
  });

  it("is true when the tier stays but another tier rule's outcome changes", () => {
    const after = classifyWith({ intended_users: ["customers"], internet_facing: true });
    expect(after.risk_tier).toBe(base.risk_tier);
    expect(materiallyChanged(base, after)).toBe(true);
  });

  it("is true when an assessed application loses its tier", () => {
    expect(materiallyChanged(base, classifyWith({ intended_users: ["customers"], purpose: null }))).toBe(true);
  });

  it("is false when only descriptors or free text change", () => {
    const after = classifyWith(
      { intended_users: ["customers"], purpose: "Something else entirely.", uses_foundation_model: true },
      { vendorCount: 3 },
    );
    expect(after.risk_descriptors).not.toEqual(base.risk_descriptors);
    expect(materiallyChanged(base, after)).toBe(false);
  });
});
