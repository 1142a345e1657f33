import stem from 'wink-porter2-stemmer';
import { normalizeText } from './normalize';

/**
 * The analyzer of ranked (any-term) retrieval: the words a text is about, as index terms. It is
 * what Lucene's English and CJK analyzers do, so an Elasticsearch index can mirror it
 * (`infra/elasticsearch/papers-index.json`):
 *  - the shared text rule first (NFKC, case-folded: `ＣＯ２` is `co2`);
 *  - words are runs of letters and digits; anything else separates them;
 *  - Han, Hiragana and Katakana have no spaces, so a run of them becomes its overlapping character
 *    bigrams (`炭素税` → `炭素`, `素税`; a lone character stays a unigram): no dictionary, no missed
 *    two-character word;
 *  - other words lose Lucene's 33 English stop words and are reduced to their Porter2 (Snowball
 *    English) stem, so `emissions` finds `emission` and `pricing` finds `priced`.
 *
 * The substring matching of keyword mode (DESIGN §4) does not use it: it is for ranking questions.
 */
export function analyze(text: string): string[] {
  return analyzeNormalized(normalizeText(text));
}

/** `analyze` of text that already went through `normalizeText`. */
export function analyzeNormalized(normalized: string): string[] {
  const terms: string[] = [];
  forEachWord(normalized, (word, cjk) => termsOfWord(word, cjk, (term) => terms.push(term)));
  return terms;
}

/** The index terms of one word of `forEachWord` (none for a stop word). */
export function termsOfWord(word: string, cjk: boolean, visit: (term: string) => void): void {
  if (cjk) {
    if (word.length === 1) visit(word);
    for (let i = 0; i + 1 < word.length; i++) visit(word.slice(i, i + 2));
  } else if (!ENGLISH_STOP_WORDS.has(word)) {
    visit(stemOf(word));
  }
}

/** Lucene's default English stop words (`EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`, Elasticsearch's `_english_`). */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

// Built at run time so that no transpiler rewrites the `\p{…}` classes into huge explicit ranges.
const WORD = new RegExp('[\\p{L}\\p{N}\\p{M}]+', 'gu');
const CJK_RUN = new RegExp('[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\u30fc\\u3005]+', 'gu');

/**
 * Calls `visit` with each word of normalised text, in order, and whether it is a run of CJK
 * characters (a word mixing scripts, `co2排出`, is split where the script changes).
 */
export function forEachWord(normalized: string, visit: (word: string, cjk: boolean) => void): void {
  WORD.lastIndex = 0;
  for (let m = WORD.exec(normalized); m !== null; m = WORD.exec(normalized)) {
    const word = m[0];
    if (!mayHoldCjk(word)) {
      visit(word, false);
      continue;
    }
    let last = 0;
    CJK_RUN.lastIndex = 0;
    for (let run = CJK_RUN.exec(word); run !== null; run = CJK_RUN.exec(word)) {
      if (run.index > last) visit(word.slice(last, run.index), false);
      visit(run[0], true);
      last = run.index + run[0].length;
    }
    if (last < word.length) visit(last === 0 ? word : word.slice(last), false);
  }
}

/** Han, kana and the iteration marks all lie at U+3005 or above: most words are ruled out at a glance. */
function mayHoldCjk(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x3005) return true;
  return false;
}

/** Stems repeat across papers; remembering them makes indexing several times faster. */
const STEMS = new Map<string, string>();
const STEM_CACHE_SIZE = 200_000;

function stemOf(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    // Porter2 is for English letters; digits, other scripts and very short words stay as they are.
    stemmed = word.length > 2 && /^[a-z]+$/.test(word) ? stem(word) : word;
    if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear();
    STEMS.set(word, stemmed);
  }
  return stemmed;
}
