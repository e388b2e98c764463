import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { NOT_ASSESSED, applicationMetricsSchema, type ApplicationMetrics } from "../../../domain/entities/application";
import { REVIEW_REMINDER_DAYS_BEFORE, RISK_TIERS } from "../../../domain/risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../../domain/workflow";
import { applications } from "../../db/schema";
import { problemResponses } from "../../plugins/problem";
import { readableApplications } from "./applications";

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** GET /applications/metrics: the dashboard's counts over the applications the caller can see, in one query. */
export default async function applicationMetricsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/applications/metrics",
    {
      schema: {
        tags: ["applications"],
        summary: "Counts by tier, approval and development status, and reviews due or overdue",
        response: { 200: applicationMetricsSchema, ...problemResponses },
      },
    },
    async (request) => {
      const rows = await root.db
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
      };
      for (const r of rows) {
        metrics.total += r.count;
        metrics.by_risk_tier[r.tier ?? NOT_ASSESSED] += r.count;
        metrics.by_approval_status[r.approval] += r.count;
        metrics.by_development_status[r.development] += r.count;
        metrics.reviews_due += r.due;
        metrics.reviews_overdue += r.overdue;
      }
      return metrics;
    },
  );
}
