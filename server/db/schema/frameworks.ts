import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CONTROL_STATUSES } from "../../../domain/frameworks/types";
import { createdAt, id, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";
import { applicationId, processingItems } from "./applications";

/**
 * The framework library and control catalogue are shipped data (domain/frameworks), addressed by their
 * ids; these tables hold only what a company decides about them.
 */
export const companyFrameworkSettings = pgTable(
  "company_framework_settings",
  {
    companyId: companyId(),
    frameworkId: text().notNull(),
    enabled: boolean().notNull(),
    notes: text(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.frameworkId] })],
);

/** Per application: a framework turned on or off against its default, with the reason when turned off. */
export const applicationFrameworkSettings = pgTable(
  "application_framework_settings",
  {
    companyId: companyId(),
    applicationId: applicationId(),
    frameworkId: text().notNull(),
    enabled: boolean().notNull(),
    reason: text(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.frameworkId] })],
);

/** One control's implementation for one application; no row means not started. */
export const applicationControls = pgTable(
  "application_controls",
  {
    companyId: companyId(),
    applicationId: applicationId(),
    controlId: text().notNull(),
    status: text({ enum: CONTROL_STATUSES }).notNull().default("not_started"),
    /** Required for not_applicable. */
    justification: text(),
    ownerId: uuid().references(() => users.id, { onDelete: "set null" }),
    dueDate: date({ mode: "string" }),
    notes: text(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.controlId] }),
    index("application_controls_owner_idx").on(t.ownerId),
    // A person's open controls by due date, read from the index alone: My Work's count, first due date and page.
    index("application_controls_owner_open_idx")
      .on(t.ownerId, t.dueDate, t.applicationId, t.companyId)
      .where(sql`${t.status} in ('not_started', 'in_progress')`),
    check("application_controls_status_check", sql`${t.status} in ('not_started', 'in_progress', 'implemented', 'not_applicable')`),
  ],
);

/**
 * Evidence for a control: a file (uploaded through a presigned form, like documents) or a link. It speaks for a
 * day (`effective_on`, which may precede its upload) and may hold until a day (`expires_on`, the validity end).
 */
export const controlEvidence = pgTable(
  "control_evidence",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    controlId: text().notNull(),
    name: text().notNull(),
    kind: text({ enum: ["file", "link"] }).notNull(),
    url: text(),
    storageKey: text().unique(),
    contentType: text(),
    size: integer(),
    processingItemId: uuid().references(() => processingItems.id),
    /** The day the evidence speaks for: on or before the day it was added. */
    effectiveOn: date({ mode: "string" }).notNull(),
    /** The last day it holds (its validity end); null when it does not lapse. */
    expiresOn: date({ mode: "string" }),
    addedById: uuid(),
    addedByName: text().notNull(),
    createdAt: createdAt(),
    /** Evidence is removed by a DELETE but kept for the audit trail. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("control_evidence_control_idx").on(t.applicationId, t.controlId),
    index("control_evidence_expiry_idx").on(t.companyId, t.expiresOn),
    // The evidence a person added, by when it lapses: My Work's evidence coming due, without reading the table.
    index("control_evidence_added_by_expiry_idx")
      .on(t.addedById, t.expiresOn, t.applicationId, t.companyId)
      .where(sql`${t.deletedAt} is null`),
    check("control_evidence_kind_check", sql`(${t.kind} = 'link' and ${t.url} is not null) or (${t.kind} = 'file' and ${t.storageKey} is not null)`),
    check("control_evidence_validity_check", sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.effectiveOn}`),
  ],
);
