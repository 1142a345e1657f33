import type { Paper } from '../../shared/papers/paper.schema';
import type { KeywordFilters } from './keyword-index.port';
import { normalizeText } from '../../shared/text/normalize';
import { nameMatches } from '../../shared/text/person-name';
import { topicTerms } from '../../shared/text/question-words';

/**
 * The relevance model of keyword mode (DESIGN §4a). Which papers match, and `total`, are the spec's:
 * the AND of substring matches. This file orders them; the embedded engine implements it exactly,
 * the reference search of the tests restates it paper by paper, and Elasticsearch approximates it
 * (see `elasticsearch-query.ts`). For each query term t and matching paper p:
 *
 *   score(t, p) = idf(t) · ( 5·sat(Q_title, title length) + 2·sat(Q_tags) + 1·sat(F_body, body length) )
 *
 * - idf(t) = ln(1 + (N − n + 0.5) / (n + 0.5)): N live papers, n the papers holding t counted by
 *   the quality of their best match — rare words weigh more, and `cr` (caloric restriction) is rare
 *   as a word even though *increase* holds it.
 * - Quality of a match (`matchQuality`): 1 for a whole word; a match that is only part of a longer
 *   word counts the square of the share of the word it covers, halved when it does not start the
 *   word (`ai` in *Hokkaido* ≈ 0.03, `emission` in *emissions* ≈ 0.79). Japanese and Chinese have no
 *   word boundaries in the text, so their matches count 1.
 * - Q_title, Q_tags: the best quality of t among the paper's title (title, title_ja, title_en) and
 *   tags (tags, topic) words; F_body: the qualities of t's occurrences in abstract and summaries, summed.
 * - sat(x, len) = x·(k1+1) / (x + k1·(1 − b + b·len/avglen)), BM25's saturation and length
 *   normalisation (k1 1.2, b 0.75), over the title's words and the body's; tags are not normalised
 *   (b 0). A title's length is that of its values in the term's script (a Japanese term: its
 *   Japanese or Chinese titles; any other: the others; the mean of the distinct values). A whole-word match in a title
 *   of average length counts 1, more in a shorter one: two remembered words are likelier to come
 *   from a short title holding them than from a long one. So one title match (≈5) outweighs any
 *   number of body matches (at most 2.2), and a tag match one in the body. A title counts 5, as in
 *   ranked retrieval (`RANKED_FIELD_WEIGHTS`): measured on known items, 5 finds the paper first more
 *   often than 3 (docs/performance.md#relevance).
 * - Lengths count words; a run of Japanese or Chinese, which has no spaces, counts a word per two characters.
 *
 * A paper's score is the sum over the terms; then the best `PROXIMITY.window` papers get a bonus for
 * consecutive query terms that occur adjacent or close in one field value, in order or (a little
 * less) reversed (`proximityBonus`), and are reordered. Ties: year descending (missing last), then id.
 *
 * The terms that frame a question (`how`, `does`, `について`: `topicTerms` of the question rule,
 * `shared/text/question-words.ts`) must match like the others but are not scored: neither their
 * score nor their proximity counts (`rankedTerms`), so a question orders its matches as its bare
 * keywords would.
 */
export const FIELD_GROUPS = {
  title: { boost: 5, fields: ['title', 'title_ja', 'title_en'] },
  tags: { boost: 2, fields: ['tags', 'topic'] },
  body: { boost: 1, fields: ['abstract', 'ai_summary_en', 'ai_summary_ja'] },
} as const satisfies Record<string, { boost: number; fields: readonly (keyof Paper)[] }>;

export type FieldGroup = keyof typeof FIELD_GROUPS;

/** A keyword query's terms as the order sees them: those scored, and those that only have to match (see the model above). */
export function rankedTerms(terms: readonly string[]): { scored: string[]; matchedOnly: string[] } {
  const weighs = topicTerms(terms);
  return { scored: terms.filter((_, i) => weighs[i]), matchedOnly: terms.filter((_, i) => !weighs[i]) };
}
export const FIELD_GROUP_NAMES = Object.keys(FIELD_GROUPS) as FieldGroup[];

export const SATURATION = { k1: 1.2, b: 0.75 } as const;
/** A part of a word that does not start it counts half as much as one that does. */
const INSIDE_WORD = 0.5;
/**
 * The proximity rescoring: the best `window` papers by score; terms up to `maxGap` words apart
 * count, `1 / (1 + gap)` of `weight · mean idf · group boost`, and `reversed` of that in the reverse
 * order. Measured on known items asked by two title words in either order (docs/performance.md#relevance):
 * counting the reverse order lifts found-first from 68 % to 71 %, a weight of 1 (with a title of 5) to 72 %.
 */
