import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { NOT_ASSESSED, type ApplicationMetrics } from "../../domain/entities/application";
import { REVIEW_REMINDER_DAYS_BEFORE, RISK_TIERS } from "../../domain/risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../domain/workflow";
import type { Db } from "../db/client";
import { applications } from "../db/schema";
import { emptyProgress } from "../frameworks/compliance";
import { readableScope } from "../frameworks/readable";
import { controlCompletion } from "../frameworks/summary/reads";
import { readableApplications } from "./store";

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** The dashboard's counts over the applications the caller can see: by tier and status in one query, reviews due or overdue, and control completion. */
export async function applicationMetrics(db: Db, request: FastifyRequest): Promise<ApplicationMetrics> {
  const rows = await db
    .select({
      tier: applications.riskTier,
      approval: applications.approvalStatus,
      development: applications.developmentStatus,
      count: sql<number>`count(*)::int`,
      due: sql<number>`count(*) filter (where ${applications.nextReviewDue} >= current_date and ${applications.nextReviewDue} <= current_date + ${REVIEW_REMINDER_DAYS_BEFORE}::int)::int`,
      overdue: sql<number>`count(*) filter (where ${applications.nextReviewDue} < current_date)::int`,
    })
    .from(applications)
    .where(readableApplications(request))
    .groupBy(applications.riskTier, applications.approvalStatus, applications.developmentStatus);
  const metrics: ApplicationMetrics = {
    total: 0,
    by_risk_tier: zeros([...RISK_TIERS, NOT_ASSESSED]),
    by_approval_status: zeros(APPROVAL_STATUSES),
    by_development_status: zeros(DEVELOPMENT_STATUSES),
    reviews_due: 0,
    reviews_overdue: 0,
    controls: emptyProgress(),
  };
  for (const r of rows) {
    metrics.total += r.count;
    metrics.by_risk_tier[r.tier ?? NOT_ASSESSED] += r.count;
    metrics.by_approval_status[r.approval] += r.count;
    metrics.by_development_status[r.development] += r.count;
    metrics.reviews_due += r.due;
    metrics.reviews_overdue += r.overdue;
  }
  // Every applicable control of every readable application, once per application: summed from the kept summary.
  metrics.controls = await controlCompletion(db, request.user.companyId, readableScope(request));
  return metrics;
}
