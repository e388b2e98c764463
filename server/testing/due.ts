import { and, ne, sql, type SQL } from "drizzle-orm";
import { groupIdsOf } from "../access/record-groups";
import type { Db } from "../db/client";
import { applications } from "../db/schema";

/** A fairness test counts for a year (bias audits are annual), and the owner is reminded this many days before it runs out. */
export const FAIRNESS_TEST_VALID_DAYS = 365;
export const FAIRNESS_TEST_REMINDER_DAYS = 30;
const DAY_MS = 86_400_000;

/** The day a test that finished at `finishedAt` stops counting (ISO date). */
export const fairnessTestDue = (finishedAt: Date) => new Date(finishedAt.getTime() + FAIRNESS_TEST_VALID_DAYS * DAY_MS).toISOString().slice(0, 10);

/** An application flagged with the `fairness` risk descriptor (its decisions about people may treat groups unequally). */
const flaggedFairness = sql`${applications.riskDescriptors} @> '[{"key":"fairness"}]'::jsonb`;

/**
 * When the application's latest test with results finished (only a ready task keeps `finished_at`). Spelt out with
 * qualified names: in a select list drizzle leaves columns unqualified, and `id` would then be the task's own.
 */
const lastTested = sql<Date | null>`(select max(tt.finished_at) from testing_tasks tt where tt.application_id = "applications"."id")`;

/** Never tested, or last tested before `validSince`: its test no longer counts. */
export const untestedSince = (validSince: Date) => sql`(${lastTested} is null or ${lastTested} < ${validSince.toISOString()}::timestamptz)`;
/** Last tested within [from, to): its test runs out within the window those bounds shift by a year. */
export const lastTestedBetween = (from: Date, to: Date) => sql`(${lastTested} >= ${from.toISOString()}::timestamptz and ${lastTested} < ${to.toISOString()}::timestamptz)`;

export const validSince = (now: Date) => new Date(now.getTime() - FAIRNESS_TEST_VALID_DAYS * DAY_MS);
export const remindSince = (now: Date) => new Date(now.getTime() - (FAIRNESS_TEST_VALID_DAYS - FAIRNESS_TEST_REMINDER_DAYS) * DAY_MS);

/**
 * The applications in use that fairness testing concerns (flagged `fairness`, not retired), within `where`, with
 * when each was last tested: what My Work and the yearly reminder read.
 */
export function fairnessTestedApplications(db: Db, where?: SQL) {
  return db
    .select({
      id: applications.id,
      companyId: applications.companyId,
      name: applications.name,
      tier: applications.riskTier,
      ownerId: applications.ownerId,
      lastTested: lastTested.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
      groupIds: groupIdsOf(applications.id),
    })
    .from(applications)
    .where(and(flaggedFairness, ne(applications.developmentStatus, "retired"), where));
}
