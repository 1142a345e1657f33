import { asOfParam } from '../../modules/papers';
import { z } from 'zod';
import type { SplitLimits } from '../../shared/text/word-split';
import { coded, crossRule, documentedAs, oneOf, rule, text, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { type PaperLang, type Shelf, SHELVES, TOPIC_SLUGS, type TopicSlug } from '../../shared/papers/paper.schema';
import { codePointLength, splitTerms } from '../../shared/text/normalize';
import { pageFormatParam, type PageFormat } from '../../modules/citations';
import { cursorProblem, highlightParam, KEYWORD_QUERY, type KeywordCollapse, type KeywordOptions, keywordOptionsOf, keywordParams, type KeywordSort, Q_UNLESS_AUTHOR, queryText, type SortKey, termProblem, yearRangeProblem } from '../../modules/keyword-index';

export const SEMANTIC_MODES = ['vector', 'keyword', 'hybrid'] as const;
export type SemanticMode = (typeof SEMANTIC_MODES)[number];
const LANGS = ['ja', 'en', 'all'] as const;
const SHELF_VALUES = [...SHELVES, 'all'] as const;

/**
 * Spec 001 §4.7 (and `mode=hybrid`, our addition). Keyword mode takes as many terms as q holds (the
 * spec bounds q by its 1,000 characters alone; the public search's 5 terms are spec 000's), each of at
 * least 2 characters as on the public search.
 */
export const SEMANTIC_LIMITS = { queryMin: 2, queryMax: 1000, limitMin: 1, limitMax: 50, limitDefault: 20, keywordTermMinChars: KEYWORD_QUERY.termMinChars } as const;

/** The word split of a keyword query that found nothing (`splitSuggestion`): keyword mode's limits, any number of terms within q's length. */
export const KEYWORD_SPLIT_LIMITS: SplitLimits = { maxTerms: Infinity, minTermChars: KEYWORD_QUERY.termMinChars, maxChars: SEMANTIC_LIMITS.queryMax };

/**
 * How deep each mode pages: `offset + limit` may not pass it. Keyword mode pages as the public
 * search does. A vector search asks the index for `offset + limit` neighbours, which stays below the
 * HNSW candidate list (`expansion_search`), so every page is a slice of the same ranking. Hybrid
 * fuses a fixed depth of each side (`HYBRID_DEPTH` in the service), so its pages are slices of one
 * fused list.
 */
export const SEMANTIC_WINDOWS: Readonly<Record<SemanticMode, number>> = { keyword: 10_000, vector: 300, hybrid: 100 };

export interface SemanticParams extends KeywordOptions {
  query: string;
  mode: SemanticMode;
  /** Normalised terms for keyword mode (hybrid ranks the whole question instead). */
  terms: string[];
  topic?: TopicSlug;
  limit: number;
  offset: number;
  minScore: number;
  langs?: PaperLang[];
  lang: (typeof LANGS)[number];
  shelf?: Shelf;
  /** Words to highlight in each record (`highlight=true`); none when not asked. */
  highlightTerms: string[];
  /** The release the search answers as of (`as_of`), in every mode; absent: the corpus now. */
  asOf?: string;
  /** The representation asked for by `format` (absent: by Accept, else JSON); every mode's page may be had in any. */
  format?: PageFormat;
}

/**
 * The parameters only keyword mode takes. The vector index keeps no authors, creation times, citation
 * counts or works beside its vectors (`VectorPayload`), so vector mode cannot apply them inside its
 * search, and hybrid mode fuses it with the lexical side: both refuse them rather than filter one side only.
 */
const KEYWORD_ONLY = ['author', 'since', 'facets', 'sort', 'collapse', 'year_from', 'year_to', 'venue_type', 'cursor'] as const;

const L = SEMANTIC_LIMITS;
const W = SEMANTIC_WINDOWS;

/** The query of `GET /api/v1/papers/search` on the data-API door; the OpenAPI document is rendered from it. */
export const semanticQuerySchema = z
  .object({
    q: coded(queryText(L.queryMax).optional(), 'missing_query', {
      description: `The query, ${L.queryMin} to ${L.queryMax} characters; Japanese, English or mixed, a few words or a question in sentences (vector and hybrid modes). In keyword mode white-space-separated terms, as many as q holds, each of at least ${L.keywordTermMinChars} characters, all AND-combined (the public search's limit of 5 terms does not apply here). Keyword mode: ${Q_UNLESS_AUTHOR} Vector and hybrid modes: required.`,
      minLength: L.queryMin,
      maxLength: L.queryMax,
      param: { examples: { english: { value: 'hydrogen supply chain' }, japanese: { value: '水素 サプライチェーン' } } },
    }),
    mode: coded(oneOf(SEMANTIC_MODES).default('vector'), 'invalid_mode', {
      description:
        '`vector` (nearest neighbours of the query embedding), `keyword` (AND of substring matches) or `hybrid` (our addition: a ranked any-term lexical search, BM25 over titles, tags, abstracts and summaries, fused with the vector search by a convex combination of their normalised scores; for questions in sentences).',
    }),
    topic: coded(oneOf(TOPIC_SLUGS, (v) => `topic must be one of the 25 topic slugs; got "${v}".`).optional(), 'invalid_topic', {
      description: 'Only papers whose primary_topic is this slug.',
    }),
    limit: coded(withDefault(wholeNumber(L.limitMin, L.limitMax), L.limitDefault), 'invalid_limit', { description: `Records per page, ${L.limitMin} to ${L.limitMax}.` }),
    offset: coded(withDefault(wholeNumber(0, W.keyword - L.limitMin), 0), 'invalid_offset', {
      description: `Records to skip; offset + limit may not exceed ${W.keyword} in keyword mode, ${W.vector} in vector mode, ${W.hybrid} in hybrid mode.`,
    }),
    min_score: coded(
      withDefault(
        text()
          .check(rule<string>((v) => /^\d{1,3}(\.\d+)?$/.test(v) && Number(v) <= 100, 'min_score is a number from 0 to 100 (a lower bound on draft_score).'))
          .transform(Number)
          .meta(documentedAs({ type: 'number', minimum: 0, maximum: 100 })),
        0,
      ),
      'invalid_min_score',
      { description: 'Lower bound on draft_score, 0 to 100; papers without a score pass only a bound of 0.' },
    ),
    lang: coded(oneOf(LANGS).default('all'), 'invalid_lang', { description: '`ja` and `en` include multilingual (`mul`) papers; `all` applies no filter.' }),
    shelf: coded(oneOf(SHELF_VALUES).default('all'), 'invalid_shelf', { description: 'Editorial shelf; `all` applies no filter.' }),
    highlight: highlightParam('Keyword mode marks its terms; vector and hybrid modes mark the words of q (white-space-separated, at least 2 characters) where they occur literally.'),
    // Keyword mode's own: counted and ordered over its exact match set, as on the public search.
    ...keywordParams,
    as_of: asOfParam,
    // Every mode's: a page of papers is a page of papers, whichever way it was found.
    format: pageFormatParam(),
  })
  .check(
    // q may be left out only in keyword mode with an author (a search by author alone); read at q alone, so
    // that a wrong mode or author given still counts as given and its own problem is reported after q's.
    crossRule<{ q?: string; mode: SemanticMode; author?: string }>(['q'], 'q', (v) =>
      v.q !== undefined || (v.mode === 'keyword' && v.author !== undefined)
        ? undefined
        : { message: `q is required, ${L.queryMin} to ${L.queryMax} characters; only a keyword search (mode=keyword) with author may leave it out.` },
    ),
    crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', yearRangeProblem),
    crossRule<{ cursor?: SortKey | null; offset?: number; sort?: KeywordSort; collapse?: KeywordCollapse }>(['cursor', 'offset', 'sort', 'collapse'], 'cursor', cursorProblem),
    ...KEYWORD_ONLY.map((name) =>
      crossRule<{ mode: SemanticMode } & Record<string, unknown>>(['mode', name], name, (v) =>
        v.mode !== 'keyword' && v[name] !== undefined && v[name] !== 'relevance' ? { message: `${name} applies to keyword mode only (mode=keyword), not to ${v.mode} mode.` } : undefined,
      ),
    ),
    crossRule<{ mode: SemanticMode; limit: number; offset: number }>(['mode', 'limit', 'offset'], 'offset', (v) =>
      v.offset + v.limit > W[v.mode]
        ? { message: `In ${v.mode} mode offset + limit must not exceed ${W[v.mode]}; narrow the query instead of paging deeper.` }
        : undefined,
    ),
    // Keyword matching keeps the public search's terms of at least 2 characters, any number of them, once everything else is valid.
    z.superRefine<{ q?: string; mode: SemanticMode }>((v, ctx) => {
      const found = v.mode === 'keyword' && v.q !== undefined ? termProblem(v.q, { where: v.mode, maxTerms: null }) : undefined;
      if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { code: found.code }, input: v.q });
    }),
  );

export function parseSemanticParams(query: RawQuery): SemanticParams {
  const p = parseQuery(semanticQuerySchema, query);
  // Without q (keyword mode by author alone, the only case the schema lets through) q is echoed as "" and nothing is searched or highlighted.
  const q = p.q ?? '';
  return {
    query: q,
    mode: p.mode,
    terms: p.mode === 'keyword' ? splitTerms(q) : [],
    ...keywordOptionsOf(p),
    highlightTerms: p.highlight === 'true' ? splitTerms(q).filter((t) => codePointLength(t) >= KEYWORD_QUERY.termMinChars) : [],
    topic: p.topic,
    limit: p.limit,
    offset: p.offset,
    minScore: p.min_score,
    lang: p.lang,
    langs: p.lang === 'ja' ? ['ja', 'mul'] : p.lang === 'en' ? ['en', 'mul'] : undefined,
    shelf: p.shelf === 'all' ? undefined : p.shelf,
    ...(p.as_of !== undefined && { asOf: p.as_of }),
    ...(p.format && { format: p.format }),
  };
}
