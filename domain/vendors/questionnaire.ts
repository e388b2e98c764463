/**
 * The vendor questionnaire, as data like the application's (domain/risk): the form renders it,
 * the details schema is built from it and vendorRisk() reads the answers it defines.
 */

const VENDOR_QUESTION_TYPES = ["single", "multi", "bool", "date"] as const;
type VendorQuestionType = (typeof VENDOR_QUESTION_TYPES)[number];

const HOSTING_REGIONS = ["eu", "uk", "us", "asia_pacific", "other"] as const;
const DATA_RETENTION_PERIODS = ["none", "up_to_30_days", "up_to_1_year", "over_1_year", "not_stated"] as const;
const CERTIFICATIONS = ["soc2_type2", "iso_27001", "iso_42001"] as const;

export interface VendorQuestionDefinition {
  readonly id: string;
  readonly type: VendorQuestionType;
  /** Allowed values of a single or multi choice. */
  readonly options?: readonly string[];
}

/** In form order. */
export const VENDOR_QUESTIONS = [
  { id: "provides_foundation_model", type: "bool" },
  { id: "hosting_regions", type: "multi", options: HOSTING_REGIONS },
  { id: "trains_on_customer_data", type: "bool" },
  { id: "data_retention_period", type: "single", options: DATA_RETENTION_PERIODS },
  { id: "personal_data_processed", type: "bool" },
  { id: "dpa_signed", type: "bool" },
  { id: "certifications", type: "multi", options: CERTIFICATIONS },
  { id: "subprocessors_disclosed", type: "bool" },
  { id: "security_incident_last_24_months", type: "bool" },
  { id: "last_review_date", type: "date" },
] as const satisfies readonly VendorQuestionDefinition[];

export type VendorQuestion = (typeof VENDOR_QUESTIONS)[number];
export type VendorQuestionId = VendorQuestion["id"];

// i18n keys by convention (locales/<lng>/vendors.json), so the data carries no text.
export const vendorQuestionLabelKey = (id: VendorQuestionId) => `vendors.questions.${id}.label`;
export const vendorQuestionHelpKey = (id: VendorQuestionId) => `vendors.questions.${id}.help`;
export const vendorOptionLabelKey = (id: VendorQuestionId, value: string) => `vendors.options.${id}.${value}`;
