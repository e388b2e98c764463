import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../server/db/client";
import { companies, auditLog } from "../../server/db/schema";
import { recordAudit, type Actor } from "../../server/audit/record";
import { verifyChain } from "../../server/audit/verify";
import { createTestDatabase } from "../support/test-app";

/**
 * The audit chain under concurrent writers on one PostgreSQL: four connection pools (as four Steward instances
 * would hold), each running many transactions at once that append to the same company's chain while doing other
 * work, some of them rolled back. Afterwards the chain has exactly the committed entries, in places 1…n without
 * a gap, each linked to the one before it, and verify walks it whole.
 */
let drop: () => Promise<void>;
const instances: Database[] = [];
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  instances.push(created.database);
  for (let i = 1; i < 4; i++) instances.push(await openDatabase({ url: created.url! }));
  [{ id: companyId }, { id: otherCompanyId }] = await created.database.db.insert(companies).values([{ name: "Busy Co" }, { name: "Quiet Co" }]).returning();
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await drop?.();
});

it("appends every committed entry once, in one unbroken chain, while writers race on several connections", async () => {
  const actor = (n: number, company = companyId): Actor => ({ id: null, type: "system", name: `writer ${n}`, companyId: company });
  const WRITERS_PER_INSTANCE = 12;
  const ROUNDS = 8;
  let committed = 0;
  const runWriter = async (db: Database["db"], n: number) => {
    for (let round = 0; round < ROUNDS; round++) {
      const entries = 1 + ((n + round) % 3);
      const rollBack = (n + round) % 5 === 0;
      try {
        await db.transaction(async (tx) => {
          // Work before the append, then the append, then more work: the lock is held to the commit.
          await tx.execute(sql`select pg_sleep(${((n * 7 + round * 3) % 5) / 1000})`);
          await recordAudit(
            tx,
            actor(n),
            ...Array.from({ length: entries }, (_, i) => ({ entityType: "company", entityId: companyId, action: "race.write", after: { writer: n, round, i } })),
          );
          // A second append in the same transaction continues from the first.
          if (round % 2 === 0) await recordAudit(tx, actor(n), { entityType: "company", entityId: companyId, action: "race.second", after: { writer: n, round } });
          await tx.execute(sql`select pg_sleep(${((n + round) % 4) / 1000})`);
          if (rollBack) throw new Error("rolled back on purpose");
        });
        committed += entries + (round % 2 === 0 ? 1 : 0);
      } catch (error) {
        if (!rollBack) throw error;
      }
      // Another company's chain moves at the same time and is not held up by, nor mixed into, this one.
      if (round % 3 === 0) await recordAudit(db, actor(n, otherCompanyId), { entityType: "company", entityId: otherCompanyId, action: "quiet.write" });
    }
  };
  await Promise.all(instances.flatMap((instance, i) => Array.from({ length: WRITERS_PER_INSTANCE }, (_, w) => runWriter(instance.db, i * WRITERS_PER_INSTANCE + w))));

  const db = instances[0].db;
  const rows = await db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(asc(auditLog.seq));
  expect(rows.length).toBe(committed);
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  rows.forEach((row, i) => expect(row.prevHash).toBe(i === 0 ? null : rows[i - 1].hash));
  expect(rows.some((r) => (r.after as { round: number }).round !== undefined && r.action === "race.write")).toBe(true);
  expect(await verifyChain(db, companyId)).toEqual({ ok: true, entries: committed, head: rows[rows.length - 1].hash });
  const other = await verifyChain(db, otherCompanyId);
  expect(other).toMatchObject({ ok: true, entries: instances.length * WRITERS_PER_INSTANCE * 3 });
}, 120_000);
