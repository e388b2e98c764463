import type { FastifyRequest } from "fastify";
import { and, eq, sql } from "drizzle-orm";
import { asSubject, type Action } from "../../domain/access/abilities";
import type { Application } from "../../domain/entities/application";
import type { VendorRef } from "../../domain/entities/vendor";
import { classify, emptyDetails, type ApplicationDetails, type ClassificationContext, type ClassificationResult } from "../../domain/risk";
import type { Db } from "../db/client";
import { applications, users } from "../db/schema";
import { forbidden, notFound } from "../plugins/problem";

export type ApplicationRow = typeof applications.$inferSelect;
export interface ApplicationWithOwner<Row extends ApplicationViewRow = ApplicationRow> {
  row: Row;
  ownerName: string | null;
}

/**
 * The columns an application's API view shows. Lists read only these: the questionnaire and the
 * classification's working (details, rules fired, rule outcomes) are kilobytes a row no list shows.
 */
const viewColumns = {
  id: applications.id,
  name: applications.name,
  description: applications.description,
  ownerId: applications.ownerId,
  riskTier: applications.riskTier,
  riskDescriptors: applications.riskDescriptors,
  approvalStatus: applications.approvalStatus,
  developmentStatus: applications.developmentStatus,
  approvalResetReason: applications.approvalResetReason,
  submittedBy: applications.submittedBy,
  approvedAt: applications.approvedAt,
  nextReviewDue: applications.nextReviewDue,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  version: applications.version,
};
export type ApplicationViewRow = Pick<ApplicationRow, keyof typeof viewColumns>;

/** The owner's full name, joined in every read of applications. */
export const ownerName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

export function selectApplications(db: Db) {
  return db.select({ row: applications, ownerName }).from(applications).leftJoin(users, eq(users.id, applications.ownerId));
}

/** Applications as lists show them: the view's columns only. */
export function selectApplicationViews(db: Db) {
  return db.select({ row: viewColumns, ownerName }).from(applications).leftJoin(users, eq(users.id, applications.ownerId));
}

/** `vendors`: the vendors it lists, given on single reads. */
export function toApplication({ row, ownerName }: ApplicationWithOwner<ApplicationViewRow>, vendors?: VendorRef[]): Application {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.ownerId && ownerName ? { id: row.ownerId, name: ownerName } : null,
    risk_tier: row.riskTier,
    risk_descriptors: row.riskDescriptors,
    approval_status: row.approvalStatus,
    development_status: row.developmentStatus,
    approval_reset_reason: row.approvalResetReason,
    submitted_by: row.submittedBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    next_review_due: row.nextReviewDue,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    ...(vendors && { vendors }),
  };
}

/** No vendors used: the context of an application that lists none and names no foundation-model vendor. */
export const NO_VENDORS: ClassificationContext = { vendorCount: 0, highRiskVendorIds: [] };

/** The classification of some answers, given the vendors the application uses (server/applications/vendors.ts). */
export function classifyDetails(details: ApplicationDetails, context: ClassificationContext = NO_VENDORS): ClassificationResult {
  return classify(details, context);
}

/** The stored columns of a classification. */
export function classificationColumns(result: ClassificationResult) {
  return {
    riskTier: result.risk_tier,
    riskDescriptors: result.risk_descriptors,
    rulesFired: result.rules_fired,
    tierRuleOutcomes: result.tier_rule_outcomes,
  };
}

export function newApplicationValues(input: {
  companyId: string;
  name: string;
  description?: string | null;
  ownerId?: string | null;
  createdBy?: string | null;
  details?: ApplicationDetails;
  /** The vendors it uses; none by default. */
  context?: ClassificationContext;
}) {
  const details = input.details ?? emptyDetails();
  return {
    companyId: input.companyId,
    name: input.name,
    description: input.description ?? null,
    ownerId: input.ownerId ?? null,
    createdBy: input.createdBy ?? null,
    details,
    ...classificationColumns(classifyDetails(details, input.context)),
  };
}

/**
 * The application with this id if the caller can see it (else 404, never 403: design §4), and 403 when
 * they see it but may not take `action` on it.
 */
export async function findApplication(db: Db, request: FastifyRequest, id: string, action: Action = "read", detail?: string): Promise<ApplicationWithOwner> {
  const [found] = await selectApplications(db).where(and(eq(applications.id, id), eq(applications.companyId, request.user.companyId)));
  const subject = found && asSubject("Application", { id: found.row.id, companyId: found.row.companyId });
  if (!found || !request.ability.can("read", subject)) throw notFound("Application");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden(detail);
  return found;
}
