/** Below this many entries a range is finished by insertion. */
const SMALL = 16;

/**
 * `order` (indices of `scores` and `slots`, ascending) by score descending, then tie rank ascending:
 * the order a stable sort with the comparator
 * `scores[b] - scores[a] || tieRank[slots[a]] - tieRank[slots[b]]` gives, which a search's pages
 * follow. A quicksort with the comparison written out, over the entries' scores and ranks gathered
 * side by side: several times faster than the native sort's calls of a comparator. The position
 * in `order` breaks the remaining ties, so any correct sort gives that one order.
 */
export function sortByScoreThenTie(order: Int32Array, scores: Float64Array, slots: Int32Array, tieRank: Int32Array): Int32Array {
  const n = order.length;
  const s = new Float64Array(n);
  const r = new Int32Array(n);
  const p = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    s[k] = scores[order[k]!]!;
    r[k] = tieRank[slots[order[k]!]!]!;
    p[k] = k;
  }
  sortRange(p, 0, n - 1, s, r, 2 * Math.ceil(Math.log2(n + 1)) + 8);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = order[p[k]!]!;
  return out;
}

/** Whether entry `i` comes before entry `j`. */
function before(i: number, j: number, scores: Float64Array, ranks: Int32Array): boolean {
  const si = scores[i]!;
  const sj = scores[j]!;
  if (si !== sj) return si > sj;
  const ri = ranks[i]!;
  const rj = ranks[j]!;
  return ri !== rj ? ri < rj : i < j;
}

function sortRange(a: Int32Array, lo: number, hi: number, scores: Float64Array, ranks: Int32Array, depth: number): void {
  while (hi - lo > SMALL) {
    if (depth-- === 0) {
      // Pivots keep going wrong (not seen in practice): the native sort finishes the range.
      a.subarray(lo, hi + 1).sort((i, j) => (before(i, j, scores, ranks) ? -1 : 1));
      return;
    }
    const mid = (lo + hi) >>> 1;
    // The median of three in the middle: the pivot.
    if (before(a[mid]!, a[lo]!, scores, ranks)) swap(a, lo, mid);
    if (before(a[hi]!, a[lo]!, scores, ranks)) swap(a, lo, hi);
    if (before(a[hi]!, a[mid]!, scores, ranks)) swap(a, mid, hi);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(a[i]!, pivot, scores, ranks)) i++;
      while (before(pivot, a[j]!, scores, ranks)) j--;
      if (i <= j) swap(a, i++, j--);
    }
    // The smaller side by recursion, the larger by the loop: the stack stays shallow.
    if (j - lo < hi - i) {
      sortRange(a, lo, j, scores, ranks, depth);
      lo = i;
    } else {
      sortRange(a, i, hi, scores, ranks, depth);
      hi = j;
    }
  }
  for (let k = lo + 1; k <= hi; k++) {
    const x = a[k]!;
    let m = k - 1;
    for (; m >= lo && before(x, a[m]!, scores, ranks); m--) a[m + 1] = a[m]!;
    a[m + 1] = x;
  }
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
