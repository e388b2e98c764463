import { z } from "zod";
import { listQuerySchema, listResponseSchema, queryBoolean } from "../api/list";
import { CONTROL_STATUSES, FRAMEWORK_STATUSES, RISK_TIERS, keyDateSchema } from "../frameworks/types";
import { uploadFormSchema } from "./document";
import { parseUrl } from "../validation/url";

/**
 * Contracts of the frameworks area (the library pages, and the application controls, evidence and
 * framework settings). The library itself is shipped data (domain/frameworks); these carry what a
 * company decided about it and how far each application has come.
 */

/** Counts behind a progress figure: done = implemented + not_applicable, progress = done ÷ applicable. */
export const progressSchema = z.object({
  applicable: z.number().int(),
  implemented: z.number().int(),
  not_applicable: z.number().int(),
  in_progress: z.number().int(),
  not_started: z.number().int(),
  /** 0 to 1; 0 when nothing applies. */
  progress: z.number(),
});
export type Progress = z.infer<typeof progressSchema>;

export const FRAMEWORK_SORT_KEYS = ["name", "status"] as const;
export const frameworkListQuerySchema = listQuerySchema(FRAMEWORK_SORT_KEYS).extend({
  status: z.enum(FRAMEWORK_STATUSES).optional(),
  enabled: queryBoolean.optional(),
});

const frameworkSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  short_name: z.string(),
  jurisdiction: z.string(),
  status: z.enum(FRAMEWORK_STATUSES),
  key_dates: z.array(keyDateSchema),
  summary: z.string(),
  version: z.string(),
  scope_note: z.string(),
  /** The company's setting: the EU AI Act is on unless turned off, every other framework off unless turned on. */
  enabled: z.boolean(),
  notes: z.string().nullable(),
  requirement_count: z.number().int(),
  control_count: z.number().int(),
  /** Applications (of those the caller reads) the framework applies to. */
  application_count: z.number().int(),
  /** Over those applications' applicable controls. */
  progress: progressSchema,
});
export type FrameworkSummary = z.infer<typeof frameworkSummarySchema>;
export const frameworkListResponseSchema = listResponseSchema(frameworkSummarySchema);

const frameworkRequirementSchema = z.object({
  id: z.string(),
  ref: z.string(),
  group: z.string(),
  subgroup: z.string().nullable(),
  subgroup_title: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  applies_to_tiers: z.array(z.enum(RISK_TIERS)).nullable(),
  applies_from: z.string().nullable(),
  control_ids: z.array(z.string()),
});
export type FrameworkRequirement = z.infer<typeof frameworkRequirementSchema>;

const catalogueControlSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  guidance: z.string(),
  evidence_expected: z.array(z.string()),
  tiers: z.array(z.enum(RISK_TIERS)),
  requirement_ids: z.array(z.string()),
});
export type CatalogueControl = z.infer<typeof catalogueControlSchema>;

const frameworkApplicationProgressSchema = progressSchema.extend({
  id: z.uuid(),
  name: z.string(),
  risk_tier: z.enum(RISK_TIERS).nullable(),
});
export type FrameworkApplicationProgress = z.infer<typeof frameworkApplicationProgressSchema>;

/** The applications a framework applies to are a list of their own (GET /frameworks/{id}/applications): paged, not embedded. */
export const FRAMEWORK_APPLICATION_SORT_KEYS = ["name", "risk_tier", "progress"] as const;
export const frameworkApplicationListQuerySchema = listQuerySchema(FRAMEWORK_APPLICATION_SORT_KEYS);
export const frameworkApplicationListResponseSchema = listResponseSchema(frameworkApplicationProgressSchema);

export const frameworkDetailSchema = frameworkSummarySchema.extend({
  requirements: z.array(frameworkRequirementSchema),
  /** The catalogue controls mapped to this framework's requirements (requirement_ids limited to them). */
  controls: z.array(catalogueControlSchema),
});
export type FrameworkDetail = z.infer<typeof frameworkDetailSchema>;

export const frameworkParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const frameworkSettingSchema = z.object({
  enabled: z.boolean(),
  notes: z.string().trim().max(2000, "validation.tooLong").nullish(),
});

export const frameworkSettingResponseSchema = z.object({ framework_id: z.string(), enabled: z.boolean(), notes: z.string().nullable() });

/** One framework as an application's Frameworks tab shows it. */
export const applicationFrameworkSchema = z.object({
  framework_id: z.string(),
  name: z.string(),
  short_name: z.string(),
  status: z.enum(FRAMEWORK_STATUSES),
  company_enabled: z.boolean(),
  /** Its scope covers the application's answers. */
  applies_by_default: z.boolean(),
  /** The application's own setting, null when it follows the default. */
  override: z.boolean().nullable(),
  reason: z.string().nullable(),
  /** Enabled for the company and (by override, else by default) for the application. */
  applies: z.boolean(),
  progress: progressSchema,
});
export type ApplicationFramework = z.infer<typeof applicationFrameworkSchema>;
export const applicationFrameworkListSchema = listResponseSchema(applicationFrameworkSchema);

