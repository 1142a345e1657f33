import type { Paper } from '../../shared/papers/paper.schema';

/**
 * One piece of the embedded index: the papers of a range of slots with their vocabulary. A query
 * term never contains white space, so each of its occurrences lies inside one white-space-delimited
 * token of a field: matching a term in a segment means finding the distinct tokens that contain it
 * (through the vocabulary's bigram lists: a two-character term's list is exactly its tokens, which a
 * trigram index cannot give) and taking the union of their postings. A posting is a slot with a
 * mask: the field groups the token occurs in and how often in the body (see `POSTING`).
 *
 * Two kinds: the open segment new papers go to (`SegmentBuilder`), and frozen ones in typed arrays,
 * as written to disk and read back at start (`FrozenSegment`).
 */
export interface Segment {
  /** The first slot, and one past the last. */
  readonly start: number;
  readonly end: number;
  /** Ascending ids of the tokens holding a bigram (see `bigramAt`), or undefined when none does. */
  bigramTokens(bigram: number): ArrayLike<number> | undefined;
  tokenText(token: number): string;
  /** Calls `visit` for each posting of a token, slots ascending. */
  forEachPosting(token: number, visit: (slot: number, mask: number) => void): void;
  /** The papers with an author of this name key (`authorKeysOf`), as slots − start, ascending; undefined when none has one. */
  authorSlots(key: string): ArrayLike<number> | undefined;
  /** The stored paper of a slot of this segment (undefined when it was retired before the segment was frozen). */
  paper(slot: number): Paper | undefined;
}

/**
 * What a frozen segment keeps beside each entry of its bigram lists (`bigramCounts`, `bigramFirst`):
 * how often the bigram occurs in the token, saturating at `countMax`, and where it first does, or
 * `firstUnknown` from there on. A term's first search reads its occurrences from them instead of
 * scanning the token's text (a Japanese sentence token is long): see `frozen-term-matches.ts`.
 */
export const BIGRAM_ENTRY = { countMax: 0xff, firstUnknown: 0xffff } as const;

/** How a posting's mask packs the field groups (bit i = FIELD_GROUP_NAMES[i]) and the body count (capped). */
export const POSTING = { groupBits: 3, countMax: 255 } as const;

/**
 * A pair of UTF-16 code units as one 32-bit integer, the key of the bigram lists: signed, so it stays
 * a small integer for V8 (no boxed number, no hashing of one, in the open segment's Map, whose
 * lookups are most of a build's time: kanji pairs lie above 2^31 unsigned). Frozen segments keep
 * the keys unsigned, sorted in a typed array (`bigramKeys`), and look them up as `key >>> 0`.
 */
export const bigramAt = (text: string, i: number) => (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);
