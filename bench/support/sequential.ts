import { latencySummary } from './stats';

export interface SequentialFigures {
  p50: number;
  p99: number;
  n: number;
  /** Requests a second over one connection: n / the sum of their latencies. */
  rps: number;
}

/** p50, p99 and one-connection throughput of sequential latencies (milliseconds). */
export function sequentialFigures(ms: readonly number[]): SequentialFigures {
  const { p50, p99, n } = latencySummary(ms);
  const totalMs = ms.reduce((a, b) => a + b, 0);
  return { p50, p99, n, rps: totalMs > 0 ? n / (totalMs / 1000) : 0 };
}

/** The order of items rotated by `by`, so in interleaved runs none always follows the same one. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const k = items.length ? by % items.length : 0;
  return [...items.slice(k), ...items.slice(0, k)];
}
