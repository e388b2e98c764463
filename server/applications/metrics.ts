import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { NOT_ASSESSED, type ApplicationMetrics } from "../../domain/entities/application";
import type { Progress } from "../../domain/entities/framework";
import { REVIEW_REMINDER_DAYS_BEFORE, RISK_TIERS } from "../../domain/risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../domain/workflow";
import type { Db } from "../db/client";
import { applications } from "../db/schema";
import { applicationOverrides, companySettings, controlsFor, countProgress, emptyProgress } from "../frameworks/compliance";
import { readableApplications } from "./store";

/** Every applicable control of every readable application, once per application, counted in SQL. */
async function controlCompletion(db: Db, request: FastifyRequest): Promise<Progress> {
  const apps = await db
    .select({ id: applications.id, name: applications.name, riskTier: applications.riskTier, details: applications.details })
    .from(applications)
    .where(readableApplications(request));
  if (apps.length === 0) return emptyProgress();
  const settings = await companySettings(db, request.user.companyId);
  const overrides = await applicationOverrides(db, apps.map((a) => a.id));
  const pairs = apps.flatMap((app) => controlsFor(app, settings, overrides.get(app.id)).map((c) => ({ group: "all", applicationId: app.id, controlId: c.id })));
  return (await countProgress(db, request.user.companyId, pairs)).get("all") ?? emptyProgress();
}

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
  metrics.controls = await controlCompletion(db, request);
  return metrics;
}
