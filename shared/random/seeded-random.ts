/** Deterministic randomness for generated demo data: the same seed gives the same corpus. */
export type Random = () => number;

const { imul } = Math;

/** mulberry32: a small, fast 32-bit generator with uniform output in [0, 1). */
export function mulberry32(state: number): Random {
  // Signed 32-bit state stays a small integer; an unsigned one is boxed on every call (3x slower).
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Spreads (seed, n) over 32 bits so neighbouring records and seeds start far apart: record n gets
 * its own generator, so it is the same whatever number of records is asked for.
 */
export function recordSeed(seed: number, n: number): number {
  let h = imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ imul(n, 0xc2b2ae35);
  h ^= h >>> 16;
  h = imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}
