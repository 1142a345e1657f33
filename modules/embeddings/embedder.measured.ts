import { counter, histogram } from '../../shared/telemetry/metrics';
import { withSpan } from '../../shared/telemetry/spans';
import type { Embedder } from './embedder.port';

const duration = histogram(
  'gx_embedder_request_duration_seconds',
  'Time an embedding call took (query: one search; passages: one indexing batch)',
  ['operation'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);
const errors = counter('gx_embedder_errors_total', 'Embedding calls that failed or timed out', ['operation']);

/** Every call to the embedder that actually computes vectors: timed, counted when it fails, traced. */
export class MeasuredEmbedder implements Embedder {
  readonly kind: string;
  readonly dimensions: number;

  constructor(private readonly inner: Embedder) {
    this.kind = inner.kind;
    this.dimensions = inner.dimensions;
  }

  embedQueries(texts: string[]): Promise<Float32Array[]> {
    return this.measure('query', texts.length, () => this.inner.embedQueries(texts));
  }

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.measure('passages', texts.length, () => this.inner.embedPassages(texts));
  }

  get model(): string {
    return this.inner.model;
  }

  async init(): Promise<void> {
    await this.inner.init?.();
  }

  async refresh(): Promise<boolean> {
    return (await this.inner.refresh?.()) ?? false;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async measure(operation: 'query' | 'passages', count: number, work: () => Promise<Float32Array[]>): Promise<Float32Array[]> {
    const end = duration.startTimer({ operation });
    try {
      return await withSpan(`embedder ${operation}`, { 'gx.embedder.kind': this.kind, 'gx.embedder.texts': count }, work);
    } catch (err) {
      errors.inc({ operation });
      throw err;
    } finally {
      end();
    }
  }
}
