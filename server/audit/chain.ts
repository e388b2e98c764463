import { createHash } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { chainHashInput, type ChainedEntry } from "../../domain/audit/chain";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

/** The stored row of an audit entry. */
export type AuditRow = typeof auditLog.$inferSelect;

/** The hash of an entry after `prevHash` (domain/audit/chain.ts defines it). */
export function entryHash(prevHash: string | null, entry: ChainedEntry): string {
  return createHash("sha256").update(chainHashInput(prevHash, entry), "utf8").digest("hex");
}

/** A stored row as the chain sees it. */
export function chainedEntry(row: Pick<AuditRow, "id" | "seq" | "actorId" | "actorType" | "actorName" | "entityType" | "entityId" | "action" | "before" | "after" | "createdAt">): ChainedEntry {
  return {
    id: row.id,
    seq: row.seq,
    actor_id: row.actorId,
    actor_type: row.actorType,
    actor_name: row.actorName,
    entity_type: row.entityType,
    entity_id: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A value as it comes back from a jsonb column: what JSON can hold of it (dates as strings, no undefined). The
 * hash is taken of this form, so the entry read back later hashes the same.
 */
export function asStoredJson(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

/**
 * The advisory lock class of the audit chains (pg_advisory_xact_lock(class, key)): the key is the company id's
 * hashtext, so appends to one company's chain take turns and different companies rarely wait on each other.
 */
const CHAIN_LOCK_CLASS = 0x41554454;

/** Takes the company's chain for the rest of the transaction: whoever appends next waits until it ends. */
export async function lockChain(tx: Db, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_CLASS}::int, hashtext(${companyId}::text))`);
}

/** Rows read per query while walking a chain: memory stays flat however long the chain is. */
const WALK_BATCH = 2000;

/**
 * Reads a company's chain in order, a batch at a time, handing each batch to `visit`; stops early when `visit`
 * answers false.
 */
export async function walkChain(db: Db, companyId: string, visit: (rows: AuditRow[]) => boolean | Promise<boolean>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), gt(auditLog.seq, after)))
      .orderBy(asc(auditLog.seq))
      .limit(WALK_BATCH);
    if (rows.length === 0 || !(await visit(rows))) return;
    after = rows[rows.length - 1].seq;
  }
}
