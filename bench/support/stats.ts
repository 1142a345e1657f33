/** Small statistics over latency samples and per-round figures. */

/** The p-th percentile (0–100) of ascending-sorted values, linearly interpolated between ranks. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export function median(values: number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

/** p50 and p99 of raw samples (sorted here; Float64Array sorts numerically). */
export function latencySummary(samples: ArrayLike<number>): { p50: number; p99: number; n: number } {
  const sorted = Float64Array.from(samples).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}
