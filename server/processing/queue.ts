import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { processingItems } from "../db/schema";

export type ProcessingItem = typeof processingItems.$inferSelect;
export type ProcessingKind = ProcessingItem["kind"];

/**
 * An `analyzing` item untouched this long belonged to a worker that died: it may be claimed again. A live
 * worker renews its claim (touchItem) well within this lease, however long its item takes.
 */
export const STALE_AFTER_MS = 5 * 60_000;

/** The claim a worker holds: the item and the attempt it is on, so a worker that lost its claim cannot finish it. */
export type Claim = Pick<ProcessingItem, "id" | "attempts">;

/**
 * The table is the queue (no broker to run). Claims the oldest `waiting` item of `kind` (or a stale
 * `analyzing` one) and marks it `analyzing`, in one statement whose inner SELECT … FOR UPDATE SKIP
 * LOCKED lets concurrent workers (many API instances) pass over each other's rows instead of
 * waiting or taking the same one. Null when there is nothing to do.
 */
export async function claimItem(db: Db, kind: ProcessingKind, now = new Date(), leaseMs = STALE_AFTER_MS): Promise<ProcessingItem | null> {
  const staleBefore = new Date(now.getTime() - leaseMs);
  const next = db
    .select({ id: processingItems.id })
    .from(processingItems)
    .where(
      and(
        eq(processingItems.kind, kind),
        or(eq(processingItems.status, "waiting"), and(eq(processingItems.status, "analyzing"), lt(processingItems.updatedAt, staleBefore))),
      ),
    )
    .orderBy(asc(processingItems.createdAt), asc(processingItems.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(processingItems)
    .set({ status: "analyzing", error: null, attempts: sql`${processingItems.attempts} + 1`, updatedAt: now })
    .where(
      and(
        inArray(processingItems.id, next),
        // Re-checked here: on PostgreSQL a row another worker just moved on fails this and is skipped.
        or(eq(processingItems.status, "waiting"), and(eq(processingItems.status, "analyzing"), lt(processingItems.updatedAt, staleBefore))),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The item is still `analyzing` on this claim's attempt (no other worker took it over after its lease ran out). */
const stillClaimed = (claim: Claim) =>
  and(eq(processingItems.id, claim.id), eq(processingItems.status, "analyzing"), eq(processingItems.attempts, claim.attempts));

/**
 * analyzing → ready | error (with the reason). False when the item was not `analyzing` (someone else finished it),
 * or, given the claim, when another worker has taken it over since.
 */
export async function finishItem(
  db: Pick<Db, "update">,
  id: string,
  outcome: { status: "ready" } | { status: "error"; error: string },
  claim?: Claim,
): Promise<boolean> {
  const rows = await db
    .update(processingItems)
    .set({ status: outcome.status, error: outcome.status === "error" ? outcome.error : null, updatedAt: new Date() })
    .where(claim ? stillClaimed({ ...claim, id }) : and(eq(processingItems.id, id), eq(processingItems.status, "analyzing")))
    .returning({ id: processingItems.id });
  return rows.length > 0;
}

/** Renews a claim (its lease counts from now). False when it was lost: the item moved on or another worker has it. */
export async function touchItem(db: Pick<Db, "update">, claim: Claim, now = new Date()): Promise<boolean> {
  const rows = await db.update(processingItems).set({ updatedAt: now }).where(stillClaimed(claim)).returning({ id: processingItems.id });
  return rows.length > 0;
}

/** analyzing → waiting on this claim: the work could not be done now (an outside service is down) and is taken up again. */
export async function releaseItem(db: Pick<Db, "update">, claim: Claim): Promise<boolean> {
  const rows = await db.update(processingItems).set({ status: "waiting", updatedAt: new Date() }).where(stillClaimed(claim)).returning({ id: processingItems.id });
  return rows.length > 0;
}

/** created → waiting, and error → waiting (a retry). False from any other status. */
export async function enqueueItem(db: Pick<Db, "update">, id: string): Promise<boolean> {
  const rows = await db
    .update(processingItems)
    .set({ status: "waiting", error: null, updatedAt: new Date() })
    .where(and(eq(processingItems.id, id), inArray(processingItems.status, ["created", "error"])))
    .returning({ id: processingItems.id });
  return rows.length > 0;
}

/** created → error: the upload itself was refused (too large, not an accepted type), before any worker saw it. */
export async function failBeforeQueue(db: Pick<Db, "update">, id: string, error: string): Promise<void> {
  await db
    .update(processingItems)
    .set({ status: "error", error, updatedAt: new Date() })
    .where(and(eq(processingItems.id, id), inArray(processingItems.status, ["created", "error"])));
}

/** How many items wait and how many are being worked on, by kind, across every instance (metrics). */
export async function queueDepth(db: Pick<Db, "select">): Promise<Array<{ kind: ProcessingKind; status: "waiting" | "analyzing"; count: number }>> {
  const rows = await db
    .select({ kind: processingItems.kind, status: processingItems.status, count: sql<number>`count(*)::int` })
    .from(processingItems)
    .where(inArray(processingItems.status, ["waiting", "analyzing"]))
    .groupBy(processingItems.kind, processingItems.status);
  return rows.map((r) => ({ kind: r.kind, status: r.status as "waiting" | "analyzing", count: Number(r.count) }));
}
