import { ENGLISH_STOP_WORDS } from './analyzer';
import { isFunctionWord, type Lang } from './word-split';

/**
 * The question rule of every ranking (DESIGN §4a: a question ranks like its bare keywords). People
 * ask "how does carbon pricing affect emissions in Japan?" or カーボンプライシングは日本の排出量に
 * どう影響するか; the words that frame such a question (`how`, `does`, `affect`, は, どう, 影響する
 * か) say nothing of the subject, yet a ranking counts them like any other word: `does` and `affect`
 * then lift every title shaped "Does X Affect Y?" above the paper on carbon pricing in Japan. So on
 * the query side only, and only for the order, such words lose their weight:
 *  - `topicText` is the query with them taken out, for ranked retrieval (hybrid mode's lexical side,
 *    on either engine) and for the text the embedder turns into the query's vector;
 *  - `topicTerms` says which terms of a keyword query weigh in its relevance order; the others still
 *    have to match (the AND of keyword mode and `total` are the spec's and do not change).
 * Nothing changes on the index side. When every word of a query is a question word ("what is it"),
 * nothing is taken out: the query is then its own subject.
 *
 * Two kinds of words, in two lists per language (docs/public-search.md#questions says which and why):
 *  - words that never name a subject, taken out of any query: English interrogatives and `does`,
 *    `did`, `please`; Japanese particles and function words (those the split suggestion drops,
 *    `word-split.ts`, and the polite endings ICU cuts into pieces: です, ますか, ください); Chinese
 *    function characters;
 *  - words that frame a question but can name a subject elsewhere (`effect` in "greenhouse effect",
 *    `study`, 影響 in 気候変動の影響), taken out only of a question: auxiliaries, pronouns, words that
 *    ask (`tell`, `explain`, 教えて), that point at the literature (`evidence`, `research`, 研究), that
 *    name a relation between the subjects (`affect`, `effect`, `impact`, `role`, `associated`, 影響,
 *    効果, 関係), and English stop words.
 * A query is a question when it ends with a question mark, opens with an English interrogative,
 * auxiliary or request (`how`, `does`, `is`, `can`, `tell`, …) or holds `whether`, or holds a
 * Japanese or Chinese question form (…か, どう, なぜ, 何, 教えて, ください, でしょう; 吗, 什么, 如何, …).
 * Letter case is not looked at (keyword mode's terms reach the engines case-folded), so words that
 * are also common names stay out of the lists: `who` (WHO), `us` (US).
 */

/** English words that never name a subject: interrogatives, and auxiliaries and requests with no other sense. */
const EN_ALWAYS: ReadonlySet<string> = new Set(words('how what why which whether whom whose where when does did please'));

/** English words that frame a question: taken out of a question only. */
const EN_IN_QUESTION: ReadonlySet<string> = new Set([
  ...ENGLISH_STOP_WORDS,
  // auxiliaries, and their contractions as words split them (doesn't → doesn); not the lone letters (vitamin D)
  ...words('do is are was were am be been being can could should would will shall may might must has have had doesn don isn aren didn wasn weren'),
  // pronouns and determiners
  ...words('i me my we our you your it its they them their there this that these those any anything some something someone anyone'),
  // asking
  ...words('tell explain describe know known want wonder show find give list search looking need help'),
  // pointing at the literature or at what is known
  ...words('research evidence study studies paper papers article articles literature publications findings say says said true false really actually fact case'),
  // a relation between the subjects
  ...words('affect affects affected affecting effect effects impact impacts influence influences influenced role roles relationship relationships relation relations relate relates related association associated link links linked between'),
  // how much, what kind
  ...words('much many extent way ways kind kinds type types example examples current currently'),
]);

/** English words a question opens with: interrogatives, auxiliaries, requests. */
const EN_OPENERS: ReadonlySet<string> = new Set([
  ...EN_ALWAYS,
  ...words('do is are was were am can could should would will shall may might must has have had tell explain describe show find give list'),
]);

/**
 * Japanese pieces that never name a subject, beyond the function words of `word-split.ts`: the
 * polite and question endings as ICU cuts them (ですか → です|か, ありますか → ありま|すか,
 * ください → くだ|さい, でしょうか → で|しょう|か, 知りたい → 知|り|たい).
 */
const JA_ALWAYS: ReadonlySet<string> = new Set(words('です でし ます ませ まし ましょう でしょう しょう ありま すか くだ さい ください たい という といった ので のか のです だろう かな'));

/** Japanese words that frame a question: taken out of a question only. */
const JA_IN_QUESTION: ReadonlySet<string> = new Set(words('何 本当 事実 真実 教え 知 知り 理由 方法 影響 効果 関係 関連 役割 与える 及ぼす 示す 研究 論文 文献 証拠 根拠 エビデンス'));

