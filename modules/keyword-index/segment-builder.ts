import type { Paper } from '../../shared/papers/paper.schema';
import { FIELD_GROUP_NAMES, type SearchText, titleLengths, tokenWords } from './relevance';
import { append, asArray, type IdList } from './sorted-ids';
import { bigramAt, POSTING, type Segment } from './segment';
import { bigramOccurrences } from './bigram-occurrences';
import type { SlotLengths } from './slot-columns';
import type { FrozenParts } from './frozen-segment';
import { AuthorPostingsBuilder } from './author-postings';

const TOKEN_SPLIT = /\s+/u;
const GROUP_MASK = (1 << POSTING.groupBits) - 1;
const BODY_BIT = 1 << 2;
/**
 * A posting of the open segment: (slot − start) · MASKS + mask, one number, below 2^27 for the
 * 65,536 papers of a segment: a small integer for V8, never a boxed one.
 */
const MASKS = (POSTING.countMax + 1) << POSTING.groupBits;

/**
 * The open segment: the papers added since the last freeze, in plain JS structures that grow one
 * paper at a time. It is frozen (`freeze`) into typed arrays when it is full or a checkpoint is due.
 */
export class SegmentBuilder implements Segment {
  end: number;
  private readonly tokenTexts: string[] = [];
  private readonly tokenPostings: IdList[] = [];
  private readonly tokenIds = new Map<string, number>();
  private readonly bigrams = new Map<number, IdList>();
  private readonly papers: (Paper | undefined)[] = [];
  private readonly authors = new AuthorPostingsBuilder();

  constructor(readonly start: number) {
    this.end = start;
  }

  get paperCount(): number {
    return this.papers.length;
  }

  /** Adds a paper at `slot` (after every slot it holds); returns the lengths that normalise its matches. */
  add(slot: number, paper: Paper, text: SearchText): SlotLengths {
    const masks = new Map<string, number>();
    let words = 0;
    FIELD_GROUP_NAMES.forEach((group, bit) => {
      for (const value of text[group]) {
        for (const token of value.split(TOKEN_SPLIT)) {
          if (!token) continue;
          const mask = masks.get(token) ?? 0;
          if (bit === 2) {
            words += tokenWords(token);
            // The body count rides above the group bits, saturating at countMax.
            const count = mask >>> POSTING.groupBits;
            masks.set(token, (Math.min(count + 1, POSTING.countMax) << POSTING.groupBits) | (mask & GROUP_MASK) | BODY_BIT);
          } else {
            masks.set(token, mask | (1 << bit));
          }
        }
      }
    });
    const local = slot - this.start;
    this.papers[local] = paper;
    this.authors.add(local, paper);
    this.end = slot + 1;
    for (const [token, mask] of masks) {
      let id = this.tokenIds.get(token);
      const posting = local * MASKS + mask;
      if (id === undefined) {
        id = this.tokenTexts.length;
        this.tokenTexts.push(token);
        this.tokenPostings.push(posting);
        this.tokenIds.set(token, id);
        for (let i = 0; i + 1 < token.length; i++) {
          const key = bigramAt(token, i);
          const ids = this.bigrams.get(key);
          const next = append(ids, id); // a bigram repeated within the token is listed once
          if (next !== ids) this.bigrams.set(key, next);
        }
      } else {
        this.tokenPostings[id] = append(this.tokenPostings[id], posting);
      }
    }
    const titles = titleLengths(text.title);
    return { bodyWords: words, titleCjk: titles.cjk, titleOther: titles.other };
  }

  /** Forgets a retired slot's paper (its postings stay; searches skip retired slots). */
  drop(slot: number): void {
    this.papers[slot - this.start] = undefined;
  }

  bigramTokens(bigram: number): ArrayLike<number> | undefined {
    const ids = this.bigrams.get(bigram);
    return ids === undefined ? undefined : asArray(ids);
  }

  tokenText(token: number): string {
    return this.tokenTexts[token]!;
  }

  forEachPosting(token: number, visit: (slot: number, mask: number) => void): void {
    const postings = this.tokenPostings[token]!;
    const start = this.start;
    if (typeof postings === 'number') visit(start + Math.floor(postings / MASKS), postings % MASKS);
    else for (const p of postings) visit(start + Math.floor(p / MASKS), p % MASKS);
  }

  paper(slot: number): Paper | undefined {
    return this.papers[slot - this.start];
  }

  authorSlots(key: string): ArrayLike<number> | undefined {
    return this.authors.slots(key);
  }

  /** The segment as typed arrays (its papers as JSON records), the form it keeps once frozen. */
  freeze(): FrozenParts {
    const tokens = this.tokenTexts.length;
    let chars = 0;
    let postings = 0;
    for (let t = 0; t < tokens; t++) {
      chars += this.tokenTexts[t]!.length;
      const p = this.tokenPostings[t]!;
      postings += typeof p === 'number' ? 1 : p.length;
    }
    const tokenStarts = new Uint32Array(tokens + 1);
    const tokenChars = new Uint16Array(chars);
    const postingStarts = new Uint32Array(tokens + 1);
    const postingSlots = new Uint32Array(postings);
    const postingMasks = new Uint16Array(postings);
    let c = 0;
    let p = 0;
    for (let t = 0; t < tokens; t++) {
      const text = this.tokenTexts[t]!;
      for (let i = 0; i < text.length; i++) tokenChars[c++] = text.charCodeAt(i);
      tokenStarts[t + 1] = c;
      for (const posting of asArray(this.tokenPostings[t]!)) {
        postingSlots[p] = Math.floor(posting / MASKS);
        postingMasks[p++] = posting % MASKS;
      }
      postingStarts[t + 1] = p;
    }
    // Sorted unsigned on disk; the Map holds them signed (`bigramAt`), hence `key | 0`.
    const keys = Uint32Array.from(this.bigrams.keys()).sort();
    const bigramStarts = new Uint32Array(keys.length + 1);
    let entries = 0;
    keys.forEach((key, i) => {
      const ids = this.bigrams.get(key | 0)!;
      entries += typeof ids === 'number' ? 1 : ids.length;
      bigramStarts[i + 1] = entries;
    });
    const bigramTokens = new Uint32Array(entries);
    keys.forEach((key, i) => bigramTokens.set(asArray(this.bigrams.get(key | 0)!), bigramStarts[i]));
    return { tokenStarts, tokenChars, postingStarts, postingSlots, postingMasks, bigramKeys: keys, bigramStarts, bigramTokens, ...bigramOccurrences(tokenStarts, tokenChars, keys, bigramStarts), ...this.authors.freeze() };
  }

  /** Each slot's paper, for the frozen segment's records (undefined for a retired slot). */
  storedPapers(): (Paper | undefined)[] {
    const out = this.papers.slice();
    out.length = this.end - this.start;
    return out;
  }
}
