import { and, asc, count, eq, gt } from "drizzle-orm";
import type { ChainVerdict } from "../../domain/audit/chain";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { entryHash, walkChain } from "./chain";

/**
 * Walks a company's audit chain from its first entry and recomputes every hash. The first entry that breaks
 * the chain is named: one whose content no longer gives its hash (changed), whose `prev_hash` is not the hash
 * before it (an entry before it was changed and re-hashed, or removed), or whose place is not the next one (an
 * entry before it was removed). `entries` is how many entries the trail holds.
 *
 * What a chain cannot show by itself is the removal of its newest entries: keep the `head` answered here
 * somewhere else (a report, a ticket) and compare.
 */
export async function verifyChain(db: Db, companyId: string): Promise<ChainVerdict> {
  let entries = 0;
  let prevHash: string | null = null;
  let brokenAt: string | null = null;
  await walkChain(db, companyId, async (rows) => {
    if (rows.length === 0) {
      // A whole window of places is empty: the chain breaks at the next entry there is.
      brokenAt = await entryAfter(db, companyId, entries);
      return false;
    }
    for (const row of rows) {
      const linked = row.hash !== null && row.entry.seq === entries + 1 && row.prevHash === prevHash;
      if (!linked || entryHash(prevHash, row.entry) !== row.hash) {
        brokenAt = row.entry.id;
        return false;
      }
      entries += 1;
      prevHash = row.hash;
    }
    return true;
  });
  if (brokenAt === null) return { ok: true, entries, head: prevHash };
  const [{ n }] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId));
  return { ok: false, entries: n, broken_at: brokenAt };
}

/** The id of the first entry placed after `seq`. */
async function entryAfter(db: Db, companyId: string, seq: number): Promise<string> {
  const [next] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), gt(auditLog.seq, seq)))
    .orderBy(asc(auditLog.seq))
    .limit(1);
  return next.id;
}
