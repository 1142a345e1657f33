/**
 * How the relevance bench asks what a collection asks as people type questions: each statement (a
 * SciFact claim) or pair of remembered words (a known item) is put into a few everyday English and
 * Japanese forms. The question rule of the product (`shared/text/question-words.ts`) was written with
 * the `tuned` forms in view; the `heldOut` forms were written down before its word lists were last
 * changed and never used to change them, so they show how the rule does on phrasings it was not made
 * for. A question should rank its paper as the statement (or the bare words) does.
 */

export interface QuestionForm {
  /** A short name for the report (`en: is it true that …?`). */
  name: string;
  heldOut: boolean;
  make: (subject: string) => string;
}

/** A claim as the middle of an English sentence: no final full stop, a capital lowered unless the first word is a name or a symbol (ALDH1, CX3CR1, Ly6C). */
export function asClause(statement: string): string {
  const s = statement.trim().replace(/[.。]+$/u, '');
  const first = s.split(/\s/u, 1)[0] ?? '';
  const plainWord = /^\p{Lu}\p{Ll}*$/u.test(first);
  return plainWord ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** A claim as the start of a Japanese sentence: only the final full stop goes. */
const asJapaneseSubject = (statement: string) => statement.trim().replace(/[.。]+$/u, '');

/** Forms of a statement (SciFact claims). */
export const STATEMENT_FORMS: readonly QuestionForm[] = [
  { name: 'en: is it true that …?', heldOut: false, make: (s) => `Is it true that ${asClause(s)}?` },
  { name: 'en: what is the evidence that …?', heldOut: false, make: (s) => `What is the evidence that ${asClause(s)}?` },
  { name: 'ja: …というのは本当ですか？', heldOut: false, make: (s) => `${asJapaneseSubject(s)}というのは本当ですか？` },
  { name: 'ja: …について教えてください。', heldOut: false, make: (s) => `${asJapaneseSubject(s)}について教えてください。` },
  { name: 'en: can you tell me whether …?', heldOut: true, make: (s) => `Can you tell me whether ${asClause(s)}?` },
  { name: 'en: I would like to know if ….', heldOut: true, make: (s) => `I would like to know if ${asClause(s)}.` },
  { name: 'ja: …は事実でしょうか', heldOut: true, make: (s) => `${asJapaneseSubject(s)}は事実でしょうか` },
  { name: 'ja: …に関する研究はありますか？', heldOut: true, make: (s) => `${asJapaneseSubject(s)}に関する研究はありますか？` },
];

/** Forms of two remembered words `a b` (known items), the words in the order they were drawn. */
export const WORD_PAIR_FORMS: readonly QuestionForm[] = [
  { name: 'en: how does A affect B?', heldOut: false, make: (ab) => pair(ab, (a, b) => `how does ${a} affect ${b}?`) },
  { name: 'ja: AとBについて教えてください', heldOut: false, make: (ab) => pair(ab, (a, b) => `${a}と${b}について教えてください`) },
  { name: 'en: what is the role of A in B?', heldOut: true, make: (ab) => pair(ab, (a, b) => `What is the role of ${a} in ${b}?`) },
  { name: 'ja: AはBにどのような影響を与えますか？', heldOut: true, make: (ab) => pair(ab, (a, b) => `${a}は${b}にどのような影響を与えますか？`) },
];

function pair(ab: string, make: (a: string, b: string) => string): string {
  const [a = '', b = ''] = ab.split(' ');
  return make(a, b);
}
