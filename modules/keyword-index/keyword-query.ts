import { codePointLength, splitTerms } from '../../shared/text/normalize';
import { rule, text, type RuleProblem } from '../../shared/http/param-schemas';

/**
 * The rules of a keyword query, the same on both doors (spec 000 §4.1, spec 001 §4.7): q of at
 * least 2 characters once trimmed, at most 5 white-space-separated terms, each at least 2 characters.
 */
export const KEYWORD_QUERY = { queryMinChars: 2, maxTerms: 5, termMinChars: 2 } as const;

const K = KEYWORD_QUERY;
const REQUIRED_Q = `q is required and must be at least ${K.queryMinChars} characters.`;
const shortTerm = (q: string) => splitTerms(q).find((t) => codePointLength(t) < K.termMinChars);

/** `q` of both search endpoints: present, 2 to `max` code points once trimmed. */
export const queryText = (max: number) =>
  text({ error: (issue) => (issue.input === undefined ? REQUIRED_Q : undefined) }).check(
    rule<string>((v) => codePointLength(v.trim()) >= K.queryMinChars, REQUIRED_Q),
    rule<string>((v) => codePointLength(v) <= max, `q must be at most ${max} characters.`, 'query_too_long'),
  );

/** The keyword rules on the terms of q: at most 5, each at least 2 characters. `where` names the mode they apply in. */
export function termProblem(q: string, where?: string): RuleProblem | undefined {
  const count = splitTerms(q).length;
  if (count > K.maxTerms) {
    return { code: 'too_many_terms', message: `${where ? `In ${where} mode q` : 'q'} may hold at most ${K.maxTerms} terms separated by white space; it has ${count}.` };
  }
  const short = shortTerm(q);
  if (short === undefined) return undefined;
  return { code: 'term_too_short', message: `${where ? `In ${where} mode every` : 'Every'} term must be at least ${K.termMinChars} characters; "${short}" is shorter.` };
}

/** `highlight` on both doors' keyword search: what it adds, for their OpenAPI documents. */
export const HIGHLIGHT_DESCRIPTION =
  '`true` adds to each record `highlights`: for every match of a term in a text the record carries (titles, the abstract as returned, tags, topic), the field (and the position in a list field), `start` and `end` as UTF-16 offsets into that value as returned (`value.slice(start, end)` is the matched text; matching is NFKC and case-folded, so `co2` finds `ＣＯ２`), the term, and a snippet around it. A match only in text the record does not carry (a part of a long abstract left out) is not listed. Default `false`.';
