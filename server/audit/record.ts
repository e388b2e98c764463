import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { asStoredJson, chainedEntry, entryHash, lockChain } from "./chain";

/** Who made a change, as the audit log keeps it: a user or an API client, by id and by name at the time. */
export interface Actor {
  id: string | null;
  type: "user" | "api_client" | "system";
  name: string;
  companyId: string;
}

/** The caller as the audit log names it: a user by full name (or e-mail), an API client by its name. */
export function actorOf(user: CurrentUser): Actor {
  return { id: user.id, type: user.actor, name: `${user.first_name} ${user.last_name}`.trim() || user.email, companyId: user.companyId };
}

export interface AuditEntry {
  /** `user`, `application`, `api_client`, … */
  entityType: string;
  entityId: string;
  /** What happened, `<thing>.<verb>`: `role.granted`, `approval.moved`. */
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends governance changes to the company's audit chain. Pass the transaction that made the change, so the
 * entries and the change commit or roll back together; given the database itself, the entries get a transaction
 * of their own.
 *
 * Appends to one company's chain take turns: a transaction-scoped advisory lock on the company is taken before
 * the head is read and held until the transaction ends, so a second writer reads the head only once the first
 * has committed (or rolled back). No two entries follow the same one (no fork) and no place is left empty (no gap).
 */
export async function recordAudit(db: Db, actor: Actor, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (inTransaction(db)) return append(db, actor, entries);
  await db.transaction((tx) => append(tx, actor, entries));
}

const inTransaction = (db: Db): boolean => db instanceof PgTransaction;

async function append(tx: Db, actor: Actor, entries: AuditEntry[]): Promise<void> {
  await lockChain(tx, actor.companyId);
  const [head] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.companyId, actor.companyId))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? null;
  // Milliseconds, as a JavaScript date holds them: the time read back is the time hashed.
  const createdAt = new Date();
  const rows = entries.map((e) => {
    seq += 1;
    const row = {
      id: randomUUID(),
      companyId: actor.companyId,
      seq,
      actorId: actor.id,
      actorType: actor.type,
      actorName: actor.name,
      entityType: e.entityType,
      entityId: e.entityId,
      action: e.action,
      before: asStoredJson(e.before),
      after: asStoredJson(e.after),
      createdAt,
      prevHash,
      hash: "",
      hashScheme: "hmac-sha256" as const,
    };
    row.hash = entryHash(prevHash, chainedEntry(row), row.hashScheme);
    prevHash = row.hash;
    return row;
  });
  await tx.insert(auditLog).values(rows);
}
