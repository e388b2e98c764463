import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";
import { applicationId } from "./applications";

export const VENDOR_STATUSES = ["active", "under_review", "offboarded"] as const;
export const VENDOR_RISK_LEVELS = ["high", "medium", "low"] as const;

/** An AI vendor: its profile, its questionnaire and the risk level the answers give. */
export const vendors = pgTable(
  "vendors",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    website: text(),
    description: text(),
    servicesProvided: text(),
    contact: text(),
    status: text({ enum: VENDOR_STATUSES }).notNull().default("active"),
    /** The vendor questionnaire's answers (domain/vendors), null when unanswered. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The risk the answers give (a pure function in domain/vendors), with its reasons. */
    riskLevel: text({ enum: VENDOR_RISK_LEVELS }).notNull(),
    riskReasons: jsonb().$type<string[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("vendors_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    check("vendors_status_check", sql`${t.status} in ('active', 'under_review', 'offboarded')`),
    check("vendors_risk_level_check", sql`${t.riskLevel} in ('high', 'medium', 'low')`),
  ],
);

/** The vendors an application uses (its `vendor_ids`). */
export const applicationVendors = pgTable(
  "application_vendors",
  {
    companyId: companyId(),
    applicationId: applicationId(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.vendorId] }), index("application_vendors_vendor_application_idx").on(t.vendorId, t.applicationId)],
);
