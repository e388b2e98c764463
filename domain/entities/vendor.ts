import { z } from "zod";
import { listQuerySchema, listResponseSchema, multiValue } from "../api/list";
import { RISK_TIERS } from "../risk";
import { APPROVAL_STATUSES } from "../workflow";
import { nameSchema } from "../validation/rules";
import { parseUrl } from "../validation/url";
import { VENDOR_RISK_LEVELS, VENDOR_RISK_RULE_IDS, vendorDetailsPatchSchema, vendorDetailsSchema } from "../vendors";

export const VENDOR_STATUSES = ["active", "under_review", "offboarded"] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const WEBSITE_MAX_LENGTH = 500;
export const VENDOR_TEXT_MAX_LENGTH = 4000;
export const CONTACT_MAX_LENGTH = 500;

/** Only web addresses: a `javascript:` or `file:` link would be an attack once shown as a link. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  const url = parseUrl(value);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
}

/** Blank text is no value: optional text fields store null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation.tooLong")
    .transform((v) => v || null)
    .nullable();

const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, "validation.tooLong")
  .refine((v) => v === "" || isWebAddress(v), "vendors.validation.website")
  .transform((v) => v || null)
  .nullable();

/** An AI vendor as lists and the detail page see it. */
export const vendorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  services_provided: z.string().nullable(),
  contact: z.string().nullable(),
  status: z.enum(VENDOR_STATUSES),
  risk_level: z.enum(VENDOR_RISK_LEVELS),
  risk_reasons: z.array(z.string()),
  /** How many applications use it (listed in `vendor_ids` or as the foundation-model vendor). */
  application_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const VENDOR_SORT_KEYS = ["name", "status", "risk_level", "application_count", "created_at", "updated_at"] as const;
export const vendorListQuerySchema = listQuerySchema(VENDOR_SORT_KEYS).extend({
  status: multiValue(z.enum(VENDOR_STATUSES)),
  risk_level: multiValue(z.enum(VENDOR_RISK_LEVELS)),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;
export const vendorListResponseSchema = listResponseSchema(vendorSchema);

const profileShape = {
  website: websiteSchema.optional(),
  description: optionalText(VENDOR_TEXT_MAX_LENGTH).optional(),
  services_provided: optionalText(VENDOR_TEXT_MAX_LENGTH).optional(),
  contact: optionalText(CONTACT_MAX_LENGTH).optional(),
  status: z.enum(VENDOR_STATUSES).optional(),
};

export const vendorCreateSchema = z
  .object({ name: nameSchema, ...profileShape, details: vendorDetailsSchema.optional() })
  .strict();
export type VendorCreate = z.input<typeof vendorCreateSchema>;

/** PUT /vendors/{id}: any profile field, and a partial set of answers merged over the stored ones. */
export const vendorUpdateSchema = z
  .object({ name: z.optional(nameSchema), ...profileShape, details: vendorDetailsPatchSchema.optional() })
  .strict();

export const vendorIdParamsSchema = z.object({ id: z.uuid() });

/** How an application uses a vendor: listed among its vendors, or named as its foundation-model vendor. */
const VENDOR_USES = ["listed", "foundation_model"] as const;

const linkedApplicationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  risk_tier: z.enum(RISK_TIERS).nullable(),
  approval_status: z.enum(APPROVAL_STATUSES),
  uses: z.array(z.enum(VENDOR_USES)),
});
export type LinkedApplication = z.infer<typeof linkedApplicationSchema>;

/** GET /vendors/{id}/details: the answers and the risk with its reasons (the applications that use it are a list of their own). */
export const vendorDetailsResponseSchema = z.object({
  details: z.record(z.string(), z.unknown()),
  risk_level: z.enum(VENDOR_RISK_LEVELS),
  risk_reasons: z.array(z.enum(VENDOR_RISK_RULE_IDS as unknown as [string, ...string[]])),
});

export const LINKED_APPLICATION_SORT_KEYS = ["name", "risk_tier"] as const;
/** GET /vendors/{id}/applications: the applications the caller can read that use the vendor, a page at a time. */
export const linkedApplicationListQuerySchema = listQuerySchema(LINKED_APPLICATION_SORT_KEYS);
export const linkedApplicationListResponseSchema = listResponseSchema(linkedApplicationSchema);
export type VendorDetailsResponse = z.infer<typeof vendorDetailsResponseSchema>;

/** The vendor as an application names it. */
export const vendorRefSchema = z.object({ id: z.uuid(), name: z.string(), risk_level: z.enum(VENDOR_RISK_LEVELS) });
export type VendorRef = z.infer<typeof vendorRefSchema>;
