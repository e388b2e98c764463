import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { takeApprovalSnapshot } from "../../approvals/store";
import { applications, companies, users } from "../schema";

/**
 * The demo's approval snapshots: each demo application approved or rejected gets the snapshot its decision would
 * have taken, decided by the demo approver (on the day it was approved, or today for a rejection). Runs after the
 * demo's documents, so that any evidence file is hashed.
 */
export async function seedDemoApprovalSnapshots(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  if (!company) return;
  const [approver] = await db.select().from(users).where(and(eq(users.companyId, company.id), eq(users.email, "approver@steward.test")));
  const by = approver ? { id: approver.id, name: `${approver.firstName} ${approver.lastName}` } : { id: null, name: "Steward demo data" };
  const decided = await db
    .select()
    .from(applications)
    .where(and(eq(applications.companyId, company.id), inArray(applications.approvalStatus, ["approved", "rejected"])));
  for (const row of decided) {
    const decision = row.approvalStatus === "rejected" ? "rejected" : "approved";
    await db.transaction((tx) => takeApprovalSnapshot(tx, app.storage, row, { decision, from: "in_review", at: row.approvedAt ?? new Date(), by }));
  }
}