export const applicationFrameworkParamsSchema = z.object({ id: z.uuid(), frameworkId: z.string().min(1).max(100) });

export const applicationFrameworkSettingSchema = z.object({
  enabled: z.boolean(),
  /** Required when turning off a framework that applies by default (checked by the server, which knows the default). */
  reason: z.string().trim().max(2000, "validation.tooLong").nullish(),
});

export const CONTROL_ERRORS = {
  justification: "controls.errors.justificationRequired",
  reason: "controls.errors.reasonRequired",
  owner: "controls.errors.ownerUnknown",
  link: "controls.errors.linkScheme",
  expiry: "controls.errors.expiryPast",
  effective: "controls.errors.effectiveFuture",
  validity: "controls.errors.validityBeforeEffective",
} as const;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

const controlRequirementRefSchema = z.object({
  id: z.string(),
  framework_id: z.string(),
  framework_short_name: z.string(),
  ref: z.string(),
  title: z.string(),
});

const applicationControlSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  guidance: z.string(),
  evidence_expected: z.array(z.string()),
  /** The requirements of the applying frameworks this control satisfies. */
  requirements: z.array(controlRequirementRefSchema),
  status: z.enum(CONTROL_STATUSES),
  justification: z.string().nullable(),
  owner: personSchema.nullable(),
  due_date: z.string().nullable(),
  notes: z.string().nullable(),
  /** Due date passed and not done. */
  overdue: z.boolean(),
  evidence_count: z.number().int(),
  expired_evidence_count: z.number().int(),
  updated_at: z.string().nullable(),
  /** The edit counter (0 while never recorded): send it back as `If-Match: "<version>"`; a stale edit is refused with 412. */
  version: z.number().int(),
});
export type ApplicationControl = z.infer<typeof applicationControlSchema>;
export const applicationControlListSchema = listResponseSchema(applicationControlSchema);

export const evidenceSchema = z.object({
  id: z.uuid(),
  control_id: z.string(),
  name: z.string(),
  kind: z.enum(["file", "link"]),
  url: z.string().nullable(),
  /** A file is also one of the application's documents, under this id (confirm its upload there). */
  document_id: z.uuid().nullable(),
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The day the evidence speaks for (an audit report's date, a test's finish): on or before the day it was added. */
  effective_on: z.string(),
  /** The end of its validity: the last day it holds; null when it does not lapse. */
  expires_on: z.string().nullable(),
  /** Its validity has ended (expires_on is before today). */
  expired: z.boolean(),
  added_by: z.object({ id: z.uuid().nullable(), name: z.string() }),
  created_at: z.string(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const applicationControlDetailSchema = applicationControlSchema.extend({ evidence: z.array(evidenceSchema) });
export type ApplicationControlDetail = z.infer<typeof applicationControlDetailSchema>;

export const applicationControlParamsSchema = z.object({ id: z.uuid(), controlId: z.string().regex(/^C-[A-Z]+-\d{2}$/) });

const optionalText = z.string().trim().max(4000, "validation.tooLong").nullish();

export const applicationControlUpdateSchema = z
  .object({
    status: z.enum(CONTROL_STATUSES).optional(),
    justification: optionalText,
    owner_id: z.uuid().nullish(),
    due_date: z.iso.date().nullish(),
    notes: optionalText,
  })
  .strict();
export type ApplicationControlUpdate = z.infer<typeof applicationControlUpdateSchema>;

/** Today as YYYY-MM-DD in UTC: the day expiry and due dates are compared with. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** A link is http(s) only: javascript:, data: and the like never become clickable evidence. */
export const isHttpUrl = (value: string) => {
  const protocol = parseUrl(value)?.protocol;
  return protocol === "http:" || protocol === "https:";
};

export const evidenceName = z.string().trim().min(1, "validation.required").max(255, "validation.tooLong");
const expiresOn = z.iso
  .date()
  .refine((d) => d >= todayIso(), CONTROL_ERRORS.expiry)
  .nullish();
/** Evidence speaks for a day that has come: today or before (the day of a report uploaded later). */
export const effectiveOn = z.iso.date().refine((d) => d <= todayIso(), CONTROL_ERRORS.effective);

/**
 * New evidence: its validity cannot end before today and it cannot speak for a day to come, so its validity never
 * ends before its effective date.
 */
export const evidenceCreateSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("link"),
    name: evidenceName,
    url: z.string().trim().max(2000, "validation.tooLong").refine(isHttpUrl, CONTROL_ERRORS.link),
    /** Today when left out. */
    effective_on: effectiveOn.nullish(),
    expires_on: expiresOn,
  }),
  z.object({
    kind: z.literal("file"),
    name: evidenceName,
    /** What the browser believes the file is; bound in the upload policy only when accepted. */
    content_type: z.string().max(200).optional(),
    effective_on: effectiveOn.nullish(),
    expires_on: expiresOn,
  }),
]);

export const evidenceCreateResponseSchema = z.object({ evidence: evidenceSchema, upload: uploadFormSchema.nullable() });

export const evidenceDeleteQuerySchema = z.strictObject({ evidence_id: z.uuid() });
