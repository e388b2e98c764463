import type { VendorDetails } from "./details-schema";

export const VENDOR_RISK_LEVELS = ["high", "medium", "low"] as const;
export type VendorRiskLevel = (typeof VENDOR_RISK_LEVELS)[number];

/*
 * How a vendor's risk level is decided. An unanswered question counts against the vendor ("unknown" is not "no"): a yes/no
 * risk holds unless answered "no", an assurance (the agreement) holds only when answered "yes", and
 * unanswered certifications count as none held.
 */
const unlessNo = (answer: boolean | null) => answer !== false;
const holdsNoCertification = (d: VendorDetails) => d.certifications === null || d.certifications.length === 0;

interface VendorRiskRule {
  readonly id: string;
  readonly level: Exclude<VendorRiskLevel, "low">;
  readonly when: (d: VendorDetails) => boolean;
}

/** One rule per "or" branch, so the reasons say which branch decided. High rules first. */
const VENDOR_RISK_RULES = [
  { id: "V-TRAINS-ON-CUSTOMER-DATA", level: "high", when: (d) => unlessNo(d.trains_on_customer_data) },
  { id: "V-PERSONAL-DATA-WITHOUT-DPA", level: "high", when: (d) => unlessNo(d.personal_data_processed) && d.dpa_signed !== true },
  { id: "V-INCIDENT-WITHOUT-CERTIFICATION", level: "high", when: (d) => unlessNo(d.security_incident_last_24_months) && holdsNoCertification(d) },
  { id: "V-PERSONAL-DATA", level: "medium", when: (d) => unlessNo(d.personal_data_processed) },
  { id: "V-FOUNDATION-MODEL", level: "medium", when: (d) => unlessNo(d.provides_foundation_model) },
  { id: "V-NO-CERTIFICATION", level: "medium", when: (d) => holdsNoCertification(d) },
] as const satisfies readonly VendorRiskRule[];

export type VendorRiskRuleId = (typeof VENDOR_RISK_RULES)[number]["id"];
export const VENDOR_RISK_RULE_IDS = VENDOR_RISK_RULES.map((r) => r.id) as readonly VendorRiskRuleId[];

export interface VendorRisk {
  level: VendorRiskLevel;
  /** The rules of the deciding level that matched; empty when low. */
  reasons: VendorRiskRuleId[];
}

/** The vendor's risk level with its reasons: high if any high rule matches, else medium if any medium rule does, else low. */
export function vendorRisk(details: VendorDetails): VendorRisk {
  for (const level of ["high", "medium"] as const) {
    const reasons = VENDOR_RISK_RULES.filter((r) => r.level === level && r.when(details)).map((r) => r.id);
    if (reasons.length > 0) return { level, reasons };
  }
  return { level: "low", reasons: [] };
}

/** i18n keys (locales/<lng>/vendors.json). */
export const vendorRiskReasonKey = (id: VendorRiskRuleId) => `vendors.rules.${id}`;
export const vendorRiskLevelKey = (level: VendorRiskLevel) => `vendors.riskLevels.${level}`;
