import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { SnapshotContent } from "../../../domain/approvals/snapshot";
import { createdAt, id, inList } from "./columns";
import { companyId } from "./tenant";
import { applicationId } from "./applications";

const DECISIONS = ["approved", "rejected"] as const;

/**
 * What an application was when it was approved or rejected (domain/approvals/snapshot.ts): written once, in the
 * decision's transaction, and never changed (a trigger refuses every UPDATE). It goes with its application.
 */
export const approvalSnapshots = pgTable(
  "approval_snapshots",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    decision: text({ enum: DECISIONS }).notNull(),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    /** The approver's user id (no foreign key: the record outlives the user) and name at the time. */
    decidedById: uuid(),
    decidedByName: text().notNull(),
    formatVersion: integer().notNull(),
    content: jsonb().$type<SnapshotContent>().notNull(),
    /** SHA-256 (hex) of the canonical JSON of `content`, also written into the decision's audit entry. */
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("approval_snapshots_application_idx").on(t.applicationId, t.decidedAt),
    check("approval_snapshots_decision_check", sql`${t.decision} in (${inList(DECISIONS)})`),
  ],
);