/** Chinese words that frame a question (its function characters are `word-split.ts`'s). */
const ZH_IN_QUESTION: ReadonlySet<string> = new Set(words('什么 如何 怎么 怎样 为什么 哪些 哪个 是否 吗 呢 请问 告诉 介绍 影响 关系 作用 研究 论文 证据'));

const JA_QUESTION = /(?:か|かな|[?？])$|どう|なぜ|何|どの|どんな|いかに|教えて|ください|下さい|知りたい|でしょう/u;
const ZH_QUESTION = /(?:吗|呢|[?？])$|什么|如何|怎么|怎样|为什么|哪些|哪个|是否|请问/u;
/** What ends a sentence without being part of it. */
const SENTENCE_END = /[\s。．.!！、,]+$/u;

// Built at run time so that no transpiler rewrites the `\p{…}` classes into huge explicit ranges.
const CJK_CLASS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\u30fc\\u3005';
/** A run of Japanese or Chinese, or a word of other letters and digits. */
const PIECE = new RegExp(`([${CJK_CLASS}]+)|((?:(?![${CJK_CLASS}])[\\p{L}\\p{N}\\p{M}])+)`, 'gu');
const HAS_KANA = new RegExp('[\\p{sc=Hiragana}\\p{sc=Katakana}]', 'u');
const SEGMENTERS: Record<Lang, Intl.Segmenter> = {
  ja: new Intl.Segmenter('ja', { granularity: 'word' }),
  zh: new Intl.Segmenter('zh', { granularity: 'word' }),
};

function words(list: string): string[] {
  return list.split(' ');
}

/** Whether a query asks a question (see above); `text` in any case and width. */
export function isQuestion(text: string): boolean {
  const t = text.normalize('NFKC').toLowerCase().replace(SENTENCE_END, '');
  if (t.endsWith('?')) return true;
  // The first word (a Japanese or Chinese run is one too, and opens no English question).
  const first = t.match(/[\p{L}\p{N}]+/u)?.[0];
  if (first !== undefined && EN_OPENERS.has(first)) return true;
  if (/(?:^|[^\p{L}])whether(?:[^\p{L}]|$)/u.test(t)) return true;
  return JA_QUESTION.test(t) || ZH_QUESTION.test(t);
}

interface Piece {
  text: string;
  /** Letters or digits (a word, or a segment of a Japanese or Chinese run), as against what lies between them. */
  word: boolean;
  /** A word that loses its weight. */
  framing: boolean;
}

/** The query cut into words and what lies between them, each word marked when it frames the question. */
function pieces(text: string, question: boolean): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(text); m !== null; m = PIECE.exec(text)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), word: false, framing: false });
    last = m.index + m[0].length;
    if (m[2] !== undefined) {
      const w = m[2].toLowerCase();
      out.push({ text: m[2], word: true, framing: EN_ALWAYS.has(w) || (question && EN_IN_QUESTION.has(w)) });
      continue;
    }
    const lang: Lang = HAS_KANA.test(m[1]!) ? 'ja' : 'zh';
    for (const { segment, isWordLike } of SEGMENTERS[lang].segment(m[1]!)) {
      out.push({ text: segment, word: true, framing: !isWordLike || cjkFraming(segment, lang, question) });
    }
  }
  if (last < text.length) out.push({ text: text.slice(last), word: false, framing: false });
  return out;
}

function cjkFraming(segment: string, lang: Lang, question: boolean): boolean {
  if (isFunctionWord(segment, lang)) return true;
  if (lang === 'ja') return JA_ALWAYS.has(segment) || (question && JA_IN_QUESTION.has(segment));
  return question && ZH_IN_QUESTION.has(segment);
}

/**
 * The query without the words that frame it (see above), each taken out leaving a space, so the
 * words around it stay apart; the query as given when nothing of its subject would be left. The
 * words of a Japanese or Chinese run that stay keep touching each other (排出|量 stays 排出量).
 */
export function topicText(text: string): string {
  const normalized = text.normalize('NFKC');
  const parts = pieces(normalized, isQuestion(normalized));
  if (!parts.some((p) => p.word && !p.framing)) return text;
  return parts
    .map((p) => (p.framing ? ' ' : p.text))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Which terms of a keyword query weigh in its relevance order: false for a term that is a framing
 * word as a whole (once its outer punctuation is set aside: `does`, `japan?` is a subject); all true
 * when none would be left. The terms are those of `splitTerms` (normalised, case-folded).
 */
export function topicTerms(terms: readonly string[]): boolean[] {
  const question = isQuestion(terms.join(' '));
  const weighs = terms.map((term) => {
    const words = pieces(term, question).filter((p) => p.word);
    return words.length === 0 || words.some((p) => !p.framing);
  });
  return weighs.some(Boolean) ? weighs : terms.map(() => true);
}
