import type { Paper } from '../../shared/papers/paper.schema';
import type { PaperRecords } from './paper-records';
import type { Segment } from './segment';
import { frozenAuthorSlots, type AuthorParts } from './author-postings';

/** A frozen segment's vocabulary and postings, and its author postings, in typed arrays (the form written to disk). */
export interface FrozenParts extends AuthorParts {
  /** Token t's text is `tokenChars[tokenStarts[t]..tokenStarts[t + 1]]` (UTF-16 code units). */
  tokenStarts: Uint32Array;
  tokenChars: Uint16Array;
  /** Token t's postings are entries `postingStarts[t]..postingStarts[t + 1]`: slot − start, and mask. */
  postingStarts: Uint32Array;
  postingSlots: Uint32Array;
  postingMasks: Uint16Array;
  /** Ascending bigram keys; key i's token ids are `bigramTokens[bigramStarts[i]..bigramStarts[i + 1]]`. */
  bigramKeys: Uint32Array;
  bigramStarts: Uint32Array;
  bigramTokens: Uint32Array;
  /**
   * Beside each entry of `bigramTokens`: how often the bigram occurs in that token and where it first
   * does (see `BIGRAM_ENTRY`). Absent from segment files written before they existed: a term's
   * evidence is then found by decoding the candidate tokens' text, with the same result.
   */
  bigramCounts?: Uint8Array;
  bigramFirst?: Uint16Array;
  /**
   * Every occurrence of a word bigram (`isWordBigram`: Latin letters, digits…) in a token, with the
   * bounds of the word around it, for the quality of a term judged by word boundaries without its
   * text: list k's entries are `wordLists[k]..wordLists[k + 1]` (none for another bigram), entry w's
   * occurrences `wordEntries[w]..wordEntries[w + 1]` of `wordOccurrences`, `WORD_OCCURRENCE` units
   * each (see `bigram-occurrences.ts`). Absent with the two above.
   */
  wordLists?: Uint32Array;
  wordEntries?: Uint32Array;
  wordOccurrences?: Uint16Array;
}

/** A segment that no longer changes: its structures are typed arrays, its papers records (see `Segment`). */
export class FrozenSegment implements Segment {
  /** The token texts' code units as bytes, for `tokenText`. */
  private chars?: Buffer;

  constructor(
    readonly id: string,
    readonly start: number,
    readonly end: number,
    readonly parts: FrozenParts,
    public records: PaperRecords,
  ) {}

  bigramTokens(signed: number): ArrayLike<number> | undefined {
    const k = this.bigramIndex(signed);
    return k < 0 ? undefined : this.parts.bigramTokens.subarray(this.parts.bigramStarts[k], this.parts.bigramStarts[k + 1]);
  }

  /** The index of a bigram's list (its entries are `bigramStarts[k]..bigramStarts[k + 1]`), or −1 when no token holds it. */
  bigramIndex(signed: number): number {
    const keys = this.parts.bigramKeys;
    const bigram = signed >>> 0;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < bigram) lo = mid + 1;
      else hi = mid;
    }
    return lo === keys.length || keys[lo] !== bigram ? -1 : lo;
  }

  tokenText(token: number): string {
    // Decoded natively from the UTF-16 code units as they are (a Japanese sentence token is long).
    this.chars ??= Buffer.from(this.parts.tokenChars.buffer, this.parts.tokenChars.byteOffset, this.parts.tokenChars.byteLength);
    return this.chars.toString('utf16le', this.parts.tokenStarts[token]! * 2, this.parts.tokenStarts[token + 1]! * 2);
  }

  forEachPosting(token: number, visit: (slot: number, mask: number) => void): void {
    const { postingStarts, postingSlots, postingMasks } = this.parts;
    const start = this.start;
    for (let i = postingStarts[token]!, end = postingStarts[token + 1]!; i < end; i++) visit(start + postingSlots[i]!, postingMasks[i]!);
  }

  paper(slot: number): Paper | undefined {
    return this.records.get(slot - this.start);
  }

  authorSlots(key: string): ArrayLike<number> | undefined {
    return frozenAuthorSlots(this.parts, key);
  }

  /** Bytes of memory its structures take (its records, when in a file, take none). */
  get bytes(): number {
    return Object.values(this.parts).reduce((n: number, a: ArrayBufferView | undefined) => n + (a?.byteLength ?? 0), 0);
  }
}
