import { classify, type ClassificationResult } from "./classify";
import type { ClassificationContext } from "./descriptor-rules";
import type { DescriptorKey } from "./descriptors";
import { emptyDetails, type ApplicationDetails } from "./details-schema";

/**
 * Test helpers. A fully answered internal tool that no rule flags: low tier by
 * T-LOW and no descriptors, so each test's overrides alone explain the result.
 */
export function lowRiskDetails(overrides: Partial<ApplicationDetails> = {}): ApplicationDetails {
  return {
    ...emptyDetails(),
    purpose: "Summarises internal policy documents for staff.",
    intended_users: ["employees"],
    ai_type: "rules_or_other",
    decisions_about_people: "none",
    personal_data: "none",
    business_criticality: "low",
    ...overrides,
  };
}

export function classifyWith(
  overrides: Partial<ApplicationDetails>,
  context: ClassificationContext = { vendorCount: 0 },
): ClassificationResult {
  return classify(lowRiskDetails(overrides), context);
}

export function rulesFor(result: ClassificationResult, key: DescriptorKey): string[] | undefined {
  return result.risk_descriptors.find((d) => d.key === key)?.rules;
}
