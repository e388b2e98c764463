import { sql } from "drizzle-orm";
import { PgliteDatabase } from "drizzle-orm/pglite";
import { PgliteTransaction } from "drizzle-orm/pglite/session";
import type { ChainedEntry } from "../../domain/audit/chain";
import { queryRows, type Db } from "../db/client";
import type { auditLog } from "../db/schema";
import type { CheckedRow, HashScheme } from "./chain-check";

export { entryHash } from "./chain-check";

/** The stored row of an audit entry. */
export type AuditRow = typeof auditLog.$inferSelect;

/** A row about to be stored (or read through drizzle) as the chain sees it. */
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

/** A stored entry as a walk of the chain reads it: its content, its two hashes and how its hash is made. */
export type ChainRow = CheckedRow;

/** The newest place in the company's chain (0 when it has no entry yet). */
export async function chainLength(db: Db, companyId: string): Promise<number> {
  const [row] = await queryRows<{ head: number }>(db, sql`select coalesce(max(seq), 0)::float8 as head from audit_log where company_id = ${companyId}`);
  return row.head;
}

/**
 * The windows of places [from, to) that cover a chain of `length` entries, `size` places each, oldest or newest
 * first. Reading by windows of places keeps every query to a bounded range of the (company, seq) index whatever
 * the planner guesses (the embedded database never gathers statistics by itself), so a walk stays linear.
 */
export function* seqWindows(length: number, size: number, newestFirst = false): Generator<[number, number]> {
  const count = Math.ceil(length / size);
  for (let i = 0; i < count; i++) {
    const from = newestFirst ? (count - 1 - i) * size + 1 : i * size + 1;
    yield [from, from + size];
  }
}

/** Places read per query while walking a chain: memory stays bounded however long the chain is. */
const WALK_WINDOW = 5000;

/**
 * Reads a company's chain in order, as it stood when the walk began, a window at a time, handing each window's
 * rows to `visit` (none when every place in it is empty); stops early when `visit` answers false. Times come
 * formatted by the database (UTC, milliseconds, as Date.toISOString writes the times entries are stored with).
 * The embedded database hands a window over fastest as one JSON text, parsed at once; PostgreSQL spends less
 * building plain rows than that text, so each driver gets the form it reads fastest.
 */
export async function walkChain(db: Db, companyId: string, visit: (rows: ChainRow[]) => boolean | Promise<boolean>): Promise<void> {
  const read = db instanceof PgliteDatabase || db instanceof PgliteTransaction ? windowAsJson : windowAsRows;
  for (const [from, to] of seqWindows(await chainLength(db, companyId), WALK_WINDOW)) {
    const rows = await read(db, companyId, from, to);
    if (!(await visit(rows.map(({ prev_hash, hash, hash_scheme, ...entry }) => ({ entry, prevHash: prev_hash, hash, scheme: hash_scheme }))))) return;
  }
}

type StoredEntry = ChainedEntry & { prev_hash: string | null; hash: string | null; hash_scheme: HashScheme } & Record<string, unknown>;

async function windowAsJson(db: Db, companyId: string, from: number, to: number): Promise<StoredEntry[]> {
  const [window] = await queryRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object(
          'id', id, 'seq', seq, 'actor_id', actor_id, 'actor_type', actor_type, 'actor_name', actor_name,
          'entity_type', entity_type, 'entity_id', entity_id, 'action', action, 'before', before, 'after', after,
          'created_at', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'prev_hash', prev_hash, 'hash', hash, 'hash_scheme', hash_scheme) order by seq), '[]')::text as rows
        from audit_log where company_id = ${companyId} and seq >= ${from} and seq < ${to}`,
  );
  return JSON.parse(window.rows) as StoredEntry[];
}

function windowAsRows(db: Db, companyId: string, from: number, to: number): Promise<StoredEntry[]> {
  return queryRows<StoredEntry>(
    db,
    sql`select id, seq::float8 as seq, actor_id, actor_type, actor_name, entity_type, entity_id, action, before, after,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, prev_hash, hash, hash_scheme
        from audit_log where company_id = ${companyId} and seq >= ${from} and seq < ${to} order by seq`,
  );
}
