import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * When each periodic job last ran, shared by every instance on one database: an instance runs a round
 * only if it can move this time forward, so a round runs once however many instances there are.
 */
export const scheduledRuns = pgTable("scheduled_runs", {
  job: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});
