import { emptyVendorDetails, type VendorDetails } from "./details-schema";

/** Test helper: a vendor that answers every question in its favour (low risk), with `overrides` on top. */
export function lowRiskVendorDetails(overrides: Partial<VendorDetails> = {}): VendorDetails {
  return {
    ...emptyVendorDetails(),
    provides_foundation_model: false,
    trains_on_customer_data: false,
    personal_data_processed: false,
    dpa_signed: true,
    certifications: ["soc2_type2"],
    security_incident_last_24_months: false,
    ...overrides,
  };
}
