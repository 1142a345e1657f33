import { isCjkTerm, isWordCode } from './relevance';
import { BIGRAM_ENTRY } from './segment';

/** What a frozen segment keeps beside its bigram lists, so a term's first search reads no token text (see `FrozenParts`). */
export interface BigramOccurrences {
  bigramCounts: Uint8Array;
  bigramFirst: Uint16Array;
  wordLists: Uint32Array;
  wordEntries: Uint32Array;
  wordOccurrences: Uint16Array;
}

/** Units of `wordOccurrences` per occurrence: where it is, where its word starts and where it ends. */
export const WORD_OCCURRENCE = 3;

/** Whether a bigram is two word characters of no Japanese or Chinese script: one that a term judged by word boundaries can hold. */
export function isWordBigram(key: number): boolean {
  const c0 = key >>> 16;
  const c1 = key & 0xffff;
  return isWordCode(c0) && isWordCode(c1) && !isCjkTerm(String.fromCharCode(c0, c1));
}

/**
 * The occurrence table of a segment's bigram lists (`keys` ascending unsigned, list k's entries
 * `starts[k]..starts[k + 1]`, their tokens ascending), from its token texts (token t's are
 * `tokenChars[tokenStarts[t]..tokenStarts[t + 1]]`, read as code units: strings cut from the
 * papers' text would be slower to read):
 * - for every entry, how often its bigram occurs in its token and where first (see `BIGRAM_ENTRY`);
 * - for the entries of word bigrams (`isWordBigram`), every occurrence with the bounds of the word
 *   around it (`WORD_OCCURRENCE` units each: a term of such characters is judged by them, see
 *   `matchQualityInWord`), unless the token is longer than a unit can say or the count saturated:
 *   then none, and the search reads the text.
 * Tokens are walked once, in id order, the order of every list, so a list's entries are met in
 * turn: the next unfilled one of a bigram's list is the current token's. A token's distinct bigrams
 * are counted in scratch first, then written to their entries (far apart) once each; the word
 * bigrams' occurrences are kept as they come and placed at the end.
 */