export const PROXIMITY = { window: 50, maxGap: 10, weight: 1, reversed: 0.9 } as const;

/** The normalised searchable values of a paper, one array per field group (one entry per field value). */
export type SearchText = Record<FieldGroup, string[]>;

export function searchTextOf(paper: Paper): SearchText {
  const out = { title: [], tags: [], body: [] } as SearchText;
  for (const group of FIELD_GROUP_NAMES) {
    for (const field of FIELD_GROUPS[group].fields) {
      const value = paper[field];
      const values = Array.isArray(value) ? value : value == null ? [] : [String(value)];
      for (const v of values) if (v.length > 0) out[group].push(normalizeText(v));
    }
  }
  return out;
}

// Built at run time so that no transpiler rewrites the `\p{…}` classes into huge explicit ranges.
const WORD_CHAR = new RegExp('[\\p{L}\\p{N}\\p{M}]', 'u');
const CJK = new RegExp('[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]', 'u');
const WHITE_SPACE = new RegExp('\\s+', 'u');
/** What a UTF-16 code unit is, once asked (0: not yet): the regular expressions run once per distinct character. */
const CHAR_KIND = new Uint8Array(0x10000);
const [OTHER, WORD, CJK_WORD] = [1, 2, 3] as const;

function kindOf(code: number): number {
  if (code > 0xffff) {
    const c = String.fromCodePoint(code);
    return WORD_CHAR.test(c) ? (CJK.test(c) ? CJK_WORD : WORD) : OTHER;
  }
  let kind = CHAR_KIND[code]!;
  if (kind === 0) {
    const c = String.fromCharCode(code);
    kind = CHAR_KIND[code] = WORD_CHAR.test(c) ? (code >= 0x3005 && CJK.test(c) ? CJK_WORD : WORD) : OTHER;
  }
  return kind;
}

/** A letter, digit or mark; ASCII is decided by its code (the hot case), the rest by the Unicode classes. */
function isWordChar(c: string | undefined): boolean {
  return c !== undefined && isWordCode(c.charCodeAt(0));
}

/** `isWordChar` of one UTF-16 code unit (a lone surrogate is not a word character). */
export function isWordCode(code: number): boolean {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
  return kindOf(code) !== OTHER;
}

/** Whether a term is matched without word boundaries (it holds Japanese or Chinese). */
export function isCjkTerm(term: string): boolean {
  // Han and kana all lie at U+3005 or above: most text is ruled out without the regular expression.
  for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) >= 0x3005) return CJK.test(term);
  return false;
}

/** The quality of the occurrence of `term` at `at` in normalised `text` (see the model above). */
export function matchQuality(text: string, term: string, at: number, cjk = isCjkTerm(term)): number {
  if (cjk) return 1;
  const end = at + term.length;
  // A term's own edge that is not a letter or digit (`co2,`) is a boundary whatever the text holds there.
  const opensWord = !isWordChar(term[0]) || !isWordChar(text[at - 1]);
  const closesWord = !isWordChar(term[term.length - 1]) || !isWordChar(text[end]);
  if (opensWord && closesWord) return 1;
  let from = at;
  while (from > 0 && isWordChar(text[from - 1])) from--;
  let to = end;
  while (to < text.length && isWordChar(text[to])) to++;
  const cover = term.length / (to - from);
  return opensWord ? cover * cover : INSIDE_WORD * cover * cover;
}

/**
 * `matchQuality` read from UTF-16 code units, for a frozen segment's token texts without decoding
 * them: the text is `chars[from..to)`, the occurrence starts at `at` (an index of `chars`) and is
 * `length` units long; `opens` and `closes` say whether the term's first and last units are word
 * characters (`isWordCode`). The same steps as `matchQuality`, so the same number.
 */
export function matchQualityIn(chars: Uint16Array, from: number, to: number, at: number, length: number, opens: boolean, closes: boolean): number {
  const end = at + length;
  const opensWord = !opens || at === from || !isWordCode(chars[at - 1]!);
  const closesWord = !closes || end === to || !isWordCode(chars[end]!);
  if (opensWord && closesWord) return 1;
  let first = at;
  while (first > from && isWordCode(chars[first - 1]!)) first--;
  let last = end;
  while (last < to && isWordCode(chars[last]!)) last++;
  const cover = length / (last - first);
  return opensWord ? cover * cover : INSIDE_WORD * cover * cover;
}

/**
 * `matchQuality` of a term made of word characters only (`isWordCode`), from where the word around
 * its occurrence starts (`from`) and ends (`to`): it opens the word where the word starts, and so on.
 */
