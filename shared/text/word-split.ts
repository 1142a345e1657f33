import { codePointLength, normalizeText, splitTerms } from './normalize';

/**
 * Splits the unspaced Japanese and Chinese terms of a keyword query into words, for the suggestion a
 * search makes when such a query finds nothing (`炭素税の効果` → `炭素税 効果`). Keyword matching is an
 * AND of substrings per white-space-separated term (DESIGN §4), so a phrase typed without spaces must
 * appear verbatim; the same words as separate terms find the papers that hold them.
 *
 * Words come from ICU's dictionary word segmenter (`Intl.Segmenter`, granularity `word`, `ja` for a
 * term with kana, else `zh`), then:
 *  - a stretch of other text inside a term (`CO2`, `GX-ETS`) stays whole, without outer punctuation;
 *  - punctuation, and words that would make the AND fail without saying anything, are dropped and
 *    separate words: one hiragana character (the particles の, を, に, は, と, …); hiragana function
 *    words of `JA_FUNCTION_WORDS` (について, における, として, など, される, …); a segment that starts
 *    with hiragana and goes on in kanji, a particle glued to a verb (に関する, を通じて); the function
 *    kanji and Chinese function characters standing alone (等, 的, 与, 在, 对, …). Other hiragana
 *    words stay (ごみ, まちづくり): dropping a content word would suggest a broader query than asked;
 *  - adjacent kana segments of one script are one word again: ICU cuts loanwords it does not know
 *    (`カーボンプライシング` → カーボン|プ|ライ|シン|グ), and a run of katakana is nearly always one word;
 *  - a one-character segment joins the word before it (炭素|税 → 炭素税, 排出|量 → 排出量, 2030|年),
 *    or, first in its run, the word after it (脱|炭素 → 脱炭素); several in a row with no longer
 *    neighbour are one word (碳|中|和 → 碳中和). ICU cuts compounds finer than people search for them,
 *    and a one-character term is refused anyway.
 * Every word is a substring of the query's text, so a paper holding the phrase as typed still matches.
 */

/** The limits a suggested query keeps: those of the door's keyword search. */
export interface SplitLimits {
  maxTerms: number;
  minTermChars: number;
  maxChars: number;
}

export interface SplitQuery {
  /** The suggested query, terms separated by one space, as the client wrote them (NFKC, case kept). */
  q: string;
  /** The query's terms that were split, as written. */
  split: string[];
}

// Built at run time so that no transpiler rewrites the `\p{…}` classes into huge explicit ranges.
const CJK_CLASS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\u30fc\\u3005';
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
/** A term worth splitting holds a run of at least two Han, hiragana or katakana characters. */
const CJK_RUN_OF_TWO = new RegExp(`[${CJK_CLASS}]{2}`, 'u');
const HAS_KANA = new RegExp('[\\p{sc=Hiragana}\\p{sc=Katakana}]', 'u');
const HAS_HIRAGANA = new RegExp('\\p{sc=Hiragana}', 'u');
const HIRAGANA_FIRST = new RegExp('^\\p{sc=Hiragana}', 'u');
const HIRAGANA_ONLY = new RegExp('^\\p{sc=Hiragana}+$', 'u');
const KATAKANA_ONLY = new RegExp('^[\\p{sc=Katakana}\\u30fc]+$', 'u');
/** Leading punctuation, the text, trailing punctuation of a stretch that is not CJK. */
const TRIM = new RegExp('^([^\\p{L}\\p{N}]*)(.*?)([^\\p{L}\\p{N}\\p{M}]*)$', 'su');
/** Any white space separates terms, as in `splitTerms`. */
const WHITE_SPACE = /\s+/u;

/**
 * Japanese function words written in hiragana, as ICU segments them: compound particles, conjunctions,
 * demonstratives, auxiliaries and the pieces of verb endings. Not a dictionary: a word missing here
 * stays in the suggestion, which then most likely finds nothing and is not made.
 */
const JA_FUNCTION_WORDS = new Set(
  ('について において における による により によって として とした としての とともに にとって ため など および または ならびに かつ ' +
    'から まで より ほど だけ のみ でも では には とは との への での こと よう ような ように その この これ それ あの どの ' +
    'これら それら これまで これから いわゆる なぜ どう いる ある あり あっ いう する した して しな され される された させる ' +
    'られる れる ない なく なし なら なり なる なっ てい でき できる しかし また さらに ただし すなわち つまり').split(' '),
);
/** Kanji that stand alone as function words in Japanese: 等 (など), 及 (及び), 又 (又は), 並 (並びに), 於 (に於ける). */
const JA_FUNCTION_CHARS = new Set([...'等及又並於']);
/** Chinese function characters that stand alone between words: particles, prepositions, conjunctions. */
const ZH_FUNCTION_CHARS = new Set([...'的了与及或在对是为于之而并等其从把被向将也']);

export type Lang = 'ja' | 'zh';
const SEGMENTERS: Record<Lang, Intl.Segmenter> = {
  ja: new Intl.Segmenter('ja', { granularity: 'word' }),
  zh: new Intl.Segmenter('zh', { granularity: 'word' }),
};

/** A word between separators; `kana` when it is written in one kana script only. */
interface Piece {
  text: string;
  kana?: 'hiragana' | 'katakana';
}
/** A dropped particle or punctuation: words never join across it. */
const BREAK = null;
type Part = Piece | typeof BREAK;

/** True when the term holds an unspaced Japanese or Chinese run that splitting may turn into words. */
export function isUnspacedCjk(term: string): boolean {
  return CJK_RUN_OF_TWO.test(term);
}

