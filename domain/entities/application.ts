import { z } from "zod";
import { listQuerySchema, listResponseSchema, multiValue } from "../api/list";
import { progressSchema } from "./framework";
import { applicationDetailsPatchSchema, applicationDetailsSchema, DESCRIPTOR_KEYS, RISK_TIERS } from "../risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../workflow";
import { nameSchema } from "../validation/rules";
import { vendorRefSchema } from "./vendor";

/** The tier filter's word for "no tier yet" (risk_tier null). */
export const NOT_ASSESSED = "not_assessed";

const personSchema = z.object({ id: z.uuid(), name: z.string() });

const flaggedDescriptorSchema = z.object({ key: z.enum(DESCRIPTOR_KEYS), rules: z.array(z.string()) });

/** An AI application as lists and the detail page see it. */
export const applicationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  owner: personSchema.nullable(),
  risk_tier: z.enum(RISK_TIERS).nullable(),
  risk_descriptors: z.array(flaggedDescriptorSchema),
  approval_status: z.enum(APPROVAL_STATUSES),
  development_status: z.enum(DEVELOPMENT_STATUSES),
  /** A workflow.resetReasons key while a reset approval waits for a new submission. */
  approval_reset_reason: z.string().nullable(),
  submitted_by: z.uuid().nullable(),
  approved_at: z.string().nullable(),
  next_review_due: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
  /**
   * The resource groups it belongs to: the access rules of GET /access/user name groups, so the browser decides
   * what the user may do with this application from these, as the API does.
   */
  resource_group_ids: z.array(z.uuid()),
  /** The vendors it lists (`vendor_ids`), on single reads; the foundation-model vendor is in its details. */
  vendors: z.array(vendorRefSchema).optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const APPLICATION_SORT_KEYS = ["name", "risk_tier", "approval_status", "development_status", "owner", "next_review_due", "created_at", "updated_at"] as const;

export const applicationListQuerySchema = listQuerySchema(APPLICATION_SORT_KEYS).extend({
  risk_tier: multiValue(z.enum([...RISK_TIERS, NOT_ASSESSED])),
  approval_status: multiValue(z.enum(APPROVAL_STATUSES)),
  development_status: multiValue(z.enum(DEVELOPMENT_STATUSES)),
  owner: multiValue(z.uuid()),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
export const applicationListResponseSchema = listResponseSchema(applicationSchema);

const descriptionSchema = z.string().trim().max(4000, "validation.tooLong").nullable();

/** The vendors an application uses: part of the application, not of its questionnaire details. */
const vendorIdsSchema = z.array(z.uuid()).max(100).refine((ids) => new Set(ids).size === ids.length, { error: "Each vendor at most once" });

export const applicationCreateSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.optional(),
    owner_id: z.uuid().nullable().optional(),
    /** A contributor with several groups picks the one the application joins (so its creator never loses sight of it). */
    resource_group_id: z.uuid().optional(),
    details: applicationDetailsSchema.optional(),
    vendor_ids: vendorIdsSchema.optional(),
  })
  .strict();
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/**
 * PUT /applications/{id}: an edit (name, description, owner, details — a partial set of answers — and vendor_ids), or a status
 * move: a body with only `approval_status` or only `development_status`.
 */
export const applicationUpdateSchema = z
  .object({
    name: z.optional(nameSchema),
    description: descriptionSchema.optional(),
    owner_id: z.uuid().nullable().optional(),
    details: applicationDetailsPatchSchema.optional(),
    vendor_ids: vendorIdsSchema.optional(),
    approval_status: z.enum(APPROVAL_STATUSES).optional(),
    development_status: z.enum(DEVELOPMENT_STATUSES).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const keys = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
    for (const status of ["approval_status", "development_status"] as const) {
      if (body[status] !== undefined && keys.length > 1) {
        ctx.addIssue({ code: "custom", path: [status], message: "A status move is sent alone: change the status in its own request." });
      }
    }
  });
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

export const applicationIdParamsSchema = z.object({ id: z.uuid() });

/** GET /applications/{id}/details: the answers and their classification with reasons. */
export const applicationDetailsResponseSchema = z.object({
  details: z.record(z.string(), z.unknown()),
  risk_tier: z.enum(RISK_TIERS).nullable(),
  risk_descriptors: z.array(flaggedDescriptorSchema),
  rules_fired: z.array(z.string()),
  tier_rule_outcomes: z.record(z.string(), z.boolean()),
  /** Required questions not answered yet: why the tier is "not assessed". */
  missing_required: z.array(z.string()),
});

export const assessmentSchema = z.object({
  id: z.uuid(),
  assessed_by: z.object({ id: z.uuid().nullable(), name: z.string() }),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()),
  risk_tier: z.enum(RISK_TIERS).nullable(),
  risk_descriptors: z.array(flaggedDescriptorSchema),
  rules_fired: z.array(z.string()),
});
export const assessmentListResponseSchema = listResponseSchema(assessmentSchema);

export const COMMENT_MAX_LENGTH = 5000;
export const commentSchema = z.object({
  id: z.uuid(),
  author: z.object({ id: z.uuid().nullable(), name: z.string() }),
  body: z.string(),
  created_at: z.string(),
});
export const commentCreateSchema = z.object({
  body: z.string().trim().min(1, "validation.required").max(COMMENT_MAX_LENGTH, "validation.tooLong"),
});
export const commentListResponseSchema = listResponseSchema(commentSchema);

/** GET /applications/{id}/activity: the audit entries of the application. */
export const activitySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid().nullable(), type: z.enum(["user", "api_client", "system"]), name: z.string() }),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export const activityListResponseSchema = listResponseSchema(activitySchema);

/** GET /applications/metrics: counts over the applications the caller can see (the dashboard's figures). */
export const applicationMetricsSchema = z.object({
  total: z.number().int(),
  by_risk_tier: z.record(z.enum([...RISK_TIERS, NOT_ASSESSED]), z.number().int()),
  by_approval_status: z.record(z.enum(APPROVAL_STATUSES), z.number().int()),
  by_development_status: z.record(z.enum(DEVELOPMENT_STATUSES), z.number().int()),
  /** Next review within REVIEW_REMINDER_DAYS_BEFORE days, not yet overdue. */
  reviews_due: z.number().int(),
  reviews_overdue: z.number().int(),
  /** Control completion over the same applications: each applicable control counted once per application. */
  controls: progressSchema,
});
export type ApplicationMetrics = z.infer<typeof applicationMetricsSchema>;
