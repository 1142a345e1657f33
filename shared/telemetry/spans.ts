import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

/**
 * Our own spans, around the calls the auto-instrumentations cannot see into (Elasticsearch, Qdrant
 * and the embedding service speak HTTP through undici; model calls; indexer batches). Without a
 * tracer provider (no OTEL_EXPORTER_OTLP_ENDPOINT) the API's no-op tracer makes this a plain call.
 */
const tracer = trace.getTracer('gx-search');

export interface SpanOptions {
  kind?: SpanKind;
  /**
   * Starts a trace of its own (an indexer batch). Otherwise a span is made only inside a traced
   * request or batch, like the pg and ioredis spans: background loops (the in-process vector index
   * embedding the corpus) would otherwise bury the traces people look for.
   */
  root?: boolean;
}

export async function withSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, options: SpanOptions = {}): Promise<T> {
  if (!options.root && !trace.getActiveSpan()) return work();
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };

/**
 * Wraps the named async methods of an adapter in spans (`elasticsearch search`, …), on this
 * instance only: one place for every engine adapter rather than a span in each method.
 */
export function traceMethods<T extends object>(target: T, system: string, methods: readonly (keyof T & string)[]): T {
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') throw new Error(`${system}: no method ${method} to trace`);
    const call = (original as (...args: unknown[]) => Promise<unknown>).bind(target);
    Object.defineProperty(target, method, {
      value: (...args: unknown[]) => withSpan(`${system} ${method}`, { 'db.system.name': system, 'db.operation.name': method }, () => call(...args)),
      configurable: true,
      writable: true,
    });
  }
  return target;
}
