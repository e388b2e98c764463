import { describe, expect, it } from "vitest";
import { emptyVendorDetails, vendorDetailsSchema } from "./details-schema";
import { VENDOR_RISK_RULE_IDS, vendorRisk } from "./risk";
import { lowRiskVendorDetails } from "./test-support";

/** A vendor that answers every question in its favour: low risk. */
const clean = lowRiskVendorDetails();
const vendor = lowRiskVendorDetails;

describe("vendorRisk", () => {
  it("is low when every answer is in the vendor's favour, with no reasons", () => {
    expect(vendorRisk(clean)).toEqual({ level: "low", reasons: [] });
  });

  it("is high with every high reason when nothing is answered (unknown is not no)", () => {
    expect(vendorRisk(emptyVendorDetails())).toEqual({
      level: "high",
      reasons: ["V-TRAINS-ON-CUSTOMER-DATA", "V-PERSONAL-DATA-WITHOUT-DPA", "V-INCIDENT-WITHOUT-CERTIFICATION"],
    });
  });

  describe("high", () => {
    it.each([true, null])("trains on customer data (%s)", (answer) => {
      expect(vendorRisk(vendor({ trains_on_customer_data: answer }))).toEqual({ level: "high", reasons: ["V-TRAINS-ON-CUSTOMER-DATA"] });
    });
    it.each([
      [true, false],
      [true, null],
      [null, false],
      [null, null],
    ])("processes personal data (%s) without a signed agreement (%s)", (personal, dpa) => {
      const risk = vendorRisk(vendor({ personal_data_processed: personal, dpa_signed: dpa }));
      expect(risk).toEqual({ level: "high", reasons: ["V-PERSONAL-DATA-WITHOUT-DPA"] });
    });
    it.each([
      [true, []],
      [true, null],
      [null, []],
    ])("had an incident (%s) and holds no certification (%j)", (incident, certifications) => {
      const risk = vendorRisk(vendor({ security_incident_last_24_months: incident, certifications }));
      expect(risk).toEqual({ level: "high", reasons: ["V-INCIDENT-WITHOUT-CERTIFICATION"] });
    });
    it("an incident with a certification held is not high", () => {
      expect(vendorRisk(vendor({ security_incident_last_24_months: true })).level).toBe("low");
    });
  });

  describe("medium", () => {
    it("processes personal data under a signed agreement", () => {
      expect(vendorRisk(vendor({ personal_data_processed: true }))).toEqual({ level: "medium", reasons: ["V-PERSONAL-DATA"] });
    });
    it("personal data unanswered, with an agreement, still counts", () => {
      expect(vendorRisk(vendor({ personal_data_processed: null }))).toEqual({ level: "medium", reasons: ["V-PERSONAL-DATA"] });
    });
    it.each([true, null])("provides a foundation model (%s)", (answer) => {
      expect(vendorRisk(vendor({ provides_foundation_model: answer }))).toEqual({ level: "medium", reasons: ["V-FOUNDATION-MODEL"] });
    });
    it.each([[[]], [null]])("holds none of the certifications (%j)", (certifications) => {
      expect(vendorRisk(vendor({ certifications }))).toEqual({ level: "medium", reasons: ["V-NO-CERTIFICATION"] });
    });
    it("lists every medium reason that applies", () => {
      const risk = vendorRisk(vendor({ personal_data_processed: true, provides_foundation_model: true, certifications: [] }));
      expect(risk).toEqual({ level: "medium", reasons: ["V-PERSONAL-DATA", "V-FOUNDATION-MODEL", "V-NO-CERTIFICATION"] });
    });
  });

  it("high wins over medium, giving only the high reasons", () => {
    const risk = vendorRisk(vendor({ trains_on_customer_data: true, provides_foundation_model: true }));
    expect(risk).toEqual({ level: "high", reasons: ["V-TRAINS-ON-CUSTOMER-DATA"] });
  });

  it("answers that carry no rule do not change the level", () => {
    expect(vendorRisk(vendor({ hosting_regions: ["us"], data_retention_period: "over_1_year", subprocessors_disclosed: false })).level).toBe("low");
  });

  it("has a test above for every rule", () => {
    expect(VENDOR_RISK_RULE_IDS).toHaveLength(6);
  });
});

describe("vendorDetailsSchema", () => {
  it("defaults omitted answers to null", () => {
    expect(vendorDetailsSchema.parse({ dpa_signed: true })).toEqual({ ...emptyVendorDetails(), dpa_signed: true });
  });
  it("refuses an unknown certification, naming the field", () => {
    const result = vendorDetailsSchema.safeParse({ certifications: ["soc2_type2", "pci_dss"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["certifications.1"]);
  });
  it("refuses unknown questions and bad dates by path", () => {
    const result = vendorDetailsSchema.safeParse({ favourite_colour: "blue", last_review_date: "yesterday" });
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["favourite_colour", "last_review_date"]);
  });
  it("refuses a certification listed twice", () => {
    expect(vendorDetailsSchema.safeParse({ certifications: ["iso_27001", "iso_27001"] }).success).toBe(false);
  });
});
