import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, SERIOUS_INCIDENT_TYPES, type CorrectiveAction } from "../../../domain/entities/incident";
import { createdAt, id, inList, rankOf, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";
import { applicationId } from "./applications";

/**
 * An AI incident of one application: what happened, how serious it is, when it must be (and was) reported
 * to the authority, and how it is followed up. It goes with its application.
 */
export const incidents = pgTable(
  "incidents",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    title: text().notNull(),
    description: text(),
    severity: text({ enum: INCIDENT_SEVERITIES }).notNull(),
    status: text({ enum: INCIDENT_STATUSES }).notNull().default("open"),
    occurredAt: timestamp({ withTimezone: true }),
    detectedAt: timestamp({ withTimezone: true }).notNull(),
    affectedPeople: integer(),
    serious: boolean().notNull().default(false),
    seriousType: text({ enum: SERIOUS_INCIDENT_TYPES }),
    /** Computed on every write from `detected_at` and `serious_type` (domain reportDeadline); null when not serious. */
    reportDeadline: timestamp({ withTimezone: true }),
    reportedAt: timestamp({ withTimezone: true }),
    rootCause: text(),
    /** Replaced whole on an edit; the control ids are checked against the application's controls then. */
    correctiveActions: jsonb().$type<CorrectiveAction[]>().notNull().default([]),
    ownerId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    severityRank: smallint()
      .notNull()
      .generatedAlwaysAs(rankOf("severity", INCIDENT_SEVERITIES)),
    statusRank: smallint()
      .notNull()
      .generatedAlwaysAs(rankOf("status", INCIDENT_STATUSES)),
  },
  (t) => [
    // The list's default order (latest detected first) and its other sort keys, each with the id tiebreak.
    index("incidents_company_detected_idx").on(t.companyId, t.detectedAt, t.id),
    index("incidents_company_title_idx").on(t.companyId, sql`lower(${t.title})`, t.id),
    index("incidents_company_severity_rank_idx").on(t.companyId, t.severityRank, t.id),
    index("incidents_company_status_rank_idx").on(t.companyId, t.statusRank, t.id),
    index("incidents_company_deadline_idx").on(t.companyId, t.reportDeadline, t.id),
    index("incidents_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("incidents_company_updated_idx").on(t.companyId, t.updatedAt, t.id),
    // An application's incidents (the filter, the scope of SELECTED groups, the cascade on delete).
    index("incidents_application_idx").on(t.applicationId, t.detectedAt),
    // Reports still awaited: what My Work and the hourly sweep look for.
    index("incidents_report_awaited_idx").on(t.reportDeadline).where(sql`${t.serious} and ${t.reportedAt} is null`),
    // Free-text search (`q`, ILIKE '%…%') on the title is answered from a trigram index, not a scan.
    index("incidents_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    check("incidents_severity_check", sql`${t.severity} in (${inList(INCIDENT_SEVERITIES)})`),
    check("incidents_status_check", sql`${t.status} in (${inList(INCIDENT_STATUSES)})`),
    check("incidents_serious_type_check", sql`${t.seriousType} is null or ${t.seriousType} in (${inList(SERIOUS_INCIDENT_TYPES)})`),
    // A serious incident has its type and deadline; one that is not has neither.
    check("incidents_serious_check", sql`(${t.serious} and ${t.seriousType} is not null and ${t.reportDeadline} is not null) or (not ${t.serious} and ${t.seriousType} is null and ${t.reportDeadline} is null)`),
    check("incidents_affected_people_check", sql`${t.affectedPeople} is null or ${t.affectedPeople} >= 0`),
  ],
);
