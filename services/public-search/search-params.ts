import { badRequest } from '../../shared/errors/problem';
import { isTopicSlug, type PaperLang, type TopicSlug } from '../../shared/papers/paper';
import { codePointLength, splitTerms } from '../../shared/text/normalize';
import { integerParam, singleParam as single, type RawQuery } from '../../shared/http/query-params';

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

/** Validates the query string of `GET /api/v1/papers/search`. Unknown parameters are ignored. */
export function parseSearchParams(query: RawQuery): SearchParams {
  const L = SEARCH_LIMITS;
  const q = single(query, 'q', 'missing_query');
  if (q === undefined || codePointLength(q.trim()) < L.queryMinChars) {
    throw badRequest('missing_query', `q is required and must be at least ${L.queryMinChars} characters.`);
  }
  if (codePointLength(q) > L.queryMaxChars) {
    throw badRequest('query_too_long', `q must be at most ${L.queryMaxChars} characters.`);
  }
  const terms = splitTerms(q);
  if (terms.length > L.maxTerms) {
    throw badRequest('too_many_terms', `q may hold at most ${L.maxTerms} terms separated by white space; it has ${terms.length}.`);
  }
  const short = terms.find((t) => codePointLength(t) < L.termMinChars);
  if (short !== undefined) {
    throw badRequest('term_too_short', `Every term must be at least ${L.termMinChars} characters; "${short}" is shorter.`);
  }

  const topicValue = single(query, 'topic', 'invalid_topic');
  if (topicValue !== undefined && !isTopicSlug(topicValue)) {
    throw badRequest('invalid_topic', `topic must be one of the 25 topic slugs (see the OpenAPI document); got "${topicValue}".`);
  }
  const langValue = single(query, 'lang', 'invalid_lang') ?? 'all';
  if (!(SEARCH_LANGS as readonly string[]).includes(langValue)) {
    throw badRequest('invalid_lang', `lang must be one of ${SEARCH_LANGS.join(', ')}; got "${langValue}".`);
  }
  const limit = integerParam(query, 'limit', 'invalid_limit', L.limitDefault, L.limitMin, L.limitMax);
  const offset = integerParam(query, 'offset', 'invalid_offset', 0, 0, L.maxWindow);
  if (offset + limit > L.maxWindow) {
    throw badRequest('invalid_offset', `offset + limit must not exceed ${L.maxWindow}; narrow the query instead of paging deeper.`);
  }
  return { query: q, terms, topic: topicValue ?? null, lang: langValue as SearchLang, limit, offset };
}
