import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Db } from "./client";

/** Counting every matching row of a large list costs a scan per page; past this many the planner's estimate serves. */
export const EXACT_TOTAL_THRESHOLD = 1000;

/** Every row's count of the rows matching its query, computed in the pass that reads them all. */
export const windowCount = sql<number>`count(*) over ()`.mapWith(Number);

export interface ListTotal {
  total: number;
  total_is_estimate?: true;
}

/**
 * The total of a list: exact up to `threshold` rows (a count over a capped subquery stops early), beyond it
 * PostgreSQL's planner estimate, flagged so the client can say "about".
 */
export async function listTotal(db: Db, table: PgTable, where: SQL | undefined, threshold = EXACT_TOTAL_THRESHOLD): Promise<ListTotal> {
  const matching = () => db.select({ one: sql<number>`1`.as("one") }).from(table).where(where);
  const capped = matching().limit(threshold + 1).as("capped");
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= threshold) return { total: n };
  const [plan] = await queryRows<{ "QUERY PLAN": unknown }>(db, sql`explain (format json) ${matching().getSQL()}`);
  const raw = plan["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  // The estimate can fall below what was just counted; never report fewer rows than exist for certain.
  return { total: Math.max(threshold + 1, Math.round(parsed[0].Plan["Plan Rows"])), total_is_estimate: true };
}
