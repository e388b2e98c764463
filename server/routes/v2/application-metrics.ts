import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { applicationMetricsSchema } from "../../../domain/entities/application";
import { applicationMetrics } from "../../applications/metrics";
import { problemResponses } from "../../plugins/problem";

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
    async (request) => applicationMetrics(root.db, request),
  );
}
