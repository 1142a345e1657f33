/**
 * Ascending ids: a bare number while there is one (most tokens — Japanese and Chinese sentences —
 * occur in one paper, and an array per token would cost far more memory than its content).
 */
export type IdList = number | number[];

export function append(list: IdList | undefined, id: number): IdList {
  if (list === undefined) return id;
  if (typeof list === 'number') return list === id ? list : [list, id];
  if (list[list.length - 1] !== id) list.push(id);
  return list;
}

export const asArray = (list: IdList): number[] => (typeof list === 'number' ? [list] : list);

/** The index of the first id ≥ `id` in an ascending list. */
export function firstAtLeast(ids: ArrayLike<number>, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ids present in both ascending lists; binary search in the longer one when the lengths differ much. */
export function intersectSorted(small: ArrayLike<number>, large: ArrayLike<number>): number[] {
  const out: number[] = [];
  if (large.length > small.length * 8) {
    let lo = 0;
    for (let k = 0; k < small.length; k++) {
      const id = small[k]!;
      let hi = large.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (large[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      if (lo < large.length && large[lo] === id) out.push(id);
    }
    return out;
  }
  let i = 0;
  let j = 0;
  while (i < small.length && j < large.length) {
    if (small[i]! < large[j]!) i++;
    else if (small[i]! > large[j]!) j++;
    else { out.push(small[i]!); i++; j++; }
  }
  return out;
}
