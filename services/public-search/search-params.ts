import { z } from 'zod';
import { TOPIC_SLUGS, type PaperLang, type TopicSlug } from '../../shared/papers/paper';
import { codePointLength, splitTerms } from '../../shared/text/normalize';
import { check, coded, crossRule, oneOf, rule, text, wholeNumber, withDefault, type RuleProblem } from '../../shared/http/param-schemas';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';

/** The limits of the public search (spec 000 §4.1 and §8, and the decisions in the README). */
export const SEARCH_LIMITS = {
  queryMinChars: 2,
  queryMaxChars: 500,
  maxTerms: 5,
  termMinChars: 2,
  limitMin: 1,
  limitMax: 50,
  limitDefault: 10,
  /** offset + limit may not pass this: the deepest page any engine serves. */
  maxWindow: 10_000,
} as const;

export const SEARCH_LANGS = ['ja', 'en', 'all'] as const;
export type SearchLang = (typeof SEARCH_LANGS)[number];

export interface SearchParams {
  /** q as the client sent it (echoed in the response). */
  query: string;
  terms: string[];
  topic: TopicSlug | null;
  lang: SearchLang;
  limit: number;
  offset: number;
}

/** Papers of each filter language: `mul` papers match both `ja` and `en`. */
export const LANGS_FOR_FILTER: Record<SearchLang, PaperLang[] | undefined> = {
  ja: ['ja', 'mul'],
  en: ['en', 'mul'],
  all: undefined,
};

const L = SEARCH_LIMITS;
const REQUIRED_Q = `q is required and must be at least ${L.queryMinChars} characters.`;
const shortTerm = (q: string) => splitTerms(q).find((t) => codePointLength(t) < L.termMinChars);

/** `q` of both search endpoints: present, 2 to `max` code points once trimmed (spec 000 §4.1, spec 001 §4.7). */
export const queryText = (max: number) =>
  text({ error: (issue) => (issue.input === undefined ? REQUIRED_Q : undefined) }).check(
    rule<string>((v) => codePointLength(v.trim()) >= L.queryMinChars, REQUIRED_Q),
    rule<string>((v) => codePointLength(v) <= max, `q must be at most ${max} characters.`, 'query_too_long'),
  );

/** The keyword rules on the terms of q: at most 5, each at least 2 characters. `where` names the mode they apply in. */
export function termProblem(q: string, where?: string): RuleProblem | undefined {
  const count = splitTerms(q).length;
  if (count > L.maxTerms) {
    return { code: 'too_many_terms', message: `${where ? `In ${where} mode q` : 'q'} may hold at most ${L.maxTerms} terms separated by white space; it has ${count}.` };
  }
  const short = shortTerm(q);
  if (short === undefined) return undefined;
  return { code: 'term_too_short', message: `${where ? `In ${where} mode every` : 'Every'} term must be at least ${L.termMinChars} characters; "${short}" is shorter.` };
}

/** The query of `GET /api/v1/papers/search` on the public door; the OpenAPI document is rendered from it. */
export const searchQuerySchema = z
  .object({
    q: coded(queryText(L.queryMaxChars).check(check<string>((v) => termProblem(v))), 'missing_query', {
      description: `Up to ${L.maxTerms} white-space-separated terms, each at least ${L.termMinChars} characters, AND-combined; ${L.queryMinChars} to ${L.queryMaxChars} characters in all. Japanese, English, Chinese or mixed.`,
      minLength: L.queryMinChars,
      maxLength: L.queryMaxChars,
      param: { examples: { english: { value: 'carbon pricing' }, japanese: { value: '水素 輸送' } } },
    }),
    topic: coded(
      oneOf(TOPIC_SLUGS, (v) => `topic must be one of the 25 topic slugs (see the OpenAPI document); got "${v}".`).optional(),
      'invalid_topic',
      { description: 'Only papers whose primary topic is this slug.' },
    ),
    lang: coded(oneOf(SEARCH_LANGS).default('all'), 'invalid_lang', {
      description: 'Only papers in this language: `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter.',
    }),
    limit: coded(withDefault(wholeNumber(L.limitMin, L.limitMax), L.limitDefault), 'invalid_limit', { description: `Records per page, ${L.limitMin} to ${L.limitMax}.` }),
    offset: coded(withDefault(wholeNumber(0, L.maxWindow - L.limitMin), 0), 'invalid_offset', {
      description: `Records to skip; offset + limit may not exceed ${L.maxWindow}.`,
    }),
  })
  .check(
    crossRule<{ limit: number; offset: number }>(['limit', 'offset'], 'offset', (v) =>
      v.offset + v.limit > L.maxWindow ? { message: `offset + limit must not exceed ${L.maxWindow}; narrow the query instead of paging deeper.` } : undefined,
    ),
  );

/** Validates the query string of `GET /api/v1/papers/search`. Unknown parameters are ignored. */
export function parseSearchParams(query: RawQuery): SearchParams {
  const p = parseQuery(searchQuerySchema, query);
  return { query: p.q, terms: splitTerms(p.q), topic: p.topic ?? null, lang: p.lang, limit: p.limit, offset: p.offset };
}
