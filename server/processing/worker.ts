import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/errors";
import { ServiceUnavailable } from "../aws/unavailable";
import { claimItem, releaseItem, STALE_AFTER_MS, touchItem, type ProcessingItem, type ProcessingKind } from "./queue";

/** One kind of queued work: how an item is done, and how it ends when doing it failed unexpectedly. */
export interface Processor {
  kind: ProcessingKind;
  /** What the work is called in log lines ("document check", "test"), and the line an item done logs. */
  label: string;
  doneMessage: string;
  /** Does the item's work and finishes it (ready or error). A lost database is thrown on, leaving the claim to expire. */
  process(item: ProcessingItem): Promise<void>;
  /** Ends the item after `process` threw anything but a lost database: the fault is ours, not the input's. */
  fail(item: ProcessingItem): Promise<void>;
}

/** How one item's work ended: done (ready or error as the processor decided), failed on our side, or cut short by a lost database. */
export interface ItemOutcome {
  kind: ProcessingKind;
  outcome: "done" | "failed" | "interrupted";
  seconds: number;
}

export interface WorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often to look for waiting items when nobody calls wake(). */
  intervalMs: number;
  /** How long a claim lasts unrenewed before another worker may take the item over (tests shorten it). */
  leaseMs?: number;
}

/**
 * Drains the queue of one kind of processing item: on a timer (items queued by another instance) and at once when
 * this instance queues one (wake). One drain at a time per process; other processes are kept apart by the claim's
 * SKIP LOCKED. While an item is worked on, its claim is renewed a few times per lease, so a long run is never taken
 * for a dead one, while the claim of a worker that died runs out and the item is taken up again.
 */
export class QueueWorker {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Set while the database is unreachable, so the outage is logged once rather than on every tick. */
  private paused = false;
  /** Set while an outside service (file storage) is unreachable: items go back to waiting, logged once. */
  private waitingFor: ServiceUnavailable | null = null;
  readonly leaseMs: number;
  private readonly observers = new Set<(outcome: ItemOutcome) => void>();

  constructor(
    private readonly options: WorkerOptions,
    private readonly processor: Processor,
  ) {
    this.leaseMs = options.leaseMs ?? STALE_AFTER_MS;
  }

  /** Tells `observer` how each item ends and how long it took (metrics listen here). */
  observe(observer: (outcome: ItemOutcome) => void): void {
    this.observers.add(observer);
  }

  private told(outcome: ItemOutcome) {
    for (const observer of this.observers) observer(outcome);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Runs a drain now (or right after the current one); resolves when the queue is empty. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const { label } = this.processor;
    this.draining = this.drain()
      .then(() => {
        if (this.paused) this.options.log.info(`the database is back: ${label} processing resumes`);
        this.paused = false;
      })
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailable) return;
        if (!isDatabaseUnavailable(error)) return this.options.log.error({ err: error }, `the ${label} queue could not be read`);
        if (!this.paused) this.options.log.warn(`the database is unreachable: ${label} processing pauses until it is back`);
        this.paused = true;
      })
      .finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    const { db, log } = this.options;
    const { kind, label } = this.processor;
    do {
      this.again = false;
      while (!this.stopped) {
        const item = await claimItem(db, kind, new Date(), this.leaseMs);
        if (!item) break;
        const heartbeat = this.renewWhileWorking(item);
        const started = performance.now();
        let outcome: ItemOutcome["outcome"] = "done";
        try {
          await this.processor.process(item);
          log.info({ item: item.id }, this.processor.doneMessage);
          if (this.waitingFor) log.info(`the outside service answers again: ${label} processing resumes`);
          this.waitingFor = null;
        } catch (error) {
          // Neither the input's fault nor ours: the item waits again, and this drain stops until the next tick.
          if (error instanceof ServiceUnavailable) {
            outcome = "interrupted";
            if (!this.waitingFor) log.warn({ err: error }, `${label} paused: ${error.message}; items wait until it answers again`);
            this.waitingFor = error;
            await releaseItem(db, item);
            throw error;
          }
          // The item stays claimed and is taken up again once its claim runs out: the input is not at fault.
          if (isDatabaseUnavailable(error)) {
            outcome = "interrupted";
            throw error;
          }
          outcome = "failed";
          log.error({ err: error, item: item.id }, `${label} failed`);
          await this.processor.fail(item).catch((failure: unknown) => log.error({ err: failure, item: item.id }, `${label} could not be marked failed`));
        } finally {
          clearInterval(heartbeat);
          this.told({ kind, outcome, seconds: (performance.now() - started) / 1000 });
        }
      }
    } while (this.again && !this.stopped);
  }

  /** Renews the claim a few times per lease until cleared; a renewal that fails is left to the next one. */
  private renewWhileWorking(item: ProcessingItem): NodeJS.Timeout {
    const timer = setInterval(() => void touchItem(this.options.db, item).catch(() => {}), Math.max(10, Math.floor(this.leaseMs / 4)));
    timer.unref();
    return timer;
  }

  /** Stops the timer and waits for the item in hand, so closing the app never cuts a run short. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining?.catch(() => {});
  }
}
