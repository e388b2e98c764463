import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companyId } from "./tenant";
import { applicationId } from "./applications";

/**
 * Derived, never written by the app: per application, its control counts under each framework that applies
 * to it, plus one row (framework_id = '*') counting each applicable control once across all of them. Kept in
 * the same transaction as every change by database triggers (server/frameworks/summary), so reads over
 * 100,000 applications aggregate stored counts instead of deriving applicability per request.
 */
export const applicationCompliance = pgTable(
  "application_compliance",
  {
    companyId: companyId(),
    applicationId: applicationId(),
    frameworkId: text().notNull(),
    applicable: integer().notNull(),
    implemented: integer().notNull(),
    notApplicable: integer().notNull(),
    inProgress: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.frameworkId] }),
    // Every column a read aggregates, so the dashboard and framework counts are index-only scans.
    index("application_compliance_company_framework_idx").on(t.companyId, t.frameworkId, t.applicationId, t.applicable, t.implemented, t.notApplicable, t.inProgress),
  ],
);

/** Which compiled library the summaries and their triggers were built from: a new one recomputes them at startup. */
export const complianceSummaryState = pgTable("compliance_summary_state", {
  id: integer().primaryKey(),
  libraryHash: text().notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
