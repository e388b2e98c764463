import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { IncomingMessage } from "node:http";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { queueDepth } from "../processing/queue";
import { serverFailures } from "../plugins/errors";
import { startErrorReporting } from "./error-reporting";
import { startMetrics, type Metrics } from "./metrics";
import { startTracing, type RequestSpan, type Tracing } from "./tracing";
import metricsRoute from "./metrics-route";

declare module "fastify" {
  interface FastifyInstance {
    /** Tracing, when configured: `flush()` exports the finished spans now (they go in batches otherwise). */
    tracing: Tracing | undefined;
  }
}

/** The route label of a request no route matched: one value, never the raw URL. */
const UNMATCHED = "(unmatched)";

/** Who asked, when authentication has run: ids only, never an e-mail or a name. */
function caller(request: FastifyRequest) {
  const user = request.user as FastifyRequest["user"] | null;
  return user ? { userId: user.id, companyId: user.companyId, actor: user.actor } : {};
}

/** The request's server span starts as Fastify makes its logger, so every line it logs carries the trace and span ids. */
function traceRequests(app: FastifyInstance, tracing: Tracing): WeakMap<IncomingMessage, RequestSpan> {
  const spans = new WeakMap<IncomingMessage, RequestSpan>();
  app.setChildLoggerFactory((logger, bindings, options, raw) => {
    const span = tracing.startRequestSpan(raw.method ?? "GET", (raw.url ?? "/").split("?")[0]);
    spans.set(raw, span);
    return logger.child({ ...bindings, trace_id: span.traceId, span_id: span.spanId }, options);
  });
  // Callback style: the rest of the request runs inside `done`, with the span active.
  app.addHook("onRequest", (request, _reply, done) => {
    const span = spans.get(request.raw);
    if (span) span.run(done);
    else done();
  });
  app.addHook("onRequestAbort", async (request) => {
    spans.get(request.raw)?.end({ route: request.routeOptions.url, status: 499, aborted: true, ...caller(request) });
  });
  return spans;
}

/** Starts the worker and sweep observers once every plugin that owns one has registered. */
function observeBackgroundWork(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onReady", async () => {
    for (const worker of [app.hasDecorator("documentWorker") && app.documentWorker, app.hasDecorator("testingWorker") && app.testingWorker]) {
      if (worker) worker.observe(({ kind, outcome, seconds }) => metrics.observeTask({ kind, outcome }, seconds));
    }
    if (app.hasDecorator("monitoringSweepObservers")) app.monitoringSweepObservers.add((outcome, seconds) => metrics.observeSweep(outcome, seconds));
  });
}

/**
 * Error reporting, traces and metrics, each only when its setting is present (and its SDK imported only then).
 * Registered right after the errors plugin, so its hooks see every request from its start.
 */
export default fp(
  async function telemetry(app: FastifyInstance, opts: { config: Config; database: Database }) {
    const { config, database } = opts;
    const [reporter, tracing, metrics] = await Promise.all([
      startErrorReporting(config),
      startTracing(config),
      config.METRICS_TOKEN ? startMetrics({ connections: () => database.connections(), queueDepth: () => queueDepth(database.db) }) : undefined,
    ]);
    app.decorate("tracing", tracing);
    const spans = tracing ? traceRequests(app, tracing) : undefined;
    if (metrics) observeBackgroundWork(app, metrics);

    if (reporter || spans || metrics) {
      app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
        const route = request.routeOptions.url ?? UNMATCHED;
        const status = reply.statusCode;
        const who = caller(request);
        metrics?.observeRequest({ method: request.method, route, status }, reply.elapsedTime / 1000);
        spans?.get(request.raw)?.end({ route, status, ...who });
        // Maintenance answers 503 on purpose: not a failure to report on every request.
        if (reporter && status >= 500 && !(config.MAINTENANCE_MODE && status === 503)) {
          reporter.report({ route, method: request.method, status, requestId: request.id, error: serverFailures.get(request), ...who });
        }
      });
    }
    app.addHook("onClose", async () => {
      await Promise.all([reporter?.close(), tracing?.shutdown()]);
    });

    await app.register(metricsRoute, { token: config.METRICS_TOKEN, metrics });
  },
  { name: "telemetry", dependencies: ["errors"] },
);
