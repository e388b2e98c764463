import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { NOT_ASSESSED, applicationMetricsSchema, type ApplicationMetrics } from "../../../domain/entities/application";
import { REVIEW_REMINDER_DAYS_BEFORE, RISK_TIERS } from "../../../domain/risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../../domain/workflow";
import type { Progress } from "../../../domain/entities/framework";
import { applications } from "../../db/schema";
import { applicationOverrides, companySettings, controlsFor, countProgress, emptyProgress } from "../../frameworks/compliance";
import { problemResponses } from "../../plugins/problem";
import { readableApplications } from "../../applications/store";

/** Every applicable control of every readable application, once per application, counted in SQL. */
async function controlCompletion(request: FastifyRequest): Promise<Progress> {
  const db = request.server.db;
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
      metrics.controls = await controlCompletion(request);
      return metrics;
    },
  );
}