export function bigramOccurrences(tokenStarts: Uint32Array, tokenChars: Uint16Array, keys: Uint32Array, starts: Uint32Array): BigramOccurrences {
  const lists = keys.length;
  const entries = starts[lists]!;
  const bigramCounts = new Uint8Array(entries);
  const bigramFirst = new Uint16Array(entries);
  const listOf = new BigramTable(keys);
  const next = starts.slice(0, lists);
  // Per list: the last token that held its bigram and where in that token's scratch it is, side by side.
  const last = new Int32Array(2 * lists).fill(-1);
  const wordList = Uint8Array.from(keys, (key) => (isWordBigram(key) ? 1 : 0));
  const wordLists = new Uint32Array(lists + 1);
  for (let k = 0; k < lists; k++) wordLists[k + 1] = wordLists[k]! + (wordList[k] ? starts[k + 1]! - starts[k]! : 0);
  const found = new WordOccurrenceList();
  const { countMax, firstUnknown } = BIGRAM_ENTRY;
  // A token's distinct bigrams (list, first place, count, entry), and its word bigram occurrences (place, which).
  let seenList = new Int32Array(256);
  let seenFirst = new Int32Array(256);
  let seenCount = new Int32Array(256);
  let seenEntry = new Int32Array(256);
  let wordAt = new Int32Array(256);
  let wordOf = new Int32Array(256);
  for (let t = 0; t + 1 < tokenStarts.length; t++) {
    const base = tokenStarts[t]!;
    const length = tokenStarts[t + 1]! - base;
    if (seenList.length < length) {
      [seenList, seenFirst, seenCount, seenEntry, wordAt, wordOf] = Array.from({ length: 6 }, () => new Int32Array(length));
    }
    let n = 0;
    let words = 0;
    for (let i = 0; i + 1 < length; i++) {
      const k = listOf.get((tokenChars[base + i]! << 16) | tokenChars[base + i + 1]!); // `bigramAt`
      let j: number;
      if (last[2 * k] === t) {
        j = last[2 * k + 1]!;
        seenCount[j]!++;
      } else {
        j = n++;
        last[2 * k] = t;
        last[2 * k + 1] = j;
        seenList[j] = k;
        seenFirst[j] = i;
        seenCount[j] = 1;
      }
      if (wordList[k]) {
        wordAt[words] = i;
        wordOf[words++] = j;
      }
    }
    for (let j = 0; j < n; j++) {
      const e = next[seenList[j]!]!++;
      seenEntry[j] = e;
      bigramCounts[e] = Math.min(seenCount[j]!, countMax);
      bigramFirst[e] = Math.min(seenFirst[j]!, firstUnknown);
    }
    if (words === 0 || length > firstUnknown) continue;
    // The word around each occurrence, walked once per word (occurrences come in text order).
    let from = 0;
    let to = 0;
    for (let q = 0; q < words; q++) {
      const j = wordOf[q]!;
      if (seenCount[j]! >= countMax) continue;
      const k = seenList[j]!;
      const i = wordAt[q]!;
      if (i >= to) {
        for (from = i; from > 0 && isWordCode(tokenChars[base + from - 1]!); ) from--;
        for (to = i + 2; to < length && isWordCode(tokenChars[base + to]!); ) to++;
      }
      found.push(wordLists[k]! + seenEntry[j]! - starts[k]!, i, from, to);
    }
  }
  // Each word entry's occurrences, in the order they came (one token's, positions ascending).
  const wordEntries = new Uint32Array(wordLists[lists]! + 1);
  for (let q = 0; q < found.n; q++) wordEntries[found.entries[q]! + 1]!++;
  for (let w = 0; w < wordLists[lists]!; w++) wordEntries[w + 1]! += wordEntries[w]!;
  const wordOccurrences = new Uint16Array(found.n * WORD_OCCURRENCE);
  const filled = wordEntries.slice(0, wordLists[lists]!);
  for (let q = 0; q < found.n; q++) {
    const to = filled[found.entries[q]!]!++ * WORD_OCCURRENCE;
    for (let u = 0; u < WORD_OCCURRENCE; u++) wordOccurrences[to + u] = found.occurrences[q * WORD_OCCURRENCE + u]!;
  }
  return { bigramCounts, bigramFirst, wordLists, wordEntries, wordOccurrences };
}

/** Word bigram occurrences as they are found: the entry (of the word entries), and `WORD_OCCURRENCE` units. */
class WordOccurrenceList {
  n = 0;
  entries = new Uint32Array(1024);
  occurrences = new Uint16Array(1024 * WORD_OCCURRENCE);

  push(entry: number, at: number, from: number, to: number): void {
    if (this.n === this.entries.length) {
      const entries = new Uint32Array(this.n * 2);
      entries.set(this.entries);
      const occurrences = new Uint16Array(this.n * 2 * WORD_OCCURRENCE);
      occurrences.set(this.occurrences);
      this.entries = entries;
      this.occurrences = occurrences;
    }
    const o = this.n * WORD_OCCURRENCE;
    this.entries[this.n++] = entry;
    this.occurrences[o] = at;
    this.occurrences[o + 1] = from;
    this.occurrences[o + 2] = to;
  }
}

/**
 * The index of each bigram among `keys`: an open-addressing hash table in typed arrays (every
 * character of every token is looked up, and a Map's lookups would be most of a freeze's time).
 * Only keys it holds are asked for.
 */
class BigramTable {
  /** Key and list index side by side, a slot each; list −1 when the slot is empty. */
  private readonly slots: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(keys: Uint32Array) {
    const bits = Math.max(4, Math.ceil(Math.log2(keys.length * 1.3 + 1)));
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    this.slots = new Int32Array(2 << bits);
    for (let h = 0; h < 1 << bits; h++) this.slots[2 * h + 1] = -1;
    keys.forEach((key, k) => {
      let h = Math.imul(key | 0, 0x9e3779b1) >>> this.shift;
      while (this.slots[2 * h + 1] !== -1) h = (h + 1) & this.mask;
      this.slots[2 * h] = key | 0;
      this.slots[2 * h + 1] = k;
    });
  }

  get(key: number): number {
    const slots = this.slots;
    let h = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (slots[2 * h] !== key || slots[2 * h + 1] === -1) h = (h + 1) & this.mask;
    return slots[2 * h + 1]!;
  }
}
