import { asOfParam } from '../../modules/papers';
import { z } from 'zod';
import { type PaperLang, TOPIC_SLUGS, type TopicSlug } from '../../shared/papers/paper.schema';
import { authorAloneProblem, cursorProblem, highlightParam, KEYWORD_QUERY, type KeywordCollapse, type KeywordOptions, keywordOptionsOf, keywordParams, type KeywordSort, Q_UNLESS_AUTHOR, queryText, type SortKey, termProblem, yearRangeProblem } from '../../modules/keyword-index';
import { check, coded, crossRule, oneOf, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { splitTerms } from '../../shared/text/normalize';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { pageFormatParam, type PageFormat } from '../../modules/citations';

/** The limits of the public search (spec 000 §4.1 and §8, and docs/public-search.md, "Behaviour and decisions"). */
export const SEARCH_LIMITS = {
  ...KEYWORD_QUERY,
  queryMaxChars: 500,
  limitMin: 1,
  limitMax: 50,
  limitDefault: 10,
  /** offset + limit may not pass this: the deepest page any engine serves. */
  maxWindow: 10_000,
} as const;

export const SEARCH_LANGS = ['ja', 'en', 'all'] as const;
export type SearchLang = (typeof SEARCH_LANGS)[number];

export interface SearchParams extends KeywordOptions {
  /** q as the client sent it (echoed in the response); `""` for a search by author alone. */
  query: string;
  terms: string[];
  topic: TopicSlug | null;
  lang: SearchLang;
  limit: number;
  offset: number;
  /** Add each record's `highlights`: where the terms occur in the text it carries. */
  highlight: boolean;
  /** The release to answer as of (`as_of`); absent: the corpus now. */
  asOf?: string;
  /** The representation asked for by `format` (absent: by Accept, else JSON). */
  format?: PageFormat;
}

/** Papers of each filter language: `mul` papers match both `ja` and `en`. */
export const LANGS_FOR_FILTER: Record<SearchLang, PaperLang[] | undefined> = {
  ja: ['ja', 'mul'],
  en: ['en', 'mul'],
  all: undefined,
};

const L = SEARCH_LIMITS;
/** q's rules and documentation, the same in the search (where an author may stand in for it) and the feed (where it is required). */
const searchText = queryText(L.queryMaxChars).check(check<string>((v) => termProblem(v)));
const Q_DESCRIPTION = `Up to ${L.maxTerms} white-space-separated terms, each at least ${L.termMinChars} characters, AND-combined; ${L.queryMinChars} to ${L.queryMaxChars} characters in all. Japanese, English, Chinese or mixed.`;
const Q_META = {
  minLength: L.queryMinChars,
  maxLength: L.queryMaxChars,
  param: { examples: { english: { value: 'carbon pricing' }, japanese: { value: '水素 輸送' } } },
};

/** The query of `GET /api/v1/papers/search` on the public door; the OpenAPI document is rendered from it. */
export const searchQuerySchema = z
  .object({
    q: coded(searchText.optional(), 'missing_query', { description: `${Q_DESCRIPTION} ${Q_UNLESS_AUTHOR}`, ...Q_META }),
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
    highlight: highlightParam(),
    ...keywordParams,
    as_of: asOfParam,
    format: pageFormatParam(),
  })
  .check(
    // Read at q alone: an author given, even a wrong one, is given (its own problem is then reported).
    crossRule<{ q?: string; author?: string }>(['q'], 'q', authorAloneProblem),
    crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', yearRangeProblem),
    crossRule<{ cursor?: SortKey | null; offset?: number; sort?: KeywordSort; collapse?: KeywordCollapse }>(['cursor', 'offset', 'sort', 'collapse'], 'cursor', cursorProblem),
    crossRule<{ limit: number; offset: number }>(['limit', 'offset'], 'offset', (v) =>
      v.offset + v.limit > L.maxWindow ? { message: `offset + limit must not exceed ${L.maxWindow}; narrow the query instead of paging deeper.` } : undefined,
    ),
  );

/** Validates the query string of `GET /api/v1/papers/search` (an unknown parameter is 400 `unknown_parameter`). */
export function parseSearchParams(query: RawQuery): SearchParams {
  const p = parseQuery(searchQuerySchema, query);
  return {
    query: p.q ?? '',
    terms: p.q === undefined ? [] : splitTerms(p.q),
    topic: p.topic ?? null,
    lang: p.lang,
    limit: p.limit,
    offset: p.offset,
    highlight: p.highlight === 'true',
    ...keywordOptionsOf(p),
    ...(p.as_of !== undefined && { asOf: p.as_of }),
    ...(p.format && { format: p.format }),
  };
}

/** The query of the Atom feed (`GET /feeds/papers.atom`): the search's q (required: a feed has no author filter), topic and lang, the same rules and codes. */
export const feedQuerySchema = z.object({ q: coded(searchText, 'missing_query', { description: Q_DESCRIPTION, ...Q_META }), topic: searchQuerySchema.shape.topic, lang: searchQuerySchema.shape.lang });

export interface FeedParams {
  query: string;
  terms: string[];
  topic: TopicSlug | null;
  lang: SearchLang;
}

export function parseFeedParams(query: RawQuery): FeedParams {
  const p = parseQuery(feedQuerySchema, query);
  return { query: p.q, terms: splitTerms(p.q), topic: p.topic ?? null, lang: p.lang };
}
