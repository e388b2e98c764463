import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { migrationsFolder } from "../db/migrate";
import { queryRows } from "../db/client";
import { sendProblem } from "../plugins/errors";
import { problemSchema } from "../../domain/api/problem";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
const statusSchema = z.object({ status: z.literal("ok") });

/** /healthz: the process answers. /readyz: the database answers and every migration is applied. */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: false, logLevel: "warn" } as const;
  r.get("/healthz", { config, schema: { tags: ["health"], summary: "The process answers (liveness)", security: [], response: { 200: statusSchema } } }, async () => ({ status: "ok" as const }));
  r.get("/readyz", { config, schema: { tags: ["health"], summary: "The database answers and every migration is applied (readiness)", security: [], response: { 200: statusSchema, 503: problemSchema } } }, async (_request, reply) => {
    try {
      const [row] = await queryRows<{ applied: number }>(app.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      const applied = Number(row?.applied ?? 0);
      if (applied < journal.entries.length) {
        return sendProblem(reply, 503, `Migrations pending: ${applied} of ${journal.entries.length} applied.`);
      }
      return { status: "ok" as const };
    } catch {
      return sendProblem(reply, 503, "The database is not reachable.");
    }
  });
}
