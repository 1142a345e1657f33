/**
 * The tokeniser of the benchmark's BM25 baseline, written here and not taken from the product so
 * that the baseline is a fixed, textbook reference whatever the product's matching becomes.
 */

/** Lucene's English stop words (EnglishAnalyzer's default set), the usual BM25 baseline list. */
export const LUCENE_ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not',
  'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was',
  'will', 'with',
]);

export const TOKENISER_DESCRIPTION =
  'NFKC + lower-case; split on anything that is not a letter or digit; no stemming; ' +
  `Lucene's ${LUCENE_ENGLISH_STOP_WORDS.size} English stop words removed; runs of Han, Hiragana and Katakana characters (Unicode Script_Extensions, so ー counts) ` +
  'indexed as overlapping character bigrams (a lone character as itself)';

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;
const CJK_OR_NOT = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+|[^\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+/gu;
const CJK_RUN = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;

/** The tokens BM25 indexes and searches for `text`, in text order (repeats kept: they are term frequency). */
export function bm25Tokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.normalize('NFKC').toLowerCase().split(NOT_LETTER_OR_DIGIT)) {
    if (word === '') continue;
    // A word may mix scripts (`co2排出量`): its Latin/digit part is one token, its CJK run bigrams.
    for (const run of word.match(CJK_OR_NOT) ?? []) {
      if (!CJK_RUN.test(run)) {
        if (!LUCENE_ENGLISH_STOP_WORDS.has(run)) tokens.push(run);
        continue;
      }
      const chars = [...run];
      if (chars.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
    }
  }
  return tokens;
}
