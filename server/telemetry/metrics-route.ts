import type { FastifyInstance } from "fastify";
import { createHash, timingSafeEqual } from "node:crypto";
import { sendProblem } from "../plugins/errors";
import type { Metrics } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so neither the token's characters nor its length show in the time an answer takes. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics for a Prometheus scraper holding the METRICS_TOKEN bearer token. Unset token: the route says it does
 * not exist (rather than falling through to the web app). Kept out of the API document and of the rate limit.
 */
export default async function metricsRoute(app: FastifyInstance, opts: { token?: string; metrics?: Metrics }) {
  const { token, metrics } = opts;
  app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false }, logLevel: "warn" }, async (request, reply) => {
    if (!token || !metrics) return sendProblem(reply, 404, `No route ${request.method} /metrics.`);
    const [scheme, given] = (request.headers.authorization ?? "").split(" ", 2);
    if (scheme?.toLowerCase() !== "bearer" || !given || !sameToken(given, token)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return sendProblem(reply, 401, "Scraping metrics needs the bearer token METRICS_TOKEN sets.");
    }
    const { contentType, body } = await metrics.render();
    return reply.header("Cache-Control", "no-store").type(contentType).send(body);
  });
}
