import { byValueDescending } from './descending-order';
import { FrozenSegment } from './frozen-segment';
import { frozenTokenMatches } from './frozen-term-matches';
import { FIELD_GROUP_NAMES, isCjkTerm, occurrences } from './relevance';
import { POSTING, bigramAt, type Segment } from './segment';
import { intersectSorted } from './sorted-ids';
import { TokenMatches } from './token-matches';

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

/**
 * Scratch by slot − start, reused by every computation (they run synchronously, one at a time): the
 * evidence of each paper reached so far (`stamp` says which are), four numbers side by side (best,
 * title, tags, body: one cache line for a posting's update), the papers reached, in order, and for
 * `fixBodySums` how many body matches each paper got and what they were.
 */
let scratch = newScratch(0);
const matches = new TokenMatches();
const [BEST, TITLE, TAGS, BODY] = [0, 1, 2, 3] as const;
/** Matching tokens visited in quality order regardless (few tokens: their postings are long, the order costs nothing). */
const FEW_TOKENS = 4_096;

function newScratch(span: number) {
  return {
    stamp: new Int32Array(span),
    next: 0,
    evidence: new Float64Array(span * 4),
    reached: new Int32Array(span),
    reachedCount: 0,
    bodyMatches: new Int32Array(span),
    groupEnd: new Int32Array(span),
    group: new Int32Array(0),
    body: { locals: new Int32Array(0), tokens: new Int32Array(0), times: new Uint16Array(0), n: 0 },
  };
}

type Scratch = ReturnType<typeof newScratch>;

export function termEvidence(segment: Segment, term: string): TermEvidence {
  if (!(segment instanceof FrozenSegment && frozenTokenMatches(segment, term, matches))) tokensContaining(segment, term, matches);
  return evidenceOf(segment, matches);
}

/**
 * Visits the matching tokens' postings. The model counts a paper's best match, its best in the title
 * and in the tags (maxima: any order gives them) and its body qualities summed, and a sum of
 * fractions depends on its order in the last bits: it is the one of the tokens by quality
 * descending, then id. Few tokens are visited in that order. Many (a Latin term inside a hundred
 * thousand Japanese sentences) are visited in id order, which reads the postings in memory order,
 * and the papers whose body got three matches or more (two add up alike in either order) have their
 * sums done again in quality order (`fixBodySums`). A Japanese or Chinese term's matches all count
 * 1: id order is quality order.
 */
function evidenceOf(segment: Segment, m: TokenMatches): TermEvidence {
  const span = segment.end - segment.start;
  if (scratch.stamp.length < span) scratch = newScratch(span);
  if (scratch.next === 0x7fffffff) {
    scratch.stamp.fill(0);
    scratch.next = 0;
  }
  const stamp = ++scratch.next;
  const s = scratch;
  s.reachedCount = 0;
  s.body.n = 0;
  const ordered = inQualityOrder(m);
  const inIdOrder = !ordered && m.n > FEW_TOKENS;
  const order = ordered || inIdOrder ? undefined : byValueDescending(Int32Array.from({ length: m.n }, (_, i) => i), m.best);
  const frozen = segment instanceof FrozenSegment ? segment.parts : undefined;
  for (let k = 0; k < m.n; k++) {
    const i = order ? order[k]! : k;
    const token = m.ids[i]!;
    const tokenBest = m.best[i]!;
    const tokenSum = m.sum[i]!;
    if (frozen) {
      const { postingStarts, postingSlots, postingMasks } = frozen;
      for (let p = postingStarts[token]!, end = postingStarts[token + 1]!; p < end; p++) reach(s, stamp, postingSlots[p]!, postingMasks[p]!, tokenBest, tokenSum, inIdOrder ? i : -1);
    } else {
      segment.forEachPosting(token, (slot, mask) => reach(s, stamp, slot - segment.start, mask, tokenBest, tokenSum, inIdOrder ? i : -1));
    }
  }
  if (inIdOrder) fixBodySums(s, m);
  return collect(segment, s, stamp, span);
}

/** One posting of a matching token (`match`: its index in the matches, when its body match is to be kept). */
function reach(s: Scratch, stamp: number, local: number, mask: number, tokenBest: number, tokenSum: number, match: number): void {
  const e = s.evidence;
  const at = local * 4;
  if (s.stamp[local] !== stamp) {
    s.stamp[local] = stamp;
    s.reached[s.reachedCount++] = local;
    e[at + BEST] = tokenBest;
    e[at + TITLE] = 0;
    e[at + TAGS] = 0;
    e[at + BODY] = 0;
    s.bodyMatches[local] = 0;
  } else if (tokenBest > e[at + BEST]!) {
    e[at + BEST] = tokenBest;
  }
  if (mask & TITLE_BIT && tokenBest > e[at + TITLE]!) e[at + TITLE] = tokenBest;
  if (mask & TAGS_BIT && tokenBest > e[at + TAGS]!) e[at + TAGS] = tokenBest;
  if (mask & BODY_BIT) {
    e[at + BODY]! += (mask >>> POSTING.groupBits) * tokenSum;
    if (match >= 0) keepBodyMatch(s, local, match, mask >>> POSTING.groupBits);
  }
}

