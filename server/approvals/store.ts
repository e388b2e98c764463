import { and, desc, eq } from "drizzle-orm";
import type { ApprovalSnapshot, SnapshotContent, SnapshotSummary } from "../../domain/approvals/snapshot";
import type { ApplicationRow } from "../applications/row";
import type { Db } from "../db/client";
import { listPage, type ListQuery, type ListSorting } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { approvalSnapshots } from "../db/schema";
import { notFound } from "../plugins/problem";
import type { Storage } from "../storage/types";
import { canonicalSha256, snapshotContent, type Decision } from "./snapshot";

/** The approval snapshots of applications (domain/approvals/snapshot.ts): taken on a decision, then only read. */

type SnapshotRow = typeof approvalSnapshots.$inferSelect;

const toSummary = (row: SnapshotRow): SnapshotSummary => ({
  id: row.id,
  application_id: row.applicationId,
  decision: row.decision,
  decided_at: row.decidedAt.toISOString(),
  decided_by: { id: row.decidedById, name: row.decidedByName },
  risk_tier: row.content.classification.risk_tier,
  sha256: row.sha256,
});

const toSnapshot = (row: SnapshotRow): ApprovalSnapshot => ({ ...toSummary(row), content: row.content });

/**
 * Freezes the application as it is decided on, in the decision's transaction: the snapshot and its hash are
 * stored, and the hash is what the decision's audit entry records.
 */
export async function takeApprovalSnapshot(tx: Db, storage: Storage, row: ApplicationRow, decision: Decision): Promise<{ id: string; sha256: string }> {
  const content = await snapshotContent(tx, storage, row, decision);
  const sha256 = canonicalSha256(content);
  const [stored] = await tx
    .insert(approvalSnapshots)
    .values({
      companyId: row.companyId,
      applicationId: row.id,
      decision: decision.decision,
      decidedAt: decision.at,
      decidedById: decision.by.id,
      decidedByName: decision.by.name,
      formatVersion: content.format_version,
      content,
      sha256,
    })
    .returning({ id: approvalSnapshots.id });
  return { id: stored.id, sha256 };
}

const snapshotSorting: ListSorting = { keys: { decided_at: approvalSnapshots.decidedAt }, default: "-decided_at", id: approvalSnapshots.id };

/** One page of the application's snapshots, newest first unless asked otherwise. */
export async function listApprovalSnapshots(db: Db, applicationId: string, query: ListQuery): Promise<{ items: SnapshotSummary[] } & ListTotal> {
  const { rows, ...totals } = await listPage(db, {
    table: approvalSnapshots,
    where: eq(approvalSnapshots.applicationId, applicationId),
    query,
    sorting: snapshotSorting,
    select: db.select().from(approvalSnapshots).$dynamic(),
  });
  return { ...totals, items: rows.map(toSummary) };
}

/** One snapshot of the application; 404 when it has none with this id. */
export async function findApprovalSnapshot(db: Db, applicationId: string, snapshotId: string): Promise<ApprovalSnapshot> {
  const [row] = await db
    .select()
    .from(approvalSnapshots)
    .where(and(eq(approvalSnapshots.applicationId, applicationId), eq(approvalSnapshots.id, snapshotId)));
  if (!row) throw notFound("Approval snapshot");
  return toSnapshot(row);
}

/**
 * The latest decision's snapshot of an application of the company (what a dossier prints), or null when it was
 * never approved or rejected. The caller has checked that whoever asks may read the application.
 */
export async function latestApprovalSnapshot(db: Db, companyId: string, applicationId: string): Promise<ApprovalSnapshot | null> {
  const [row] = await db
    .select()
    .from(approvalSnapshots)
    .where(and(eq(approvalSnapshots.companyId, companyId), eq(approvalSnapshots.applicationId, applicationId)))
    .orderBy(desc(approvalSnapshots.decidedAt), desc(approvalSnapshots.id))
    .limit(1);
  return row ? toSnapshot(row) : null;
}

/**
 * The application as it is now, as a snapshot would freeze it (never stored), to compare a snapshot with: "what
 * changed since". It is no decision: its decision fields are the caller and now, and a comparison leaves them out.
 */
export async function currentContent(db: Db, storage: Storage, row: ApplicationRow, by: Decision["by"]): Promise<SnapshotContent> {
  return snapshotContent(db, storage, row, { decision: "approved", from: row.approvalStatus, at: new Date(), by });
}
