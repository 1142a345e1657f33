import { FIELD_GROUP_NAMES, isCjkTerm, occurrences } from './relevance';
import { POSTING, bigramAt, type Segment } from './segment';
import { intersectSorted } from './sorted-ids';

const [TITLE_BIT, TAGS_BIT, BODY_BIT] = FIELD_GROUP_NAMES.map((_, i) => 1 << i) as [number, number, number];

/**
 * A term's evidence in the papers of one segment that hold it, slots ascending (retired slots
 * included: searches skip them): the best quality of its match in the paper (what the term's idf
 * counts), in the title and in the tags, and its qualities in the body summed (see `relevance.ts`).
 * It depends on the segment alone, so a frozen segment's is worked out once per term and kept.
 */
export interface TermEvidence {
  slots: Int32Array;
  best: Float64Array;
  title: Float64Array;
  tags: Float64Array;
  body: Float64Array;
}

/** A token holding a term, and how well (see `occurrences`). */
interface TokenMatch {
  id: number;
  best: number;
  sum: number;
}

const byQuality = (a: TokenMatch, b: TokenMatch) => b.best - a.best || a.id - b.id;

/** Scratch arrays by slot − start, reused by every computation (they run synchronously, one at a time). */
let scratch = { index: new Int32Array(0), stamp: new Int32Array(0), next: 0 };

export function termEvidence(segment: Segment, term: string): TermEvidence {
  const tokens = tokensContaining(segment, term);
  const span = segment.end - segment.start;
  if (scratch.stamp.length < span) scratch = { index: new Int32Array(span), stamp: new Int32Array(span), next: 0 };
  if (scratch.next === 0x7fffffff) {
    scratch.stamp.fill(0);
    scratch.next = 0;
  }
  const stamp = ++scratch.next;
  const { index, stamp: seen } = scratch;
  const slots: number[] = [];
  const best: number[] = [];
  const title: number[] = [];
  const tags: number[] = [];
  const body: number[] = [];
  // Best tokens first, so a paper is first reached through its best match (as the model counts it).
  for (const token of tokens) {
    segment.forEachPosting(token.id, (slot, mask) => {
      const local = slot - segment.start;
      let i = index[local]!;
      if (seen[local] !== stamp) {
        seen[local] = stamp;
        i = index[local] = slots.length;
        slots.push(slot);
        best.push(token.best);
        title.push(0);
        tags.push(0);
        body.push(0);
      }
      if (mask & TITLE_BIT && token.best > title[i]!) title[i] = token.best;
      if (mask & TAGS_BIT && token.best > tags[i]!) tags[i] = token.best;
      if (mask & BODY_BIT) body[i]! += (mask >>> POSTING.groupBits) * token.sum;
    });
  }
  // Slots sort as numbers (no comparator); each one's entry is found again through `index`.
  const sorted = Int32Array.from(slots).sort();
  const out = { slots: sorted, best: new Float64Array(sorted.length), title: new Float64Array(sorted.length), tags: new Float64Array(sorted.length), body: new Float64Array(sorted.length) };
  for (let k = 0; k < sorted.length; k++) {
    const i = index[sorted[k]! - segment.start]!;
    out.best[k] = best[i]!;
    out.title[k] = title[i]!;
    out.tags[k] = tags[i]!;
    out.body[k] = body[i]!;
  }
  return out;
}

/** The segment's tokens that contain `term`, with the best and summed quality of its occurrences in each, best first. */
function tokensContaining(segment: Segment, term: string): TokenMatch[] {
  if (term.length < 2) return [];
  const lists: ArrayLike<number>[] = [];
  for (let i = 0; i + 1 < term.length; i++) {
    const ids = segment.bigramTokens(bigramAt(term, i));
    if (ids === undefined) return [];
    lists.push(ids);
  }
  lists.sort((a, b) => a.length - b.length);
  const cjk = isCjkTerm(term);
  const out: TokenMatch[] = [];
  // A two-character term's list is exactly its tokens; a longer one's two rarest bigrams narrow the
  // candidates, and finding the term in each makes the answer exact.
  const candidates = term.length === 2 ? lists[0]! : lists.length > 1 ? intersectSorted(lists[0]!, lists[1]!) : lists[0]!;
  for (let k = 0; k < candidates.length; k++) {
    const id = candidates[k]!;
    const { best, sum } = occurrences(segment.tokenText(id), term, cjk);
    if (best > 0) out.push({ id, best, sum });
  }
  return out.sort(byQuality);
}
