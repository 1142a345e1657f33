import type { Config } from '../config/config';

/**
 * Distributed tracing with the OpenTelemetry Node SDK: server and client spans of http and express,
 * pg queries and ioredis commands (only inside a traced request or batch: the pollers of BullMQ and
 * the change listeners would otherwise start a trace every second), plus our own spans
 * (shared/telemetry/spans.ts); W3C trace context in and out of every HTTP hop; batches exported over
 * OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT`.
 *
 * Without an endpoint nothing is loaded and the API's no-op tracer stays in place: no cost. With one,
 * it must start before the instrumented libraries are first required, which is why the command
 * line loads everything else after it (bin/gx-cli.ts).
 */
export interface Tracing {
  stop(): Promise<void>;
}

export function startTracing(telemetry: Config['telemetry']): Tracing | undefined {
  if (!telemetry.otlpEndpoint) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation, ExpressLayerType } = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': telemetry.serviceName }),
    traceExporter: new OTLPTraceExporter({ url: `${telemetry.otlpEndpoint}/v1/traces` }),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not requests anyone wants to trace.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      // Routers and handlers, not each middleware (request id, CORS…): a span for those says nothing.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
    // Metrics are Prometheus's (METRICS_PORT); logs are our JSON lines with the trace id.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { stop: () => sdk.shutdown() };
}
