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
 * How long an estimated total is reused for the same query. Paging through a long list asks for its total on
 * every page; an "about" figure that is seconds old is as good, and the count and the plan are two round trips
 * of three. A list that shrinks below the threshold is counted exactly again once this has passed.
 */
export const ESTIMATE_REUSE_MS = 10_000;
/** Per database, by query and parameters; dropped whole when it grows past this many queries. */
const ESTIMATES_KEPT = 1000;
const estimates = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/**
 * The total of a list: exact up to `threshold` rows (a count over a capped subquery stops early), beyond it
 * PostgreSQL's planner estimate, flagged so the client can say "about".
 */
export async function listTotal(db: Db, table: PgTable, where: SQL | undefined, threshold = EXACT_TOTAL_THRESHOLD): Promise<ListTotal> {
  const matching = () => db.select({ one: sql<number>`1`.as("one") }).from(table).where(where);
  const query = matching().toSQL();
  const key = `${threshold}:${query.sql}:${JSON.stringify(query.params)}`;
  let known = estimates.get(db);
  if (!known) estimates.set(db, (known = new Map()));
  const reused = known.get(key);
  if (reused && Date.now() - reused.at < ESTIMATE_REUSE_MS) return { total: reused.total, total_is_estimate: true };

  const capped = matching().limit(threshold + 1).as("capped");
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= threshold) {
    known.delete(key);
    return { total: n };
  }
  const [plan] = await queryRows<{ "QUERY PLAN": unknown }>(db, sql`explain (format json) ${matching().getSQL()}`);
  const raw = plan["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  // The estimate can fall below what was just counted; never report fewer rows than exist for certain.
  const total = Math.max(threshold + 1, Math.round(parsed[0].Plan["Plan Rows"]));
  if (known.size >= ESTIMATES_KEPT) known.clear();
  known.set(key, { total, at: Date.now() });
  return { total, total_is_estimate: true };
}
