import { and, desc, eq, isNotNull, isNull, lt, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditChainState, auditLog } from "../db/schema";
import { chainedEntry, lockChain } from "./chain";
import { entryHash } from "./chain-check";
import { recordAudit } from "./record";

const STEP = "backfill";

/**
 * The one-time start-up step of the audit chain, run with the migrations (under their lock) and then marked done
 * in audit_chain_state, so it never runs again on this database:
 *
 * 1. Entries written before the trail was a chain (no hash; the migration that added the chain gave them their
 *    places in created order) are hashed in that order, unkeyed as the chain was then. Only entries before a
 *    company's first hashed entry: a blank hash inside a chain is tampering, which verify reports and nothing fills.
 * 2. Each company whose newest entry is still unkeyed gets a keyed `audit.chain_keyed` entry: its HMAC covers the
 *    last unkeyed hash, so from then on the unkeyed part is proven by the key too (verify refuses an unkeyed chain
 *    that no keyed entry closes, so rewriting a chain without the key never verifies).
 *
 * What no step can tell apart is a database made to look like one from before the key by someone who can write to
 * it (a chain rewritten unkeyed and this mark removed, then a restart): as for removed newest entries, keep the
 * verified head somewhere else and compare. Returns how many entries it hashed.
 */
export async function runChainBackfillOnce(db: Db): Promise<number> {
  const [done] = await db.select().from(auditChainState).where(eq(auditChainState.step, STEP));
  if (done) return 0;
  let chained = 0;
  const companies = await db.selectDistinct({ companyId: auditLog.companyId }).from(auditLog).where(eq(auditLog.hashScheme, "sha256"));
  for (const { companyId } of companies) {
    await db.transaction(async (tx) => {
      await lockChain(tx, companyId);
      chained += await chainPrefix(tx, companyId);
      const [head] = await tx.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(desc(auditLog.seq)).limit(1);
      if (head?.hashScheme !== "sha256" || head.hash === null) return;
      await recordAudit(tx, { id: null, type: "system", name: "Steward", companyId }, {
        entityType: "company",
        entityId: companyId,
        action: "audit.chain_keyed",
        after: { unkeyed_entries: head.seq, unkeyed_head: head.hash },
      });
    });
  }
  await db.insert(auditChainState).values({ step: STEP }).onConflictDoNothing();
  return chained;
}

/** Hashes the company's unhashed entries that come before its first hashed one, oldest first. */
async function chainPrefix(tx: Db, companyId: string): Promise<number> {
  const [{ firstHashed }] = await tx
    .select({ firstHashed: min(auditLog.seq) })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), isNotNull(auditLog.hash)));
  const rows = await tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), isNull(auditLog.hash), eq(auditLog.hashScheme, "sha256"), firstHashed === null ? undefined : lt(auditLog.seq, firstHashed)))
    .orderBy(auditLog.seq);
  let prevHash: string | null = null;
  let chained = 0;
  for (const row of rows) {
    // Only a run of places from the first: after a hole the chain is unlinked whatever is filled in.
    if (row.seq !== chained + 1) break;
    const hash = entryHash(prevHash, chainedEntry(row), "sha256");
    await tx.update(auditLog).set({ prevHash, hash }).where(eq(auditLog.id, row.id));
    prevHash = hash;
    chained += 1;
  }
  return chained;
}
