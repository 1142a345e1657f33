import type { Paper } from '../../shared/papers/paper.schema';
import type { PaperRecords } from './paper-records';
import type { Segment } from './segment';

/** A frozen segment's vocabulary and postings, in typed arrays (the form written to disk). */
export interface FrozenParts {
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
    const keys = this.parts.bigramKeys;
    const bigram = signed >>> 0;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < bigram) lo = mid + 1;
      else hi = mid;
    }
    if (lo === keys.length || keys[lo] !== bigram) return undefined;
    return this.parts.bigramTokens.subarray(this.parts.bigramStarts[lo], this.parts.bigramStarts[lo + 1]);
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

  /** Bytes of memory its structures take (its records, when in a file, take none). */
  get bytes(): number {
    return Object.values(this.parts).reduce((n: number, a: ArrayBufferView) => n + a.byteLength, 0);
  }
}
