import { badRequest } from '../../shared/errors/problem';
import { enumParam, integerParam, singleParam, type RawQuery } from '../../shared/http/query-params';
import { isTopicSlug, SHELVES, type PaperLang, type Shelf, type TopicSlug } from '../../shared/papers/paper';
import { codePointLength, splitTerms } from '../../shared/text/normalize';

export const SEMANTIC_MODES = ['vector', 'keyword', 'hybrid'] as const;
export type SemanticMode = (typeof SEMANTIC_MODES)[number];
const LANGS = ['ja', 'en', 'all'] as const;
const SHELF_VALUES = [...SHELVES, 'all'] as const;

/** Spec 001 §4.7 (and `mode=hybrid`, our addition). */
export const SEMANTIC_LIMITS = { queryMin: 2, queryMax: 1000, limitMin: 1, limitMax: 50, limitDefault: 20, maxKeywordTerms: 5 } as const;

/**
 * How deep each mode pages: `offset + limit` may not pass it. Keyword mode pages as the public
 * search does. A vector search asks the index for `offset + limit` neighbours, which stays below the
 * HNSW candidate list (`expansion_search`), so every page is a slice of the same ranking. Hybrid
 * fuses a fixed depth of each side (`HYBRID_DEPTH` in the service), so its pages are slices of one
 * fused list.
 */
export const SEMANTIC_WINDOWS: Readonly<Record<SemanticMode, number>> = { keyword: 10_000, vector: 300, hybrid: 100 };

export interface SemanticParams {
  query: string;
  mode: SemanticMode;
  /** Normalised terms for keyword and hybrid modes. */
  terms: string[];
  topic?: TopicSlug;
  limit: number;
  offset: number;
  minScore: number;
  langs?: PaperLang[];
  lang: (typeof LANGS)[number];
  shelf?: Shelf;
}

export function parseSemanticParams(query: RawQuery): SemanticParams {
  const L = SEMANTIC_LIMITS;
  const q = singleParam(query, 'q', 'missing_query');
  if (q === undefined || codePointLength(q.trim()) < L.queryMin) throw badRequest('missing_query', `q is required and must be at least ${L.queryMin} characters.`);
  if (codePointLength(q) > L.queryMax) throw badRequest('query_too_long', `q must be at most ${L.queryMax} characters.`);
  const mode = enumParam(query, 'mode', 'invalid_mode', SEMANTIC_MODES) ?? 'vector';
  const topicValue = singleParam(query, 'topic', 'invalid_topic');
  if (topicValue !== undefined && !isTopicSlug(topicValue)) throw badRequest('invalid_topic', `topic must be one of the 25 topic slugs; got "${topicValue}".`);
  const limit = integerParam(query, 'limit', 'invalid_limit', L.limitDefault, L.limitMin, L.limitMax);
  const window = SEMANTIC_WINDOWS[mode];
  const offset = integerParam(query, 'offset', 'invalid_offset', 0, 0, window);
  if (offset + limit > window) {
    throw badRequest('invalid_offset', `In ${mode} mode offset + limit must not exceed ${window}; narrow the query instead of paging deeper.`);
  }
  const minScoreValue = singleParam(query, 'min_score', 'invalid_min_score');
  const minScore = minScoreValue === undefined ? 0 : Number(minScoreValue);
  if (minScoreValue !== undefined && (!/^\d{1,3}(\.\d+)?$/.test(minScoreValue) || minScore > 100)) {
    throw badRequest('invalid_min_score', 'min_score is a number from 0 to 100 (a lower bound on draft_score).');
  }
  const lang = enumParam(query, 'lang', 'invalid_lang', LANGS) ?? 'all';
  const shelf = enumParam(query, 'shelf', 'invalid_shelf', SHELF_VALUES) ?? 'all';
  // Keyword matching keeps the public search's rules: at most 5 terms, each at least 2 characters.
  const terms = mode === 'vector' ? [] : splitTerms(q);
  if (mode !== 'vector') {
    if (terms.length > L.maxKeywordTerms) throw badRequest('too_many_terms', `In ${mode} mode q may hold at most ${L.maxKeywordTerms} terms.`);
    const short = terms.find((t) => codePointLength(t) < 2);
    if (short !== undefined) throw badRequest('term_too_short', `In ${mode} mode every term must be at least 2 characters; "${short}" is shorter.`);
  }
  return {
    query: q,
    mode,
    terms,
    topic: topicValue as TopicSlug | undefined,
    limit,
    offset,
    minScore,
    lang,
    langs: lang === 'ja' ? ['ja', 'mul'] : lang === 'en' ? ['en', 'mul'] : undefined,
    shelf: shelf === 'all' ? undefined : shelf,
  };
}
