import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import type { Storage } from "../storage/types";
import { processDocument } from "./documents";
import { claimItem, finishItem } from "./queue";
import { DOCUMENT_ERRORS } from "../../domain/entities/document";
import { isDatabaseUnavailable } from "../db/errors";

export interface WorkerOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** How often to look for waiting items when nobody calls wake(). */
  intervalMs: number;
}

/**
 * Drains the queue of document items: on a timer (items queued by another instance) and at once when
 * this instance queues one (wake). One drain at a time per process; other processes are kept apart
 * by the claim's SKIP LOCKED.
 */
export class DocumentWorker {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Set while the database is unreachable, so the outage is logged once rather than on every tick. */
  private paused = false;

  constructor(private readonly options: WorkerOptions) {}

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
    this.draining = this.drain()
      .then(() => {
        if (this.paused) this.options.log.info("the database is back: document checks resume");
        this.paused = false;
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) return this.options.log.error({ err: error }, "the document queue could not be read");
        if (!this.paused) this.options.log.warn("the database is unreachable: document checks pause until it is back");
        this.paused = true;
      })
      .finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped) {
        const item = await claimItem(this.options.db, "document");
        if (!item) break;
        try {
          await processDocument(this.options.db, this.options.storage, item);
          this.options.log.info({ item: item.id }, "document checked");
        } catch (error) {
          // The item stays claimed and is taken up again once its claim is stale: the document is not at fault.
          if (isDatabaseUnavailable(error)) throw error;
          this.options.log.error({ err: error, item: item.id }, "document processing failed");
          await finishItem(this.options.db, item.id, { status: "error", error: DOCUMENT_ERRORS.failed }).catch(() => {});
        }
      }
    } while (this.again && !this.stopped);
  }

  /** Stops the timer and waits for the item in hand, so closing the app never cuts a check short. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining?.catch(() => {});
  }
}
