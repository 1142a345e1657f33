/** Buckets of the histogram that narrows `kthSmallest` down to a few values. */
const BUCKETS = 1024;

/**
 * The `k`-th smallest of `values` (0-based), as `Float64Array.from(values).sort()[k]` would give it
 * but in linear time: a histogram of the values over their range (monotone, so bucket by bucket
 * they are in order) finds the bucket that holds it, and a quickselect among that bucket's values
 * finishes. `values` is left as it was.
 */
export function kthSmallest(values: Float64Array, k: number): number {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max > min) || n <= BUCKETS) return selectInPlace(Float64Array.from(values), k);
  const scale = BUCKETS / (max - min);
  const buckets = new Uint16Array(n);
  const counts = new Int32Array(BUCKETS);
  for (let i = 0; i < n; i++) {
    const b = Math.min(BUCKETS - 1, Math.floor((values[i]! - min) * scale));
    buckets[i] = b;
    counts[b]!++;
  }
  let bucket = 0;
  let below = 0;
  while (below + counts[bucket]! <= k) below += counts[bucket++]!;
  const members = new Float64Array(counts[bucket]!);
  for (let i = 0, m = 0; i < n; i++) if (buckets[i] === bucket) members[m++] = values[i]!;
  return selectInPlace(members, k - below);
}

/**
 * The `k`-th smallest of `values`, reordering them: a quickselect (Hoare's partition, median-of-three
 * pivot). Ties are common (a Japanese term's scores repeat): the partition swaps equal values to
 * both sides, so they do not make it quadratic.
 */
function selectInPlace(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const a = values[lo]!;
    const b = values[mid]!;
    const c = values[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    // values[lo..j] ≤ pivot ≤ values[i..hi], and what lies between equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}
