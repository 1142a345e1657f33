import { WORD_OCCURRENCE } from './bigram-occurrences';
import type { FrozenParts, FrozenSegment } from './frozen-segment';
import { isCjkTerm, isWordCode, matchQualityIn, matchQualityInWord } from './relevance';
import { BIGRAM_ENTRY, bigramAt } from './segment';
import type { TokenMatches } from './token-matches';

const { countMax, firstUnknown } = BIGRAM_ENTRY;
/** Lists beyond the two rarest that a term's plan takes to cover it; a longer term is compared unit by unit. */
const MAX_EXTRA = 2;

/** A term as the search of one segment reads it: its code units and how its matches are judged. */
interface Pattern {
  units: Uint16Array;
  cjk: boolean;
  /** Whether its first and last units are word characters (see `matchQualityIn`). */
  opens: boolean;
  closes: boolean;
}

/**
 * The bigram lists a term's search walks (indexes of `bigramKeys`), each with a place in the term
 * where its bigram is: the rarest first (its tokens are the candidates), then the next rarest, then
 * any more needed so that their places cover every unit of the term (`covered`): where each is at
 * its distance, the term is, with no text to compare.
 */
interface Plan {
  lists: number[];
  at: number[];
  covered: boolean;
}

/**
 * Fills `out` with the tokens of a frozen segment that hold `term` (see `TokenMatches`), read from
 * its typed arrays without decoding any token text; false when the segment has no occurrence table
 * (`bigramCounts`, `bigramFirst`: files written before it), and the caller decodes texts instead.
 *
 * - A two-character term is one bigram, so its list is exactly its tokens and the table says how
 *   often it occurs in each and where first. A Japanese or Chinese term's every match counts 1, so
 *   that is all it needs.
 * - A longer term's candidates hold the bigrams of its plan (`Plan`). Where each occurs once in a
 *   token and at the term's distances, the term is there (and is not where one is elsewhere); when
 *   the plan does not cover the term, it is compared there unit by unit.
 * - Otherwise (a bigram repeated in the token, or first beyond the table's reach) the rarest
 *   bigram's occurrences are visited, from its first to its last when their number is known.
 * - A term of Latin letters, digits and the like is judged by the word around each occurrence: the
 *   table keeps every occurrence of such bigrams with its word's bounds (`wordOccurrences`), so a
 *   short one (`gx`, `co2`: inside a hundred thousand Japanese sentences) reads no text either.
 */
export function frozenTokenMatches(segment: FrozenSegment, term: string, out: TokenMatches): boolean {
  const parts = segment.parts;
  const { bigramStarts, bigramTokens, bigramCounts: counts, bigramFirst: firsts } = parts;
  if (!counts || !firsts) return false;
  out.reset(0);
  const plan = planOf(segment, term);
  if (!plan) return true;
  const lists = Int32Array.from(plan.lists);
  const at = Int32Array.from(plan.at);
  const covered = plan.covered;
  const length = term.length;
  const units = Uint16Array.from({ length }, (_, i) => term.charCodeAt(i));
  const pattern: Pattern = { units, cjk: isCjkTerm(term), opens: isWordCode(units[0]!), closes: isWordCode(units[length - 1]!) };
  const words = covered && !pattern.cjk && units.every(isWordCode) && lists.every((k) => hasWordEntries(parts, k));
  const a = lists[0]!;
  const aAt = at[0]!;
  const aEnd = bigramStarts[a + 1]!;
  const aSize = aEnd - bigramStarts[a]!;
  // For each list: the entry of the current token, the others found in turn (lists are in token order).
  const entry = Int32Array.from(lists, (k) => bigramStarts[k]!);
  const end = Int32Array.from(lists, (k) => bigramStarts[k + 1]!);
  const gallop = Uint8Array.from(lists, (k) => (bigramStarts[k + 1]! - bigramStarts[k]! > aSize * 8 ? 1 : 0));
  out.reset(aSize);
  candidates: for (let ea = bigramStarts[a]!; ea < aEnd; ea++) {
    entry[0] = ea;
    const token = bigramTokens[ea]!;
    const count = counts[ea]!;
    const first = firsts[ea]!;
    if (length === 2) {
      if (pattern.cjk && count < countMax) out.push(token, 1, count);
      else if (words && pushFromWords(out, parts, token, lists, at, entry, length)) continue;
      else if (count === 1 && first !== firstUnknown) pushAt(out, parts, token, first, pattern);
      else pushScanned(out, parts, token, first, count, 0, pattern);
      continue;
    }
    for (let j = 1; j < lists.length; j++) {
      const e = seek(bigramTokens, entry[j]!, end[j]!, token, gallop[j]!);
      entry[j] = e;
      if (e === end[j]) break candidates;
      if (bigramTokens[e] !== token) continue candidates;
    }
    if (words && pushFromWords(out, parts, token, lists, at, entry, length)) continue;
    // Where the term can start: at the one place a bigram that occurs once puts it (one that occurs
    // once elsewhere than the term puts it rules the token out); else wherever the rarest is.
    let pinned = 0;
    let hasPin = false;
    let allOnce = true;
    for (let j = 0; j < lists.length; j++) {
      const e = entry[j]!;
      const place = firsts[e]! - at[j]!;
      if (counts[e] !== 1 || firsts[e] === firstUnknown) allOnce = false;
      else if (!hasPin) {
        hasPin = true;
        pinned = place;
      } else if (place !== pinned) continue candidates;
    }
    if (hasPin) {
      if (allOnce && covered && pattern.cjk) out.push(token, 1, 1);
      else if (pinned >= 0) pushAt(out, parts, token, pinned, pattern);
    } else {
      pushScanned(out, parts, token, first, count, aAt, pattern);
    }
  }
  return true;
}

