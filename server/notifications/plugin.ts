import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "drizzle-orm";
import { runMonitoringSweep } from "./sweep";
import type { Db } from "../db/client";
import { scheduledRuns } from "../db/schema";
import { isDatabaseUnavailable } from "../db/errors";

const HOUR_MS = 3_600_000;
/** While the database is unreachable the sweep is tried again this soon instead of an hour later. */
const RETRY_MS = 30_000;
/** A round is claimed only this long after the last one: an hour, less the drift of timers. */
const ROUND_INTERVAL = sql`interval '55 minutes'`;
const JOB = "monitoring-sweep";

/** How a round ended: this instance swept, another already had, the database was away, or the sweep failed. */
export type SweepOutcome = "ran" | "skipped" | "unavailable" | "failed";

declare module "fastify" {
  interface FastifyInstance {
    /** Told how each round of the monitoring sweep ended and how long it took (metrics listen here). */
    monitoringSweepObservers: Set<(outcome: SweepOutcome, seconds: number) => void>;
  }
}

/**
 * Claims this round of the sweep and runs it, in one transaction: of several instances on one
 * database exactly one moves `last_run_at` forward (the others wait on its row, then see it recent),
 * and a sweep that fails rolls its claim back so the round is not lost. False when another instance
 * already swept this round.
 */
export async function sweepOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledRuns)
      .values({ job: JOB, lastRunAt: sql`now()` })
      .onConflictDoUpdate({ target: scheduledRuns.job, set: { lastRunAt: sql`now()` }, setWhere: sql`${scheduledRuns.lastRunAt} <= now() - ${ROUND_INTERVAL}` })
      .returning({ job: scheduledRuns.job });
    if (claimed.length === 0) return false;
    await runMonitoringSweep(tx as unknown as Db);
    return true;
  });
}

/**
 * The monitoring sweep runs once the server is ready and hourly after that, until it closes. Several
 * instances on one database share each round (see sweepOnce), so it runs once an hour in all.
 */
export default fp(
  async function monitoring(app: FastifyInstance) {
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const observers = new Set<(outcome: SweepOutcome, seconds: number) => void>();
    app.decorate("monitoringSweepObservers", observers);
    const told = (outcome: SweepOutcome, started: number) => {
      for (const observer of observers) observer(outcome, (performance.now() - started) / 1000);
    };
    const schedule = (ms: number) => {
      if (closed) return;
      timer = setTimeout(sweep, ms);
      timer.unref();
    };
    const sweep = async () => {
      const started = performance.now();
      try {
        const ran = await sweepOnce(app.db);
        if (ran) app.log.info("monitoring sweep ran");
        told(ran ? "ran" : "skipped", started);
        schedule(HOUR_MS);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          app.log.warn("the database is unreachable: the monitoring sweep runs again once it is back");
          told("unavailable", started);
          schedule(RETRY_MS);
        } else {
          app.log.error({ err: error }, "the monitoring sweep failed; it runs again in an hour");
          told("failed", started);
          schedule(HOUR_MS);
        }
      }
    };
    app.addHook("onReady", async () => {
      void sweep();
    });
    app.addHook("onClose", async () => {
      closed = true;
      clearTimeout(timer);
    });
  },
  { name: "monitoring", dependencies: ["db"] },
);
