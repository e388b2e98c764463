import { QUESTIONS, optionLabelKey, questionLabelKey, type QuestionDefinition, type QuestionId } from "../risk";
import { VENDOR_STATUSES } from "../entities/vendor";
import { VENDOR_QUESTIONS, vendorOptionLabelKey, vendorQuestionLabelKey, type VendorQuestionDefinition, type VendorQuestionId } from "../vendors";

/** What can be imported from a spreadsheet. */
export const IMPORT_ENTITIES = ["applications", "vendors"] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/**
 * How a column's cells are read: free text; an e-mail (of a user of the company); a name (of a group, a
 * vendor), several names; one option or several; yes or no; a day (ISO 8601).
 */
export type ImportFieldKind = "text" | "email" | "group" | "vendor" | "vendors" | "single" | "multi" | "bool" | "date";

/** A field a column of the file can be mapped to. */
export interface ImportField {
  /** `name`, `owner`, `details.ai_type`: what the import sets. */
  key: string;
  /** The API body's name of what it sets, where that is not the key (`owner` → `owner_id`). */
  bodyKey?: string;
  /** The i18n key of its name (the template's header, the mapping's label). */
  label: string;
  kind: ImportFieldKind;
  required?: boolean;
  /** The allowed values of a choice, and the i18n key of each one's name. */
  options?: readonly { value: string; label: string }[];
}

/** Several values in one cell are parted by semicolons (names and options may hold commas). */
export const LIST_SEPARATOR = ";";

const DETAILS = "details.";

function applicationQuestionField(q: QuestionDefinition): ImportField {
  const id = q.id as QuestionId;
  const key = `${DETAILS}${q.id}`;
  switch (q.type) {
    case "single":
    case "multi":
      return { key, label: questionLabelKey(id), kind: q.type, options: (q.options ?? []).map((value) => ({ value, label: optionLabelKey(id, value) })) };
    case "bool":
      return { key, label: questionLabelKey(id), kind: "bool" };
    case "vendor":
      return { key, label: questionLabelKey(id), kind: "vendor" };
    default:
      return { key, label: questionLabelKey(id), kind: "text" };
  }
}

function vendorQuestionField(q: VendorQuestionDefinition): ImportField {
  const id = q.id as VendorQuestionId;
  const key = `${DETAILS}${q.id}`;
  if (q.type === "single" || q.type === "multi") return { key, label: vendorQuestionLabelKey(id), kind: q.type, options: (q.options ?? []).map((value) => ({ value, label: vendorOptionLabelKey(id, value) })) };
  return { key, label: vendorQuestionLabelKey(id), kind: q.type };
}

/** An application: its profile, then every question of the risk questionnaire, in the form's order. */
const APPLICATION_FIELDS: readonly ImportField[] = [
  { key: "name", label: "applications.fields.name", kind: "text", required: true },
  { key: "description", label: "applications.fields.description", kind: "text" },
  { key: "owner", bodyKey: "owner_id", label: "imports.fields.owner", kind: "email" },
  { key: "resource_group", bodyKey: "resource_group_id", label: "applications.fields.group", kind: "group" },
  { key: "vendors", bodyKey: "vendor_ids", label: "applications.fields.vendors", kind: "vendors" },
  ...(QUESTIONS as readonly QuestionDefinition[]).map(applicationQuestionField),
];

/** A vendor: its profile, then every question of the vendor questionnaire. */
const VENDOR_FIELDS: readonly ImportField[] = [
  { key: "name", label: "vendors.fields.name", kind: "text", required: true },
  { key: "website", label: "vendors.fields.website", kind: "text" },
  { key: "description", label: "vendors.fields.description", kind: "text" },
  { key: "services_provided", label: "vendors.fields.servicesProvided", kind: "text" },
  { key: "contact", label: "vendors.fields.contact", kind: "text" },
  { key: "status", label: "vendors.fields.status", kind: "single", options: VENDOR_STATUSES.map((value) => ({ value, label: `vendors.statuses.${value}` })) },
  ...(VENDOR_QUESTIONS as readonly VendorQuestionDefinition[]).map(vendorQuestionField),
];

export const IMPORT_FIELDS: Readonly<Record<ImportEntity, readonly ImportField[]>> = { applications: APPLICATION_FIELDS, vendors: VENDOR_FIELDS };
