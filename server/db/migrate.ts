import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { runChainBackfillOnce } from "../audit/backfill";
import { installComplianceSummary } from "../frameworks/summary/install";
import type { Database } from "./client";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any number, fixed forever: all instances agree on it so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_411_020_261;

/**
 * Applies pending migrations under an advisory lock, safe when several instances start at once; then, under the
 * same lock, the data migrations SQL files cannot do: the audit chain's one-time step (backfill.ts: it needs the
 * chain key loaded, see audit/key.ts), and
 * building the compliance summaries from this release's framework library.
 */
export async function runMigrations(database: Database): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      // The drizzle migrators share one API; only their session types differ.
      const migrate = (database.kind === "pglite" ? migratePglite : migratePg) as (
        db: unknown,
        config: { migrationsFolder: string },
      ) => Promise<void>;
      await migrate(db, { migrationsFolder });
      await runChainBackfillOnce(db);
      await installComplianceSummary(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