function keepBodyMatch(s: Scratch, local: number, match: number, times: number): void {
  s.bodyMatches[local]!++;
  let b = s.body;
  if (b.n === b.locals.length) {
    const size = Math.max(1024, b.n * 2);
    const grown = { locals: new Int32Array(size), tokens: new Int32Array(size), times: new Uint16Array(size), n: b.n };
    grown.locals.set(b.locals);
    grown.tokens.set(b.tokens);
    grown.times.set(b.times);
    b = s.body = grown;
  }
  b.locals[b.n] = local;
  b.tokens[b.n] = match;
  b.times[b.n++] = times;
}

/**
 * The body sums of the papers with three body matches or more, done again in quality order (see
 * `evidenceOf`): their matches grouped paper by paper (kept in the order they came: ids
 * ascending), each paper's few then put in quality order by insertion, which is stable.
 */
function fixBodySums(s: Scratch, m: TokenMatches): void {
  const b = s.body;
  const counts = s.bodyMatches;
  const groupEnd = s.groupEnd;
  let count = 0;
  for (let k = 0; k < s.reachedCount; k++) {
    const local = s.reached[k]!;
    if (counts[local]! < 3) continue;
    groupEnd[local] = count;
    count += counts[local]!;
  }
  if (count === 0) return;
  if (s.group.length < count) s.group = new Int32Array(Math.max(count, s.group.length * 2));
  const group = s.group;
  for (let k = 0; k < b.n; k++) {
    const local = b.locals[k]!;
    if (counts[local]! >= 3) group[groupEnd[local]!++] = k;
  }
  const e = s.evidence;
  for (let r = 0; r < s.reachedCount; r++) {
    const local = s.reached[r]!;
    if (counts[local]! < 3) continue;
    const to = groupEnd[local]!;
    const from = to - counts[local]!;
    for (let k = from + 1; k < to; k++) {
      const c = group[k]!;
      const q = m.best[b.tokens[c]!]!;
      let j = k - 1;
      for (; j >= from && m.best[b.tokens[group[j]!]!]! < q; j--) group[j + 1] = group[j]!;
      group[j + 1] = c;
    }
    let body = 0;
    for (let k = from; k < to; k++) body += b.times[group[k]!]! * m.sum[b.tokens[group[k]!]!]!;
    e[local * 4 + BODY] = body;
  }
}

/**
 * The evidence of the papers reached, slots ascending: as they were reached when that already is
 * their order, else a native sort of the few, or a pass over the stamps when they are many.
 */
function collect(segment: Segment, s: Scratch, stamp: number, span: number): TermEvidence {
  const n = s.reachedCount;
  let ascending = true;
  for (let k = 1; k < n && ascending; k++) if (s.reached[k]! < s.reached[k - 1]!) ascending = false;
  let locals: Int32Array;
  if (ascending) locals = s.reached;
  else if (n * 16 < span) locals = s.reached.slice(0, n).sort();
  else {
    locals = new Int32Array(n);
    for (let local = 0, k = 0; k < n; local++) if (s.stamp[local] === stamp) locals[k++] = local;
  }
  // One buffer for the five arrays (the doubles first, aligned): one allocation, not five.
  const buffer = new ArrayBuffer(n * 36);
  const out = {
    best: new Float64Array(buffer, 0, n),
    title: new Float64Array(buffer, n * 8, n),
    tags: new Float64Array(buffer, n * 16, n),
    body: new Float64Array(buffer, n * 24, n),
    slots: new Int32Array(buffer, n * 32, n),
  };
  const e = s.evidence;
  for (let k = 0; k < n; k++) {
    const local = locals[k]!;
    const at = local * 4;
    out.slots[k] = segment.start + local;
    out.best[k] = e[at + BEST]!;
    out.title[k] = e[at + TITLE]!;
    out.tags[k] = e[at + TAGS]!;
    out.body[k] = e[at + BODY]!;
  }
  return out;
}

/** Whether the matches (ids ascending) are in quality order already: a Japanese or Chinese term's every match counts 1. */
function inQualityOrder(m: TokenMatches): boolean {
  for (let i = 1; i < m.n; i++) if (m.best[i]! > m.best[i - 1]!) return false;
  return true;
}

/** The segment's tokens that contain `term`, found through their texts (the open segment's, or an old file's). */
function tokensContaining(segment: Segment, term: string, out: TokenMatches): void {
  out.reset(0);
  if (term.length < 2) return;
  const lists: ArrayLike<number>[] = [];
  for (let i = 0; i + 1 < term.length; i++) {
    const ids = segment.bigramTokens(bigramAt(term, i));
    if (ids === undefined) return;
    lists.push(ids);
  }
  lists.sort((a, b) => a.length - b.length);
  const cjk = isCjkTerm(term);
  // A two-character term's list is exactly its tokens; a longer one's two rarest bigrams narrow the
  // candidates, and finding the term in each makes the answer exact.
  const candidates = term.length === 2 ? lists[0]! : lists.length > 1 ? intersectSorted(lists[0]!, lists[1]!) : lists[0]!;
  out.reset(candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    const id = candidates[k]!;
    const { best, sum } = occurrences(segment.tokenText(id), term, cjk);
    if (best > 0) out.push(id, best, sum);
  }
}
