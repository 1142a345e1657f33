import type { Random } from '../../shared/random/seeded-random';
import { bm25Tokens, LUCENE_ENGLISH_STOP_WORDS } from './bm25-tokens';

/**
 * How the benchmark turns documents and claims into what a person would type. Every choice draws
 * from a seeded generator, so a run asks the same queries as the last one.
 */

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;
const LONG_WORD = /^\p{L}{4,}$/u;

const distinct = (items: string[]) => [...new Set(items)];

/**
 * Function words of ≥ 4 letters that Lucene's short list keeps (its words are 2–5 letters), left out
 * of remembered title words only: nobody recalls a paper as "evidence from" or "what based". BM25
 * itself keeps Lucene's list.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'about', 'above', 'across', 'after', 'against', 'along', 'also', 'among', 'amongst', 'around', 'been', 'before',
  'being', 'below', 'beneath', 'beside', 'between', 'beyond', 'both', 'could', 'does', 'despite', 'during', 'each',
  'from', 'have', 'more', 'most', 'onto', 'over', 'should', 'since', 'some', 'than', 'them', 'those', 'through',
  'throughout', 'toward', 'towards', 'under', 'unless', 'until', 'upon', 'very', 'versus', 'were', 'what', 'when',
  'where', 'whether', 'which', 'while', 'whose', 'within', 'without', 'would', 'your',
]);

/**
 * Words a person might remember from an English title: letters only, ≥ 4 of them, neither Lucene's
 * stop words nor the function words above, distinct, in title order.
 */
export function englishTitleWords(title: string): string[] {
  const words = title.normalize('NFKC').toLowerCase().split(NOT_LETTER_OR_DIGIT);
  return distinct(words.filter((w) => LONG_WORD.test(w) && !LUCENE_ENGLISH_STOP_WORDS.has(w) && !FUNCTION_WORDS.has(w)));
}

const japaneseWords = new Intl.Segmenter('ja', { granularity: 'word' });
/** A word of kanji and katakana only: hiragana words are particles and endings, Latin ones (GX, CO2) not Japanese. */
const CONTENT_WORD = /^[\p{scx=Han}\p{scx=Katakana}]+$/u;
const PHRASE_MAX_CHARS = 6;

/**
 * Phrases a person might type from a Japanese title, in title order: the segmenter's kanji/katakana
 * words, with neighbours that touch joined while the phrase stays ≤ 6 characters (the segmenter
 * splits compounds a person types whole: 石炭 + 火力 → 石炭火力, クライ + メート → クライメート);
 * phrases of ≥ 2 characters, distinct. A single word longer than 6 characters stays whole.
 */
export function japanesePhrases(titleJa: string): string[] {
  const phrases: string[] = [];
  let current = '';
  let currentEnd = -1;
  const flush = () => {
    if ([...current].length >= 2) phrases.push(current);
    current = '';
  };
  for (const { segment, index } of japaneseWords.segment(titleJa.normalize('NFKC'))) {
    if (!CONTENT_WORD.test(segment)) {
      flush();
      continue;
    }
    if (current !== '' && index === currentEnd && [...current + segment].length <= PHRASE_MAX_CHARS) current += segment;
    else {
      flush();
      current = segment;
    }
    currentEnd = index + segment.length;
  }
  flush();
  return distinct(phrases);
}

/** Two different candidates, chosen at random, in their original order, joined by a space; undefined with fewer than two. */
export function twoInOrder(candidates: readonly string[], rand: Random): string | undefined {
  const pair = twoAtRandom(candidates.length, rand);
  return pair && `${candidates[Math.min(...pair)]} ${candidates[Math.max(...pair)]}`;
}

/** The same two candidates as `twoInOrder` draws, in the order they were drawn: either order, evenly. */
export function twoInAnyOrder(candidates: readonly string[], rand: Random): string | undefined {
  const pair = twoAtRandom(candidates.length, rand);
  return pair && `${candidates[pair[0]]} ${candidates[pair[1]]}`;
}

/** Two different positions below n, at random (the first uniform, the second uniform among the rest). */
function twoAtRandom(n: number, rand: Random): [number, number] | undefined {
  if (n < 2) return undefined;
  const i = Math.floor(rand() * n);
  let j = Math.floor(rand() * (n - 1));
  if (j >= i) j++;
  return [i, j];
}

/** Up to `count` items drawn without replacement (a partial Fisher–Yates shuffle of a copy). */
export function sampleOf<T>(items: readonly T[], count: number, rand: Random): T[] {
  const pool = [...items];
  const k = Math.min(count, pool.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/**
 * A claim reduced to its `count` rarest words, by document frequency over the corpus (`df`): the
 * BM25 tokens of ≥ 2 characters (stop words are already gone) that occur in at least one document
 * (a word in none cannot identify anything), in claim order. Ties of frequency go to the earlier word.
 */
export function rarestWords(claim: string, df: (token: string) => number, count: number): string[] {
  const words = distinct(bm25Tokens(claim).filter((t) => [...t].length >= 2 && df(t) > 0));
  const rarest = new Set(
    words
      .map((w, position) => ({ w, position, df: df(w) }))
      .sort((a, b) => a.df - b.df || a.position - b.position)
      .slice(0, count)
      .map((x) => x.w),
  );
  return words.filter((w) => rarest.has(w));
}
