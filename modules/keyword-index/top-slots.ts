/** A slot of the embedded engine with its score. */
export interface RankedSlot {
  slot: number;
  score: number;
}

/** The best `limit` of the slots offered, kept in a min-heap on (score, then tie order reversed). */
export class TopSlots {
  private readonly heap: RankedSlot[] = [];

  constructor(
    private readonly limit: number,
    private readonly tieRank: Int32Array,
  ) {}

  offer(slot: number, score: number): void {
    if (this.heap.length < this.limit) {
      this.heap.push({ slot, score });
      this.up(this.heap.length - 1);
      return;
    }
    // Most offers lose to the worst kept: decided before any allocation.
    const worst = this.heap[0];
    if (worst === undefined || (score !== worst.score ? score < worst.score : this.tieRank[slot]! >= this.tieRank[worst.slot]!)) return;
    this.heap[0] = { slot, score };
    this.down(0);
  }

  /** Whether `limit` slots are kept: from then on only a better one gets in. */
  get full(): boolean {
    return this.heap.length >= this.limit;
  }

  /** The score of the worst slot kept (only when there is one). */
  get worstScore(): number {
    return this.heap[0]!.score;
  }

  sorted(): RankedSlot[] {
    return this.heap.sort((a, b) => (this.better(a, b) ? -1 : 1));
  }

  private better(a: RankedSlot, b: RankedSlot): boolean {
    return a.score !== b.score ? a.score > b.score : this.tieRank[a.slot]! < this.tieRank[b.slot]!;
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.better(h[parent]!, h[i]!)) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.better(h[worst]!, h[l]!)) worst = l;
      if (r < h.length && this.better(h[worst]!, h[r]!)) worst = r;
      if (worst === i) return;
      [h[worst], h[i]] = [h[i]!, h[worst]!];
      i = worst;
    }
  }
}