/** The lists a term's search walks (see `Plan`); undefined when some bigram of it is in no token. */
function planOf(segment: FrozenSegment, term: string): Plan | undefined {
  if (term.length < 2) return undefined;
  const starts = segment.parts.bigramStarts;
  const size = (k: number) => starts[k + 1]! - starts[k]!;
  const all: number[] = [];
  for (let i = 0; i + 1 < term.length; i++) {
    const k = segment.bigramIndex(bigramAt(term, i));
    if (k < 0) return undefined;
    all.push(k);
  }
  // The rarest, then the next rarest (the first place of each size wins a tie).
  let a = 0;
  for (let i = 1; i < all.length; i++) if (size(all[i]!) < size(all[a]!)) a = i;
  let b = -1;
  for (let i = 0; i < all.length; i++) if (i !== a && (b < 0 || size(all[i]!) < size(all[b]!))) b = i;
  if (b < 0) return { lists: [all[a]!], at: [a], covered: true };
  const at = [a, b];
  // More places, leftmost uncovered unit first, until every unit is covered.
  for (let u = 0; u < term.length; u++) {
    if (at.some((i) => u === i || u === i + 1)) continue;
    at.push(Math.min(u, term.length - 2));
  }
  const covered = at.length - 2 <= MAX_EXTRA;
  const places = covered ? at : [a, b];
  return { lists: places.map((i) => all[i]!), at: places, covered };
}

/** The first entry from `from` on (before `end`) whose token is at least `token`: by binary search in a much longer list. */
function seek(tokens: Uint32Array, from: number, end: number, token: number, gallop: number): number {
  let e = from;
  if (gallop) {
    let hi = end;
    while (e < hi) {
      const mid = (e + hi) >>> 1;
      if (tokens[mid]! < token) e = mid + 1;
      else hi = mid;
    }
  } else {
    while (e < end && tokens[e]! < token) e++;
  }
  return e;
}

/** Whether every entry of list k has its place in the word occurrence table. */
function hasWordEntries(parts: FrozenParts, k: number): boolean {
  const { wordLists, wordEntries, wordOccurrences, bigramStarts } = parts;
  return !!wordLists && !!wordEntries && !!wordOccurrences && wordLists[k + 1]! - wordLists[k]! === bigramStarts[k + 1]! - bigramStarts[k]!;
}

/**
 * The token, if it holds the term (a term of word characters, covered by the bigrams of its plan),
 * from the word occurrence table: the term is where each of them is at its distance, and its
 * quality comes from the word around it. `entries` are the token's entries in `lists`. False when
 * the table kept no occurrences for an entry (a long token, a saturated count): the text is read instead.
 */
