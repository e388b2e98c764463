import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../../domain/workflow";
import { RISK_TIERS } from "../../../domain/risk/tiers";
import type { ApplicationDetails, FlaggedDescriptor, RuleId, TierRuleOutcomes } from "../../../domain/risk";
import { createdAt, id, inList, rankOf, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { resourceGroups, roles, users } from "./access";

/** An AI application: its answers, the classification they give, and its two statuses (approval and development). */
export const applications = pgTable(
  "applications",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    description: text(),
    ownerId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The questionnaire's answers, every question present, null when unanswered. */
    details: jsonb().$type<ApplicationDetails>().notNull(),
    /** The classification of `details` (domain/risk classify): null tier = not assessed. */
    riskTier: text({ enum: RISK_TIERS }),
    riskDescriptors: jsonb().$type<FlaggedDescriptor[]>().notNull().default([]),
    rulesFired: jsonb().$type<RuleId[]>().notNull().default([]),
    tierRuleOutcomes: jsonb().$type<TierRuleOutcomes>().notNull(),
    approvalStatus: text({ enum: APPROVAL_STATUSES }).notNull().default("draft"),
    developmentStatus: text({ enum: DEVELOPMENT_STATUSES }).notNull().default("idea"),
    /** Who submitted it last: never the one who approves it (no one approves their own submission). */
    submittedBy: uuid(),
    /** Why an approval was reset to draft (a workflow.resetReasons key), until it is submitted again. */
    approvalResetReason: text(),
    approvedAt: timestamp({ withTimezone: true }),
    lastReviewedAt: timestamp({ withTimezone: true }),
    /** When the next review is due, by the tier's cadence: set on approval and on each recorded review; null for low and not assessed. */
    nextReviewDue: date({ mode: "string" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    riskRank: smallint()
      .notNull()
      .generatedAlwaysAs(rankOf("risk_tier", RISK_TIERS)),
    approvalRank: smallint()
      .notNull()
      .generatedAlwaysAs(rankOf("approval_status", APPROVAL_STATUSES)),
    developmentRank: smallint()
      .notNull()
      .generatedAlwaysAs(rankOf("development_status", DEVELOPMENT_STATUSES)),
    /** The answer naming the foundation model's vendor, as a column: the vendors list counts its users from an index alone. */
    foundationModelVendorId: text().generatedAlwaysAs(sql`details->>'foundation_model_vendor_id'`),
  },
  (t) => [
    uniqueIndex("applications_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    // The migration also INCLUDEs name (drizzle cannot declare it): with name at hand, ORDER BY lower(name) walks
    // the index alone, so a deep page's OFFSET skips index entries instead of heap rows.
    index("applications_company_name_id_idx").on(t.companyId, sql`lower(${t.name})`, t.id),
    index("applications_foundation_model_vendor_idx")
      .on(t.foundationModelVendorId, t.id)
      .where(sql`${t.foundationModelVendorId} is not null`),
    // The company's ids from an index alone: what a vendor's count joins its users to.
    index("applications_company_id_idx").on(t.companyId, t.id),
    index("applications_company_risk_rank_idx").on(t.companyId, t.riskRank, t.id),
    index("applications_company_approval_rank_idx").on(t.companyId, t.approvalRank, t.id),
    index("applications_company_development_rank_idx").on(t.companyId, t.developmentRank, t.id),
    // Free-text search (`q`, ILIKE '%…%') is answered from trigram indexes, not a scan.
    index("applications_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("applications_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    index("applications_company_updated_idx").on(t.companyId, t.updatedAt),
    index("applications_company_tier_idx").on(t.companyId, t.riskTier),
    // By status, then in My Work's name order (code units, as the browser compares): the first approvals waiting
    // on a reviewer come from the index instead of a sort of every submitted application.
    index("applications_company_approval_idx").on(t.companyId, t.approvalStatus, sql`lower(${t.name}) collate "C"`, t.id),
    // The dashboard's breakdown (tier, statuses, reviews due) over a company's applications from the index alone.
    index("applications_company_metrics_idx").on(t.companyId, t.riskTier, t.approvalStatus, t.developmentStatus, t.nextReviewDue, t.id),
    // What waits on an owner: reviews coming due, and approvals reset by a change.
    index("applications_owner_review_idx").on(t.ownerId, t.nextReviewDue, t.companyId),
    // The upcoming reviews, in date order, read from the index: the dashboard's list sorted by next review.
    index("applications_company_review_idx").on(t.companyId, t.nextReviewDue, t.id),
    index("applications_owner_reset_idx").on(t.ownerId).where(sql`${t.approvalResetReason} is not null`),
    // The applications flagged for fairness tests (My Work's tests due): a few of a company's, found without a scan.
    index("applications_company_fairness_idx").on(t.companyId, t.id, t.developmentStatus).where(sql`${t.riskDescriptors} @> '[{"key":"fairness"}]'::jsonb`),
    check("applications_risk_tier_check", sql`${t.riskTier} is null or ${t.riskTier} in (${inList(RISK_TIERS)})`),
    check("applications_approval_status_check", sql`${t.approvalStatus} in (${inList(APPROVAL_STATUSES)})`),
    check("applications_development_status_check", sql`${t.developmentStatus} in (${inList(DEVELOPMENT_STATUSES)})`),
  ],
);

/** The application a row belongs to; the row goes with it. */
export const applicationId = () =>
  uuid()
    .notNull()
    .references(() => applications.id, { onDelete: "cascade" });

/** The classification history: one row for every save that changes the tier or the descriptors. */
export const applicationAssessments = pgTable(
  "application_assessments",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    assessedById: uuid(),
    assessedByName: text().notNull(),
    details: jsonb().$type<ApplicationDetails>().notNull(),
    riskTier: text({ enum: RISK_TIERS }),
    riskDescriptors: jsonb().$type<FlaggedDescriptor[]>().notNull(),
    rulesFired: jsonb().$type<RuleId[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_assessments_app_idx").on(t.applicationId, t.createdAt)],
);

export const applicationComments = pgTable(
  "application_comments",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    authorId: uuid(),
    authorName: text().notNull(),
    /** Plain text with line breaks; never HTML (rendered as text). */
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_comments_app_idx").on(t.applicationId, t.createdAt)],
);

/** Per-application grants (GET/PUT/DELETE /applications/{id}/role-assignments), on top of resource groups. */
export const applicationRoleAssignments = pgTable(
  "application_role_assignments",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
  },
  (t) => [unique("application_role_assignments_key").on(t.applicationId, t.userId, t.roleId), index("application_role_assignments_user_idx").on(t.userId)],
);

export const PROCESSING_STATUSES = ["created", "waiting", "analyzing", "ready", "error"] as const;

/** The queue of processing items (documents now, tests later), claimed with FOR UPDATE SKIP LOCKED. */
export const processingItems = pgTable(
  "processing_items",
  {
    id: id(),
    companyId: companyId(),
    kind: text({ enum: ["document", "test"] }).notNull(),
    status: text({ enum: PROCESSING_STATUSES }).notNull().default("created"),
    error: text(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("processing_items_waiting_idx").on(t.status, t.createdAt),
    check("processing_items_status_check", sql`${t.status} in (${inList(PROCESSING_STATUSES)})`),
  ],
);

/** A file attached to an application: the storage key is built from ids, never from the user's file name. */
export const applicationDocuments = pgTable(
  "application_documents",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    /** The user's file name, shown only. */
    name: text().notNull(),
    storageKey: text().notNull().unique(),
    /** Sniffed from the bytes once uploaded; null until then. */
    contentType: text(),
    size: integer(),
    processingItemId: uuid()
      .notNull()
      .references(() => processingItems.id),
    uploadedById: uuid(),
    uploadedByName: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("application_documents_app_idx").on(t.applicationId, t.createdAt)],
);

/** The applications a SELECTED group lists. */
export const resourceGroupResources = pgTable(
  "resource_group_resources",
  {
    resourceGroupId: uuid()
      .notNull()
      .references(() => resourceGroups.id, { onDelete: "cascade" }),
    resourceId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.resourceGroupId, t.resourceId] }), index("resource_group_resources_resource_idx").on(t.resourceId)],
);
