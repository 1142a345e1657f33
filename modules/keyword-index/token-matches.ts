/**
 * The tokens of a segment that hold a term, with the best and the summed quality of the term's
 * occurrences in each (see `occurrences` in `relevance.ts`): the first `n` entries, ids ascending.
 * One is reused from one computation to the next (they run synchronously, one at a time), so a term
 * held by a hundred thousand sentence tokens allocates nothing per token.
 */
export class TokenMatches {
  n = 0;
  ids = new Int32Array(0);
  best = new Float64Array(0);
  sum = new Float64Array(0);

  /** Empties it, with room for `capacity` entries. */
  reset(capacity: number): void {
    this.n = 0;
    if (this.ids.length >= capacity) return;
    const size = Math.max(capacity, this.ids.length * 2);
    this.ids = new Int32Array(size);
    this.best = new Float64Array(size);
    this.sum = new Float64Array(size);
  }

  push(id: number, best: number, sum: number): void {
    const n = this.n++;
    this.ids[n] = id;
    this.best[n] = best;
    this.sum[n] = sum;
  }
}
