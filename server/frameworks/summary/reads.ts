import { and, asc, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { FRAMEWORK_APPLICATION_SORT_KEYS, FrameworkApplicationProgress, Progress } from "../../../domain/entities/framework";
import type { Db } from "../../db/client";
import { applicationCompliance, applications } from "../../db/schema";
import { ACROSS_FRAMEWORKS } from "./library-sql";

const c = applicationCompliance;

/** Sums of the summary counts; progress = (implemented + not_applicable) ÷ applicable, 0 when nothing applies. */
const sums = {
  applications: sql<number>`count(*)::int`,
  applicable: sql<number>`coalesce(sum(${c.applicable}), 0)::int`,
  implemented: sql<number>`coalesce(sum(${c.implemented}), 0)::int`,
  notApplicable: sql<number>`coalesce(sum(${c.notApplicable}), 0)::int`,
  inProgress: sql<number>`coalesce(sum(${c.inProgress}), 0)::int`,
};

interface Counts {
  applicable: number;
  implemented: number;
  notApplicable: number;
  inProgress: number;
}

export function toProgress(r: Counts): Progress {
  const { applicable, implemented, inProgress } = r;
  const notApplicable = r.notApplicable;
  return {
    applicable,
    implemented,
    not_applicable: notApplicable,
    in_progress: inProgress,
    not_started: applicable - implemented - notApplicable - inProgress,
    progress: applicable === 0 ? 0 : (implemented + notApplicable) / applicable,
  };
}

/**
 * Every applicable control of the applications `readable` (a condition on the summary's rows) admits, each counted
 * once per application.
 */
export async function controlCompletion(db: Db, companyId: string, readable: SQL | undefined): Promise<Progress> {
  const [row] = await db
    .select(sums)
    .from(c)
    .where(and(eq(c.companyId, companyId), eq(c.frameworkId, ACROSS_FRAMEWORKS), readable));
  return toProgress(row ?? { applicable: 0, implemented: 0, notApplicable: 0, inProgress: 0 });
}

export interface FrameworkStanding {
  applicationCount: number;
  progress: Progress;
}

/** Per framework (or the one named): how many readable applications it applies to and their progress, one grouped query. */
export async function frameworkStandings(db: Db, companyId: string, readable: SQL | undefined, frameworkId?: string): Promise<Map<string, FrameworkStanding>> {
  const rows = await db
    .select({ frameworkId: c.frameworkId, ...sums })
    .from(c)
    .where(and(eq(c.companyId, companyId), frameworkId ? eq(c.frameworkId, frameworkId) : ne(c.frameworkId, ACROSS_FRAMEWORKS), readable))
    .groupBy(c.frameworkId);
  return new Map(rows.map((r) => [r.frameworkId, { applicationCount: r.applications, progress: toProgress(r) }]));
}

export type FrameworkApplicationSort = (typeof FRAMEWORK_APPLICATION_SORT_KEYS)[number];

const progressOrder = sql`case when ${c.applicable} = 0 then 0 else (${c.implemented} + ${c.notApplicable})::float8 / ${c.applicable} end`;
const tierOrder = sql`array_position(array['prohibited', 'high', 'medium', 'low']::text[], ${applications.riskTier})`;

/** One page of the readable applications a framework applies to, with their progress under it, and the total. */
export async function frameworkApplicationsPage(
  db: Db,
  companyId: string,
  readable: SQL | undefined,
  frameworkId: string,
  query: { limit: number; offset: number; sort: FrameworkApplicationSort; descending: boolean; q?: string },
): Promise<{ items: FrameworkApplicationProgress[]; total: number }> {
  const named = query.q ? ilike(applications.name, `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined;
  const where = and(eq(c.companyId, companyId), eq(c.frameworkId, frameworkId), readable, named);
  const direction = query.descending ? desc : asc;
  // By name as the applications list sorts (case aside first): the company's name index then gives the page.
  const key = { name: sql`lower(${applications.name})`, risk_tier: tierOrder, progress: progressOrder }[query.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: applications.id,
        name: applications.name,
        riskTier: applications.riskTier,
        applicable: c.applicable,
        implemented: c.implemented,
        notApplicable: c.notApplicable,
        inProgress: c.inProgress,
      })
      .from(c)
      .innerJoin(applications, eq(applications.id, c.applicationId))
      .where(and(where, eq(applications.companyId, companyId)))
      .orderBy(direction(key), asc(applications.name), asc(applications.id))
      .limit(query.limit)
      .offset(query.offset),
    // The name filter needs the applications; the count without it is the summary's alone.
    named
      ? db.select({ total: sql<number>`count(*)::int` }).from(c).innerJoin(applications, eq(applications.id, c.applicationId)).where(where)
      : db.select({ total: sql<number>`count(*)::int` }).from(c).where(where),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, risk_tier: r.riskTier, ...toProgress(r) })),
    total: count?.total ?? 0,
  };
}
