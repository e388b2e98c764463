import { and, asc, count, eq, gt } from "drizzle-orm";
import type { ChainVerdict } from "../../domain/audit/chain";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { walkChain } from "./chain";
import { ChainCheck, type ChainBreak } from "./chain-check";

/**
 * Walks a company's audit chain from its first entry and recomputes every hash under the server's key. The first
 * entry that breaks the chain is named with its place and why (chain-check.ts): no hash (blanked: nothing ever
 * fills a gap in a chain), not linked to the entry before it or not in the next place (an entry before it was
 * changed and re-hashed, or removed), content that no longer gives its hash (changed, or a key other than the one
 * it was written with), or unkeyed entries nothing keyed proves. `entries` is how many entries the trail holds.
 *
 * What a chain cannot show by itself is the removal of its newest entries: keep the `head` answered here
 * somewhere else (a report, a ticket) and compare.
 */
export async function verifyChain(db: Db, companyId: string): Promise<ChainVerdict> {
  const check = new ChainCheck();
  let broken: { id: string; seq: number; reason: ChainBreak } | null = null;
  let last: { id: string; seq: number } | null = null;
  await walkChain(db, companyId, async (rows) => {
    if (rows.length === 0) {
      // A whole window of places is empty: the chain breaks at the next entry there is.
      const next = await entryAfter(db, companyId, check.entries);
      broken = { ...next, reason: "unlinked" };
      return false;
    }
    for (const row of rows) {
      const reason = check.add(row);
      if (reason) {
        broken = { id: row.entry.id, seq: row.entry.seq, reason };
        return false;
      }
      last = { id: row.entry.id, seq: row.entry.seq };
    }
    return true;
  });
  const unclosed = broken === null ? check.end() : null;
  if (unclosed && last) broken = { ...(last as { id: string; seq: number }), reason: unclosed };
  if (broken === null) return { ok: true, entries: check.entries, head: check.head };
  const { id, seq, reason } = broken as { id: string; seq: number; reason: ChainBreak };
  const [{ n }] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId));
  return { ok: false, entries: n, broken_at: id, broken_seq: seq, reason };
}

/** The first entry placed after `seq`. */
async function entryAfter(db: Db, companyId: string, seq: number): Promise<{ id: string; seq: number }> {
  const [next] = await db
    .select({ id: auditLog.id, seq: auditLog.seq })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), gt(auditLog.seq, seq)))
    .orderBy(asc(auditLog.seq))
    .limit(1);
  return next;
}
