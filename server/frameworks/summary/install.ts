import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { complianceSummaryState } from "../../db/schema";
import { libraryHash, recomputeFunctions } from "./library-sql";
import { triggerStatements } from "./triggers";

/**
 * Installs the summary's functions and triggers compiled from this release's library and, when they differ from
 * the ones the summaries were built with (a new library, or a fresh database), rebuilds every company's rows:
 * one statement per company. Runs under the migration lock, in one transaction, so readers see old or new.
 */
export async function installComplianceSummary(db: Db): Promise<boolean> {
  const statements = [...recomputeFunctions(), ...triggerStatements()];
  const hash = libraryHash(statements);
  const [state] = await db.select({ hash: complianceSummaryState.libraryHash }).from(complianceSummaryState);
  if (state?.hash === hash) return false;
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`select steward_compliance_recompute_company(id) from companies`);
    await tx
      .insert(complianceSummaryState)
      .values({ id: 1, libraryHash: hash })
      .onConflictDoUpdate({ target: complianceSummaryState.id, set: { libraryHash: hash, builtAt: new Date() } });
  });
  return true;
}
