/**
 * `items` ordered by `values[item]` descending, items of equal value kept in the order they came:
 * what a stable sort with the comparator `values[b] - values[a]` gives, without a comparator. The
 * items go into one bucket per distinct value (a counting sort): a native sort of their values,
 * and a binary search among the distinct ones for each item's bucket.
 */
export function byValueDescending(items: Int32Array, values: Float64Array): Int32Array {
  const n = items.length;
  const sorted = new Float64Array(n);
  for (let k = 0; k < n; k++) sorted[k] = values[items[k]!]!;
  sorted.sort();
  const distinct = new Float64Array(n);
  let d = 0;
  for (let k = n - 1; k >= 0; k--) if (d === 0 || sorted[k]! !== distinct[d - 1]!) distinct[d++] = sorted[k]!;
  const buckets = new Int32Array(n);
  const starts = new Int32Array(d + 1);
  for (let k = 0; k < n; k++) {
    const v = values[items[k]!]!;
    let lo = 0;
    let hi = d - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! > v) lo = mid + 1;
      else hi = mid;
    }
    starts[(buckets[k] = lo) + 1]!++;
  }
  for (let b = 0; b < d; b++) starts[b + 1]! += starts[b]!;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[starts[buckets[k]!]!++] = items[k]!;
  return out;
}
