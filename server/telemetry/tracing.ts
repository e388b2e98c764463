import type { Config } from "../config";
import { loadedTelemetry } from "./loaded";

/** What a finished request adds to its span: known only once routing, authentication and the answer are done. */
export interface RequestOutcome {
  /** Fastify's route template (`/v2/applications/:id`); undefined when no route matched. */
  route?: string;
  status: number;
  userId?: string;
  companyId?: string;
  actor?: string;
  /** The request ended before an answer went out (the client went away). */
  aborted?: boolean;
}

/** The server span of one request. */
export interface RequestSpan {
  traceId: string;
  spanId: string;
  /** Runs `fn` with this span active, so work it starts (and anything that reads the active span) belongs to it. */
  run<T>(fn: () => T): T;
  end(outcome: RequestOutcome): void;
}

export interface Tracing {
  startRequestSpan(method: string, path: string): RequestSpan;
  /** Exports what is buffered now (tests; shutdown does it too). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces exported over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set; undefined otherwise,
 * and then no OpenTelemetry module is imported. One server span per request, named by method and route template.
 */
export async function startTracing(config: Pick<Config, "OTEL_EXPORTER_OTLP_ENDPOINT" | "APP_ENV">): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  loadedTelemetry.openTelemetry = true;
  const { SpanKind, SpanStatusCode, context, trace } = api;

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": "steward",
      "deployment.environment.name": config.APP_ENV,
      // The older attribute name, still what many backends group by.
      "deployment.environment": config.APP_ENV,
    }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` })),
    ],
  });
  // Installs the async-context manager spans are made active with; a second app in one process (tests) finds it there.
  provider.register();
  const tracer = provider.getTracer("steward");

  return {
    startRequestSpan(method, path) {
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "url.path": path } },
        api.ROOT_CONTEXT,
      );
      const { traceId, spanId } = span.spanContext();
      const active = trace.setSpan(api.ROOT_CONTEXT, span);
      let ended = false;
      return {
        traceId,
        spanId,
        run: (fn) => context.with(active, fn),
        end(outcome) {
          // An aborted request may still see its response hook: the span ends once.
          if (ended) return;
          ended = true;
          const route = outcome.route ?? "(unmatched)";
          span.updateName(`${method} ${route}`);
          span.setAttributes({
            "http.route": route,
            "http.response.status_code": outcome.status,
            ...(outcome.userId && { "enduser.id": outcome.userId }),
            ...(outcome.companyId && { "steward.company_id": outcome.companyId }),
            ...(outcome.actor && { "steward.actor": outcome.actor }),
          });
          if (outcome.aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: "the client went away" });
          else if (outcome.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
