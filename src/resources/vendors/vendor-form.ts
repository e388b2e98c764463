import { z } from "zod";
import {
  CONTACT_MAX_LENGTH,
  VENDOR_STATUSES,
  VENDOR_TEXT_MAX_LENGTH,
  WEBSITE_MAX_LENGTH,
  isWebAddress,
  type Vendor,
  type VendorCreate,
  type VendorStatus,
} from "../../../domain/entities/vendor";
import { VENDOR_QUESTIONS, emptyVendorDetails, type VendorDetails } from "../../../domain/vendors";
import { nameSchema } from "../../../domain/validation/rules";

export interface VendorProfileValues {
  name: string;
  website: string;
  description: string;
  services_provided: string;
  contact: string;
  status: VendorStatus;
}

export const PROFILE_FIELDS = ["name", "website", "description", "services_provided", "contact", "status"] as const;

/** The profile as the server checks it (domain/entities/vendor), on plain strings the inputs hold. */
export const vendorProfileSchema = z.object({
  name: nameSchema,
  website: z
    .string()
    .trim()
    .max(WEBSITE_MAX_LENGTH, "validation.tooLong")
    .refine((v) => v === "" || isWebAddress(v), "vendors.validation.website"),
  description: z.string().max(VENDOR_TEXT_MAX_LENGTH, "validation.tooLong"),
  services_provided: z.string().max(VENDOR_TEXT_MAX_LENGTH, "validation.tooLong"),
  contact: z.string().max(CONTACT_MAX_LENGTH, "validation.tooLong"),
  status: z.enum(VENDOR_STATUSES),
});

export const EMPTY_PROFILE: VendorProfileValues = { name: "", website: "", description: "", services_provided: "", contact: "", status: "active" };

export function profileValuesOf(vendor: Vendor): VendorProfileValues {
  return {
    name: vendor.name,
    website: vendor.website ?? "",
    description: vendor.description ?? "",
    services_provided: vendor.services_provided ?? "",
    contact: vendor.contact ?? "",
    status: vendor.status,
  };
}

/** The request body: blank text is sent as null (no value). */
export function profileBody(values: VendorProfileValues): VendorCreate {
  const text = (v: string) => v.trim() || null;
  return {
    name: values.name.trim(),
    website: text(values.website),
    description: text(values.description),
    services_provided: text(values.services_provided),
    contact: text(values.contact),
    status: values.status,
  };
}

/** The stored answers with every question present. */
export function vendorDetailsOf(stored: Record<string, unknown> | undefined): VendorDetails {
  return { ...emptyVendorDetails(), ...(stored ?? {}) } as VendorDetails;
}

const canonical = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : (value ?? null));

/** Only the answers that changed (the server merges them over the stored ones); null when none did. */
export function changedAnswers(before: VendorDetails, after: VendorDetails): Partial<VendorDetails> | null {
  const changed: Record<string, unknown> = {};
  for (const q of VENDOR_QUESTIONS) {
    const value = after[q.id] === "" ? null : after[q.id];
    if (canonical(before[q.id]) !== canonical(value)) changed[q.id] = value;
  }
  return Object.keys(changed).length ? (changed as Partial<VendorDetails>) : null;
}
