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
  const order = Int32Array.from(slots.keys()).sort((a, b) => slots[a]! - slots[b]!);
  const pick = (values: number[]) => Float64Array.from(order, (i) => values[i]!);
  return { slots: Int32Array.from(order, (i) => slots[i]!), best: pick(best), title: pick(title), tags: pick(tags), body: pick(body) };
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
  const check = (id: number, text: string) => out.push({ id, ...occurrences(text, term, cjk) });
  if (term.length === 2) {
    const ids = lists[0]!;
    for (let k = 0; k < ids.length; k++) check(ids[k]!, segment.tokenText(ids[k]!));
  } else {
    // The two rarest bigrams narrow the candidates; the substring check makes the answer exact.
    const candidates = lists.length > 1 ? intersectSorted(lists[0]!, lists[1]!) : Array.from(lists[0]!);
    for (const id of candidates) {
      const text = segment.tokenText(id);
      if (text.includes(term)) check(id, text);
    }
  }
  return out.sort(byQuality);
}