/** The words of one term without white space, in order (see the rules above); words of one character included. */
export function wordsOfTerm(term: string): string[] {
  const lang: Lang = HAS_KANA.test(term) ? 'ja' : 'zh';
  const parts: Part[] = [];
  for (const { text, cjk } of stretches(term.normalize('NFKC'))) {
    if (cjk) parts.push(...segmentParts(text, lang));
    else parts.push(...otherParts(text));
  }
  return joinSingles(joinKana(parts));
}

/**
 * The query with its unspaced Japanese and Chinese terms split into words, within `limits`; its other
 * terms kept as written. Undefined when no term splits, when the result is the query itself, or when
 * nothing is left. More words than `maxTerms`: the query's other terms are kept, then words without
 * hiragana (nouns: kanji compounds, loanwords; 与える, 取り組み come after), longest first (longer words
 * are more specific), then the earlier; they stay in the query's order. A term that another term holds is
 * left out, as the AND of substrings does not need it (炭素 beside 炭素税).
 */
export function splitQuery(query: string, limits: SplitLimits): SplitQuery | undefined {
  const split: string[] = [];
  const words: { text: string; key: string; kept: boolean; inflected: boolean; at: number }[] = [];
  for (const term of query.normalize('NFKC').split(WHITE_SPACE).filter((t) => t.length > 0)) {
    const parts = isUnspacedCjk(term) ? wordsOfTerm(term) : [term];
    const kept = parts.length === 1 && parts[0] === term;
    if (!kept) split.push(term);
    for (const text of parts) {
      if (!kept && codePointLength(text) < limits.minTermChars) continue;
      words.push({ text, key: normalizeText(text), kept, inflected: HAS_HIRAGANA.test(text), at: words.length });
    }
  }
  if (split.length === 0) return undefined;
  const needed = words.filter((w, i) => !words.some((o, j) => j !== i && o.key.includes(w.key) && (o.key !== w.key || j < i)));
  const chosen =
    needed.length <= limits.maxTerms
      ? needed
      : [...needed]
          .sort((a, b) => Number(b.kept) - Number(a.kept) || Number(a.inflected) - Number(b.inflected) || codePointLength(b.text) - codePointLength(a.text) || a.at - b.at)
          .slice(0, limits.maxTerms)
          .sort((a, b) => a.at - b.at);
  const q = chosen.map((w) => w.text).join(' ');
  if (chosen.length === 0 || codePointLength(q) > limits.maxChars) return undefined;
  if (splitTerms(q).join(' ') === splitTerms(query).join(' ')) return undefined;
  return { q, split };
}

/** The runs of CJK and of other characters of a term. */
function* stretches(term: string): Generator<{ text: string; cjk: boolean }> {
  let text = '';
  let cjk = false;
  for (const char of term) {
    const isCjk = CJK_CHAR.test(char);
    if (text && isCjk !== cjk) {
      yield { text, cjk };
      text = '';
    }
    text += char;
    cjk = isCjk;
  }
  if (text) yield { text, cjk };
}

/** A stretch of Latin letters, digits or symbols: one word without its outer punctuation. */
function otherParts(text: string): Part[] {
  const [, before = '', core = '', after = ''] = TRIM.exec(text) ?? [];
  return [...(before ? [BREAK] : []), ...(core ? [{ text: core }] : []), ...(after ? [BREAK] : [])];
}

function segmentParts(text: string, lang: Lang): Part[] {
  const parts: Part[] = [];
  for (const { segment, isWordLike } of SEGMENTERS[lang].segment(text)) {
    if (!isWordLike || isFunctionWord(segment, lang)) parts.push(BREAK);
    else parts.push({ text: segment, kana: HIRAGANA_ONLY.test(segment) ? 'hiragana' : KATAKANA_ONLY.test(segment) ? 'katakana' : undefined });
  }
  return parts;
}

/**
 * Whether a segment of ICU's word segmenter is a function word that carries no subject (see the rules
 * above): a particle, a hiragana function word, a particle glued to a verb, a function character.
 */
export function isFunctionWord(segment: string, lang: Lang): boolean {
  if (lang === 'zh') return ZH_FUNCTION_CHARS.has(segment);
  if (JA_FUNCTION_CHARS.has(segment)) return true;
  if (!HIRAGANA_FIRST.test(segment)) return false;
  return codePointLength(segment) === 1 || !HIRAGANA_ONLY.test(segment) || JA_FUNCTION_WORDS.has(segment);
}

function joinKana(parts: Part[]): Part[] {
  const joined: Part[] = [];
  for (const part of parts) {
    const last = joined[joined.length - 1];
    if (part?.kana && last?.kana === part.kana) joined[joined.length - 1] = { text: last.text + part.text, kana: part.kana };
    else joined.push(part);
  }
  return joined;
}

/** One-character pieces join a neighbour of their run (between two BREAKs): the one before, else the one after. */
function joinSingles(parts: Part[]): string[] {
  const words: string[] = [];
  let run: string[] = [];
  /** One-character pieces at the start of a run, waiting for a word to lead. */
  let leading = '';
  const endRun = () => {
    if (leading) run.push(leading);
    words.push(...run);
    run = [];
    leading = '';
  };
  for (const part of parts) {
    if (part === BREAK) {
      endRun();
    } else if (codePointLength(part.text) > 1) {
      // A lone prefix leads the word (脱炭素); a longer run of single characters is a word of its own.
      if (codePointLength(leading) === 1) run.push(leading + part.text);
      else run.push(...(leading ? [leading] : []), part.text);
      leading = '';
    } else if (run.length > 0) {
      run[run.length - 1] += part.text;
    } else {
      leading += part.text;
    }
  }
  endRun();
  return words;
}