function pushFromWords(out: TokenMatches, parts: FrozenParts, token: number, lists: Int32Array, at: Int32Array, entries: Int32Array, length: number): boolean {
  const { bigramStarts } = parts;
  const wordLists = parts.wordLists!;
  const starts = parts.wordEntries!;
  const occurrences = parts.wordOccurrences!;
  const n = lists.length;
  const { next, last } = wordScratch;
  for (let j = 0; j < n; j++) {
    const k = lists[j]!;
    const w = wordLists[k]! + entries[j]! - bigramStarts[k]!;
    next[j] = starts[w]!;
    last[j] = starts[w + 1]!;
    if (next[j] === last[j]) return false;
  }
  const aAt = at[0]!;
  const bAt = n > 1 ? at[1]! : 0;
  const bLast = n > 1 ? last[1]! : 0;
  let b = n > 1 ? next[1]! : 0;
  let best = 0;
  let sum = 0;
  for (let i = next[0]!, aLast = last[0]!; i < aLast; i++) {
    const o = i * WORD_OCCURRENCE;
    const start = occurrences[o]! - aAt;
    if (n > 1) {
      // The second list inline (most terms have two), the others through `occursAt`.
      const want = start + bAt;
      while (b < bLast && occurrences[b * WORD_OCCURRENCE]! < want) b++;
      if (b === bLast) break;
      if (occurrences[b * WORD_OCCURRENCE] !== want) continue;
      const found = n === 2 || everyOccursAt(occurrences, n, start, at);
      if (found === undefined) break;
      if (!found) continue;
    }
    const q = matchQualityInWord(start, length, occurrences[o + 1]!, occurrences[o + 2]!);
    if (q > best) best = q;
    sum += q;
  }
  if (best > 0) out.push(token, best, sum);
  return true;
}

/** Where `pushFromWords` stands in each list's occurrences, and where they end (one computation at a time). */
const wordScratch = { next: new Int32Array(MAX_EXTRA + 2), last: new Int32Array(MAX_EXTRA + 2) };

/** Whether list j's bigram occurs at `want` (its occurrences ascending, walked on from where they stand); undefined once they are all behind. */
function occursAt(occurrences: Uint16Array, j: number, want: number): boolean | undefined {
  const { next, last } = wordScratch;
  let k = next[j]!;
  while (k < last[j]! && occurrences[k * WORD_OCCURRENCE]! < want) k++;
  next[j] = k;
  return k === last[j] ? undefined : occurrences[k * WORD_OCCURRENCE] === want;
}

function everyOccursAt(occurrences: Uint16Array, n: number, start: number, at: Int32Array): boolean | undefined {
  for (let j = 2; j < n; j++) {
    const found = occursAt(occurrences, j, start + at[j]!);
    if (found !== true) return found;
  }
  return true;
}

/** The token, if the term starts `start` units into it: its one possible occurrence. */
function pushAt(out: TokenMatches, parts: FrozenParts, token: number, start: number, p: Pattern): void {
  const from = parts.tokenStarts[token]!;
  const to = parts.tokenStarts[token + 1]!;
  const at = from + start;
  if (at + p.units.length > to || !holdsAt(parts.tokenChars, at, p.units)) return;
  const q = p.cjk ? 1 : matchQualityIn(parts.tokenChars, from, to, at, p.units.length, p.opens, p.closes);
  if (q > 0) out.push(token, q, q);
}

/**
 * The token, if it holds the term: found through the occurrences of the bigram at `aAt` in the
 * term, `count` of them (or more, at `countMax`) from `first` units into the token on.
 */
function pushScanned(out: TokenMatches, parts: FrozenParts, token: number, first: number, count: number, aAt: number, p: Pattern): void {
  const chars = parts.tokenChars;
  const from = parts.tokenStarts[token]!;
  const to = parts.tokenStarts[token + 1]!;
  const units = p.units;
  const a0 = units[aAt]!;
  const a1 = units[aAt + 1]!;
  let left = count < countMax ? count : 0x7fffffff;
  let best = 0;
  let sum = 0;
  for (let at = from + first; left > 0 && at + 1 < to; at++) {
    if (chars[at] !== a0 || chars[at + 1] !== a1) continue;
    left--;
    const start = at - aAt;
    if (start < from || start + units.length > to || !holdsAt(chars, start, units)) continue;
    const q = p.cjk ? 1 : matchQualityIn(chars, from, to, start, units.length, p.opens, p.closes);
    if (q > best) best = q;
    sum += q;
  }
  if (best > 0) out.push(token, best, sum);
}

function holdsAt(chars: Uint16Array, at: number, units: Uint16Array): boolean {
  for (let i = 0; i < units.length; i++) if (chars[at + i] !== units[i]) return false;
  return true;
}
