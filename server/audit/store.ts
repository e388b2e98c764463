import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AuditEntryView, AuditFilter, AuditListQuery, auditFacetsSchema, auditListResponseSchema } from "../../domain/entities/audit";
import type { Db } from "../db/client";
import { listPage, type ListSorting } from "../db/list";
import { auditLog } from "../db/schema";
import { likePattern } from "../db/search";
import { chainLength, seqWindows, type AuditRow } from "./chain";

/** The queries behind Admin → Audit log (routes/v2/audit.ts): the filtered list, its export and its filters' choices. */

/** The entries of the company that the filters select (every filter optional, all of them must hold). */
export function auditWhere(companyId: string, filter: AuditFilter): SQL {
  return and(
    eq(auditLog.companyId, companyId),
    filter.id ? eq(auditLog.id, filter.id) : undefined,
    filter.actor_id ? eq(auditLog.actorId, filter.actor_id) : undefined,
    filter.actor ? ilike(auditLog.actorName, likePattern(filter.actor)) : undefined,
    filter.actor_type ? eq(auditLog.actorType, filter.actor_type) : undefined,
    filter.entity_type ? eq(auditLog.entityType, filter.entity_type) : undefined,
    filter.entity_id ? eq(auditLog.entityId, filter.entity_id) : undefined,
    filter.action?.length ? inArray(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lt(auditLog.createdAt, new Date(filter.to)) : undefined,
  )!;
}

/** Time order is chain order: an entry's place is given when it is written, under the chain's lock. */
const auditSorting: ListSorting = { keys: { created_at: auditLog.seq }, default: "-created_at", id: auditLog.seq };

export const toAuditEntry = (row: AuditRow): AuditEntryView => ({
  id: row.id,
  seq: row.seq,
  actor: { id: row.actorId, type: row.actorType, name: row.actorName },
  entity_type: row.entityType,
  entity_id: row.entityId,
  action: row.action,
  before: row.before,
  after: row.after,
  created_at: row.createdAt.toISOString(),
  prev_hash: row.prevHash,
  hash: row.hash,
});

/** One page of the company's audit trail, newest first unless asked otherwise. */
export async function listAudit(db: Db, companyId: string, query: AuditListQuery): Promise<z.infer<typeof auditListResponseSchema>> {
  const { rows, ...totals } = await listPage(db, {
    table: auditLog,
    where: auditWhere(companyId, query),
    query,
    sorting: auditSorting,
    select: db.select().from(auditLog).$dynamic(),
  });
  return { ...totals, items: rows.map(toAuditEntry) };
}

/** Places per query of an export (a window of the chain; filters may leave fewer rows in it). */
const EXPORT_WINDOW = 5000;

/**
 * Every entry the filters select, in the list's order, a window of the chain at a time, so an export of any
 * length holds one window in memory and every query reads a bounded range of the index.
 */
export async function* auditEntries(db: Db, companyId: string, filter: AuditFilter, sort: string | undefined): AsyncGenerator<AuditRow[]> {
  const newestFirst = (sort ?? auditSorting.default).startsWith("-");
  const where = auditWhere(companyId, filter);
  for (const [from, to] of seqWindows(await chainLength(db, companyId), EXPORT_WINDOW, newestFirst)) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, gte(auditLog.seq, from), lt(auditLog.seq, to)))
      .orderBy(newestFirst ? desc(auditLog.seq) : asc(auditLog.seq));
    if (rows.length > 0) yield rows;
  }
}

/** The entity types and actions the company's trail holds, for the filters to offer. */
export async function auditFacets(db: Db, companyId: string): Promise<z.infer<typeof auditFacetsSchema>> {
  const rows = await db
    .selectDistinct({ entityType: auditLog.entityType, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId));
  const sorted = (values: string[]) => [...new Set(values)].sort();
  return { entity_types: sorted(rows.map((r) => r.entityType)), actions: sorted(rows.map((r) => r.action)) };
}