export function matchQualityInWord(at: number, length: number, from: number, to: number): number {
  const opensWord = at === from;
  const closesWord = at + length === to;
  if (opensWord && closesWord) return 1;
  const cover = length / (to - from);
  return opensWord ? cover * cover : INSIDE_WORD * cover * cover;
}

/** The best quality of `term` in `text` and how many times it occurs there (qualities summed); 0 when absent. */
export function occurrences(text: string, term: string, cjk = isCjkTerm(term)): { best: number; sum: number } {
  let best = 0;
  let sum = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const q = matchQuality(text, term, at, cjk);
    if (q > best) best = q;
    sum += q;
  }
  return { best, sum };
}

export const idf = (matching: number, papers: number) => Math.log(1 + (papers - matching + 0.5) / (matching + 0.5));

/** BM25's saturation of the evidence x in a field of `length` words where the mean is `mean` (b 0: no normalisation). */
export function saturate(x: number, length: number, mean: number, b: number = SATURATION.b): number {
  const { k1 } = SATURATION;
  return x === 0 ? 0 : (x * (k1 + 1)) / (x + k1 * (1 - b + (b * length) / (mean || 1)));
}

/** A paper's lengths in words, and the corpus means, that normalise its title and body matches. */
export interface FieldLengths {
  title: number;
  body: number;
}

/** One term's score in one paper, from its evidence there. */
export function termScore(termIdf: number, e: { title: number; tags: number; body: number }, length: FieldLengths, mean: FieldLengths): number {
  return evidenceScore(termIdf, e.title, e.tags, e.body, length.title, mean.title, length.body, mean.body);
}

/** `termScore` with its parts as numbers (the embedded engine's inner loop allocates nothing). */
export function evidenceScore(termIdf: number, title: number, tags: number, body: number, titleLength: number, meanTitle: number, bodyLength: number, meanBody: number): number {
  return termIdf * evidenceWeight(title, tags, body, titleLength, meanTitle, bodyLength, meanBody);
}

/** What `evidenceScore` multiplies the idf by: the field groups' saturated evidence, boosted and summed. */
export function evidenceWeight(title: number, tags: number, body: number, titleLength: number, meanTitle: number, bodyLength: number, meanBody: number): number {
  const g = FIELD_GROUPS;
  return g.title.boost * saturate(title, titleLength, meanTitle) + g.tags.boost * saturate(tags, 1, 1, 0) + g.body.boost * saturate(body, bodyLength, meanBody);
}

/** Words in one white-space-delimited token: 1, or one per two characters of Japanese or Chinese. */
export const tokenWords = (token: string) => (isCjkTerm(token) ? Math.ceil(token.length / 2) : 1);

/** Words in some values (a body), as the length normalisation counts them. */
export function wordCount(values: string[]): number {
  let n = 0;
  for (const v of values) for (const w of v.split(WHITE_SPACE)) if (w) n += tokenWords(w);
  return n;
}

/** A title's lengths, in each script: a Japanese term's match is weighed against the Japanese title, an English one's against the English title. */
export interface TitleLengths {
  /** Of the distinct values holding Japanese or Chinese, their mean length; 0 without any. */
  cjk: number;
  /** Of the other distinct values, the same. */
  other: number;
}

export function titleLengths(values: string[]): TitleLengths {
  const mean = (vs: string[]) => (vs.length ? wordCount(vs) / vs.length : 0);
  const distinct = [...new Set(values)];
  return { cjk: mean(distinct.filter(isCjkTerm)), other: mean(distinct.filter((v) => !isCjkTerm(v))) };
}

/** The title length a term's match is normalised by, and the corpus mean it is measured against: its script's, else the other's. */
export function titleLengthFor(lengths: TitleLengths, means: TitleLengths, cjkTerm: boolean): { length: number; mean: number } {
  const script = (cjkTerm ? lengths.cjk : !lengths.other) ? 'cjk' : 'other';
  return lengths[script] ? { length: lengths[script], mean: means[script] } : { length: 0, mean: 1 };
}

/**
 * The bonus for query terms that occur close together: for each pair of consecutive terms, the best
 * field value where the second follows the first within `PROXIMITY.maxGap` words, or the first the
 * second (counted `PROXIMITY.reversed` as much: a person does not always recall the order).
 */
