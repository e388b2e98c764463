import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { companies, processingItems } from "../../server/db/schema";
import type { Database } from "../../server/db/client";
import { claimItem, enqueueItem, finishItem, STALE_AFTER_MS } from "../../server/processing/queue";
import { createTestDatabase } from "../support/test-app";

/** The processing_items table as a queue of background document checks, on PGlite and (TEST_DATABASE_URL) PostgreSQL. */
let database: Database;
let drop: () => Promise<void>;
let companyId: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  [{ id: companyId }] = await database.db.insert(companies).values({ name: "Queue Co" }).returning();
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function items(n: number, status: "created" | "waiting" = "waiting", start = Date.now() - 60_000) {
  const rows = await database.db
    .insert(processingItems)
    .values(Array.from({ length: n }, (_, i) => ({ companyId, kind: "document" as const, status, createdAt: new Date(start + i * 1000) })))
    .returning();
  return rows.map((r) => r.id);
}
const statusOf = async (id: string) => (await database.db.select().from(processingItems).where(eq(processingItems.id, id)))[0];
const clear = () => database.db.delete(processingItems);

describe("the processing queue", () => {
  it("claims the oldest waiting item and marks it analyzing, once", async () => {
    await clear();
    const [first, second] = await items(2);
    const claimed = await claimItem(database.db, "document");
    expect(claimed).toMatchObject({ id: first, status: "analyzing", attempts: 1 });
    expect((await claimItem(database.db, "document"))?.id).toBe(second);
    expect(await claimItem(database.db, "document")).toBeNull();
    expect(await claimItem(database.db, "test")).toBeNull();
  });

  it("never gives the same item to two concurrent claims", async () => {
    await clear();
    const ids = await items(6);
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimItem(database.db, "document")));
    const got = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual([...ids].sort());
    const rows = await database.db.select().from(processingItems).where(inArray(processingItems.id, ids));
    expect(rows.every((r) => r.status === "analyzing" && r.attempts === 1)).toBe(true);
  });

  it("moves only along the allowed transitions", async () => {
    await clear();
    const [created] = await items(1, "created");
    expect(await claimItem(database.db, "document")).toBeNull();
    expect(await finishItem(database.db, created, { status: "ready" })).toBe(false);
    expect(await enqueueItem(database.db, created)).toBe(true);
    expect(await enqueueItem(database.db, created)).toBe(false);
    expect((await claimItem(database.db, "document"))?.id).toBe(created);
    expect(await enqueueItem(database.db, created)).toBe(false);
    expect(await finishItem(database.db, created, { status: "error", error: "documents.errors.type" })).toBe(true);
    expect(await statusOf(created)).toMatchObject({ status: "error", error: "documents.errors.type" });
    expect(await finishItem(database.db, created, { status: "ready" })).toBe(false);
    // error → waiting: a retry, which clears the reason.
    expect(await enqueueItem(database.db, created)).toBe(true);
    expect(await statusOf(created)).toMatchObject({ status: "waiting", error: null });
    expect((await claimItem(database.db, "document"))?.attempts).toBe(2);
    expect(await finishItem(database.db, created, { status: "ready" })).toBe(true);
    expect(await enqueueItem(database.db, created)).toBe(false);
  });

  it("takes back an item whose worker stopped mid-analysis, but not one still being worked on", async () => {
    await clear();
    const [id] = await items(1);
    await claimItem(database.db, "document");
    expect(await claimItem(database.db, "document")).toBeNull();
    const later = new Date(Date.now() + STALE_AFTER_MS + 1000);
    expect(await claimItem(database.db, "document", later)).toMatchObject({ id, status: "analyzing", attempts: 2 });
  });
});
