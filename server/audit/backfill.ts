import { eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { entryHash, lockChain, walkChain } from "./chain";

/**
 * Chains the entries written before the audit trail was a hash chain. The migration that added the chain gave
 * them their places (`seq`) in created order; this hashes them in that order, each on the one before, so the
 * whole trail verifies from its first entry. It runs at start with the migrations (under their lock), and does
 * nothing once every entry has a hash. Returns how many entries it chained.
 */
export async function chainUnhashedEntries(db: Db): Promise<number> {
  const companies = await db.selectDistinct({ companyId: auditLog.companyId }).from(auditLog).where(isNull(auditLog.hash));
  let chained = 0;
  for (const { companyId } of companies) {
    await db.transaction(async (tx) => {
      await lockChain(tx, companyId);
      let prevHash: string | null = null;
      await walkChain(tx, companyId, async (rows) => {
        for (const row of rows) {
          if (row.hash === null) {
            row.hash = entryHash(prevHash, row.entry);
            await tx.update(auditLog).set({ prevHash, hash: row.hash }).where(eq(auditLog.id, row.entry.id));
            chained += 1;
          }
          prevHash = row.hash;
        }
        return true;
      });
    });
  }
  return chained;
}
