import { count, eq } from "drizzle-orm";
import type { ChainVerdict } from "../../domain/audit/chain";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { chainedEntry, entryHash, walkChain } from "./chain";

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
  await walkChain(db, companyId, (rows) => {
    for (const row of rows) {
      const expected = row.hash !== null && row.seq === entries + 1 && row.prevHash === prevHash ? entryHash(prevHash, chainedEntry(row)) : null;
      if (expected === null || expected !== row.hash) {
        brokenAt = row.id;
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