export function proximityBonus(text: SearchText, terms: string[], idfs: number[]): number {
  let bonus = 0;
  for (let i = 0; i + 1 < terms.length; i++) {
    let best = 0;
    for (const group of FIELD_GROUP_NAMES) {
      const boost = FIELD_GROUPS[group].boost;
      for (const value of text[group]) {
        // Both terms must be in the value; found once here, not again by each order's walk.
        const atA = value.indexOf(terms[i]!);
        const atB = atA < 0 ? -1 : value.indexOf(terms[i + 1]!);
        if (atB < 0) continue;
        const gap = smallestGap(value, terms[i]!, terms[i + 1]!, atA);
        if (gap !== undefined) best = Math.max(best, boost / (1 + gap));
        // Adjacent in order already beats any reverse.
        if (gap === 0) continue;
        const reversed = smallestGap(value, terms[i + 1]!, terms[i]!, atB);
        if (reversed !== undefined) best = Math.max(best, (PROXIMITY.reversed * boost) / (1 + reversed));
      }
    }
    bonus += PROXIMITY.weight * best * ((idfs[i]! + idfs[i + 1]!) / 2);
  }
  return bonus;
}

/** Words between an occurrence of `a` (the first at `firstA`) and a later occurrence of `b` in `text`, the fewest; undefined beyond `maxGap`. */
function smallestGap(text: string, a: string, b: string, firstA = text.indexOf(a)): number | undefined {
  let best: number | undefined;
  for (let at = firstA; at >= 0 && best !== 0; at = text.indexOf(a, at + 1)) {
    const from = at + a.length;
    const next = text.indexOf(b, from);
    if (next < 0) break;
    const gap = wordsBetween(text, from, next, best === undefined ? PROXIMITY.maxGap + 1 : best);
    if (gap <= PROXIMITY.maxGap && (best === undefined || gap < best)) best = gap;
  }
  return best;
}

/**
 * Whole words in `text[from..to)` (two Japanese or Chinese characters count as one word), or
 * `enough` once there are that many: a gap that long no longer counts, so the rest is not walked.
 */
function wordsBetween(text: string, from: number, to: number, enough: number): number {
  let words = 0;
  let run = 0;
  let cjkRun = false;
  const runWords = () => (run === 0 ? 0 : cjkRun ? Math.ceil(run / 2) : 1);
  for (let i = from; i < to; ) {
    let code = text.codePointAt(i)!;
    // A pair cut by the end of the stretch is a lone surrogate in it.
    if (code > 0xffff && i + 1 >= to) code = text.charCodeAt(i);
    i += code > 0xffff ? 2 : 1;
    const kind = code < 0x80 ? ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ? WORD : OTHER) : kindOf(code);
    if (kind === OTHER) {
      words += runWords();
      run = 0;
    } else {
      const cjk = kind === CJK_WORD;
      if (run > 0 && cjk !== cjkRun) {
        words += runWords();
        run = 0;
      }
      cjkRun = cjk;
      run++;
    }
    // Words only grow as the stretch goes on.
    if (words + runWords() >= enough) return enough;
  }
  return words + runWords();
}

/** Tie order: year descending with missing years last, then id ascending (code-point order). */
export function compareTies(a: { year: number | null; id: string }, b: { year: number | null; id: string }): number {
  const ya = a.year ?? -Infinity;
  const yb = b.year ?? -Infinity;
  if (ya !== yb) return yb - ya;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether any filter is set (without one, every match passes). */
export const hasFilters = (f: KeywordFilters) =>
  f.topic !== undefined ||
  f.langs !== undefined ||
  f.shelf !== undefined ||
  (f.minDraftScore !== undefined && f.minDraftScore > 0) ||
  f.yearFrom !== undefined ||
  f.yearTo !== undefined ||
  f.venueType !== undefined ||
  f.addedSince !== undefined ||
  f.author !== undefined;

/** An `addedSince` bound as milliseconds since the epoch, the form `created_at` is compared in. */
export const instantMs = (iso: string | undefined | null): number => (iso ? Date.parse(iso) : Number.NaN);

/** The filters' meaning, for engines that filter in process and for reference computations. */
export function passesFilters(p: Paper, f: KeywordFilters): boolean {
  return (
    (f.topic === undefined || p.topic === f.topic) &&
    (f.langs === undefined || (p.lang !== null && f.langs.includes(p.lang))) &&
    (f.shelf === undefined || p.shelf === f.shelf) &&
    (f.minDraftScore === undefined || f.minDraftScore <= 0 || (p.draft_score !== null && p.draft_score >= f.minDraftScore)) &&
    (f.yearFrom === undefined || (p.year !== null && p.year >= f.yearFrom)) &&
    (f.yearTo === undefined || (p.year !== null && p.year <= f.yearTo)) &&
    (f.venueType === undefined || p.venue_type === f.venueType) &&
    // A record without created_at (NaN) fails any bound, like a missing year.
    (f.addedSince === undefined || instantMs(p.created_at) >= instantMs(f.addedSince)) &&
    (f.author === undefined || (p.authors ?? []).some((a) => nameMatches(a, f.author!)))
  );
}
