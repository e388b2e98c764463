import type { ConnectionUse } from "../db/client";
import { loadedTelemetry } from "./loaded";

/** Where the gauges read from at scrape time. */
export interface MetricSources {
  connections(): ConnectionUse;
  /** Items waiting and in work per kind; throws while the database is away (the gauge is then left out). */
  queueDepth(): Promise<Array<{ kind: string; status: string; count: number }>>;
}

export interface Metrics {
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  observeTask(labels: { kind: string; outcome: string }, seconds: number): void;
  observeSweep(outcome: string, seconds: number): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Seconds: from a cached read to a slow export. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: document checks and test runs take from milliseconds to minutes. */
const TASK_BUCKETS = [0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

/**
 * Prometheus metrics in a registry of this app's own (never prom-client's global one: two apps in a process keep
 * apart). Loaded only when METRICS_TOKEN is set. Routes are labelled by their template, so the label set stays small.
 */
export async function startMetrics(sources: MetricSources): Promise<Metrics> {
  const client = await import("prom-client");
  loadedTelemetry.promClient = true;
  const register = new client.Registry();
  client.collectDefaultMetrics({ register });

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers: [register],
  });
  const durations = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
    registers: [register],
  });
  new client.Gauge({
    name: "steward_db_pool_connections",
    help: "Database connections: the pool's maximum, those open, those idle, and queries waiting for one.",
    labelNames: ["state"],
    registers: [register],
    collect() {
      const use = sources.connections();
      this.reset();
      this.set({ state: "max" }, use.max);
      this.set({ state: "open" }, use.total);
      if (use.idle !== undefined) this.set({ state: "idle" }, use.idle);
      if (use.waiting !== undefined) this.set({ state: "waiting" }, use.waiting);
    },
  });
  new client.Gauge({
    name: "steward_queue_depth",
    help: "Processing items waiting for a worker and being worked on, by kind (document checks, test runs).",
    labelNames: ["kind", "status"],
    registers: [register],
    async collect() {
      this.reset();
      try {
        for (const kind of ["document", "test"]) for (const status of ["waiting", "analyzing"]) this.set({ kind, status }, 0);
        for (const row of await sources.queueDepth()) this.set({ kind: row.kind, status: row.status }, row.count);
      } catch {
        // The database is away: no depth is better than a wrong one, and the scrape itself still answers.
        this.reset();
      }
    },
  });
  const tasks = new client.Histogram({
    name: "steward_queue_task_duration_seconds",
    help: "Time a worker spent on one processing item, by kind and outcome (done, failed, interrupted).",
    labelNames: ["kind", "outcome"],
    buckets: TASK_BUCKETS,
    registers: [register],
  });
  const sweeps = new client.Counter({
    name: "steward_notification_sweeps_total",
    help: "Rounds of the monitoring sweep that sends reminders, by outcome (ran, skipped: another instance ran it, unavailable, failed).",
    labelNames: ["outcome"],
    registers: [register],
  });
  const sweepDurations = new client.Histogram({
    name: "steward_notification_sweep_duration_seconds",
    help: "Time one round of the monitoring sweep took, by outcome.",
    labelNames: ["outcome"],
    buckets: TASK_BUCKETS,
    registers: [register],
  });

  return {
    observeRequest({ method, route, status }, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    observeTask(labels, seconds) {
      tasks.observe(labels, seconds);
    },
    observeSweep(outcome, seconds) {
      sweeps.inc({ outcome });
      sweepDurations.observe({ outcome }, seconds);
    },
    async render() {
      return { contentType: register.contentType, body: await register.metrics() };
    },
  };
}
