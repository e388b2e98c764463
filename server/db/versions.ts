import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import type { ExpectedVersions } from "../plugins/concurrency";
import { staleVersion } from "../plugins/problem";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A table whose rows carry the edit counter. */
export type VersionedTable = PgTable & { version: PgColumn };

/** Only the rows still at one of the expected versions; every row when the write named none. */
export const atExpectedVersion = (table: VersionedTable, expected: ExpectedVersions): SQL | undefined =>
  expected ? inArray(table.version, [...expected]) : undefined;

/** The next version, for an update's `set`. */
export const nextVersion = (table: VersionedTable) => sql`${table.version} + 1`;

/**
 * Claims the next version of the one row `where` selects, in the write's transaction, before it changes
 * anything: one statement both checks `If-Match` and bumps the counter, so of two writes naming the same
 * version the second waits for the first's row lock, then finds the version moved and is refused (412).
 * Undefined when no such row exists (the caller answers 404); the transaction rolls the bump back with the
 * rest of the write if the write fails.
 */
export async function claimVersion(tx: Tx | Db, table: VersionedTable, where: SQL, expected: ExpectedVersions): Promise<number | undefined> {
  const [claimed] = await tx
    .update(table)
    .set({ version: nextVersion(table) } as never)
    .where(and(where, atExpectedVersion(table, expected)))
    .returning({ version: table.version });
  if (claimed) return claimed.version as number;
  await refuseIfStale(tx, table, where);
  return undefined;
}

/** A 412 naming the version the row is at, when it exists; the write found it at another one. */
export async function refuseIfStale(tx: Tx | Db, table: VersionedTable, where: SQL): Promise<void> {
  const [current] = await tx.select({ version: table.version }).from(table as PgTable).where(where);
  if (current) throw staleVersion(current.version as number);
}
