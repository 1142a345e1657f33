/**
 * A set of slots as a bitmap, one bit a slot (a 300,000-paper index: 37.5 KB), with the count of
 * set bits before each word: membership is one load, and a member's position in the ascending list
 * of the set (`rank`) a load and a popcount. Term match lists and filters probe each other through it.
 */
export class SlotBits {
  private prefix?: Int32Array;

  private constructor(
    readonly words: Int32Array,
    readonly count: number,
  ) {}

  /** The set of an ascending slot list. */
  static of(slots: Int32Array): SlotBits {
    const words = new Int32Array(slots.length ? (slots[slots.length - 1]! >>> 5) + 1 : 0);
    for (let i = 0; i < slots.length; i++) words[slots[i]! >>> 5]! |= 1 << (slots[i]! & 31);
    return new SlotBits(words, slots.length);
  }

  /** The slots below `slotCount` that pass `test`. */
  static where(slotCount: number, test: (slot: number) => boolean): SlotBits {
    const words = new Int32Array((slotCount + 31) >>> 5);
    let count = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      if (!test(slot)) continue;
      words[slot >>> 5]! |= 1 << (slot & 31);
      count++;
    }
    return new SlotBits(words, count);
  }

  /** The slots `fill` adds (in any order, each once) below `slotCount`. */
  static collect(slotCount: number, fill: (add: (slot: number) => void) => void): SlotBits {
    const words = new Int32Array((slotCount + 31) >>> 5);
    let count = 0;
    fill((slot) => {
      words[slot >>> 5]! |= 1 << (slot & 31);
      count++;
    });
    return new SlotBits(words, count);
  }

  /** The slots in every one of the sets (at least one). */
  static intersection(sets: readonly SlotBits[]): SlotBits {
    let length = Infinity;
    for (const s of sets) length = Math.min(length, s.words.length);
    const words = new Int32Array(length);
    let count = 0;
    for (let w = 0; w < length; w++) {
      let m = -1;
      for (let k = 0; k < sets.length && m !== 0; k++) m &= sets[k]!.words[w]!;
      words[w] = m;
      if (m !== 0) count += popcount(m);
    }
    return new SlotBits(words, count);
  }

  has(slot: number): boolean {
    const w = slot >>> 5;
    return w < this.words.length && ((this.words[w]! >>> (slot & 31)) & 1) === 1;
  }

  /** Members below `slot`: a member's index in the ascending list of the set. */
  rank(slot: number): number {
    const prefix = this.prefixes();
    const w = slot >>> 5;
    return prefix[w]! + popcount(this.words[w]! & ~(-1 << (slot & 31)));
  }

  get bytes(): number {
    return this.words.byteLength * 2;
  }

  /** Members before each word (what `rank` adds to the word's own count). */
  prefixes(): Int32Array {
    if (this.prefix) return this.prefix;
    const prefix = new Int32Array(this.words.length);
    for (let w = 1; w < prefix.length; w++) prefix[w] = prefix[w - 1]! + popcount(this.words[w - 1]!);
    this.prefix = prefix;
    return prefix;
  }
}

/** Set bits of a 32-bit word (`| 0` keeps every step in 32-bit integer arithmetic). */
export function popcount(x: number): number {
  x = (x - ((x >>> 1) & 0x55555555)) | 0;
  x = ((x & 0x33333333) + ((x >>> 2) & 0x33333333)) | 0;
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many slots are in every one of the sets. */
export function countAll(sets: SlotBits[]): number {
  let words = Infinity;
  for (const s of sets) words = Math.min(words, s.words.length);
  let n = 0;
  for (let w = 0; w < words; w++) {
    let m = -1;
    for (let k = 0; k < sets.length && m !== 0; k++) m &= sets[k]!.words[w]!;
    if (m !== 0) n += popcount(m);
  }
  return n;
}
