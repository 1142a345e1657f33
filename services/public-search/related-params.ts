import { z } from 'zod';
import { keywordParams, yearRangeProblem } from '../../modules/keyword-index';
import { coded, crossRule, wholeNumber, withDefault } from '../../shared/http/param-schemas';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';
import { sinceParam } from '../../shared/http/since-param';
import type { TopicSlug } from '../../shared/papers/paper.schema';
import type { RelatedFilters } from '../../shared/papers/related-papers';
import { LANGS_FOR_FILTER, searchQuerySchema, type SearchLang } from './search-params';

export const RELATED_LIMITS = { limitMin: 1, limitMax: 50, limitDefault: 10 } as const;
const L = RELATED_LIMITS;

/** The query of `GET /api/v1/papers/{id}/related` on the public door: the search's filters, their rules and codes. */
export const relatedQuerySchema = z
  .object({
    topic: searchQuerySchema.shape.topic,
    lang: searchQuerySchema.shape.lang,
    limit: coded(withDefault(wholeNumber(L.limitMin, L.limitMax), L.limitDefault), 'invalid_limit', { description: `Related papers to return, ${L.limitMin} to ${L.limitMax}.` }),
    year_from: keywordParams.year_from,
    year_to: keywordParams.year_to,
    since: sinceParam(),
  })
  .check(crossRule<{ year_from?: number; year_to?: number }>(['year_from', 'year_to'], 'year_to', yearRangeProblem));

export interface RelatedParams {
  topic: TopicSlug | null;
  lang: SearchLang;
  limit: number;
  filters: RelatedFilters;
}

export function parseRelatedParams(query: RawQuery): RelatedParams {
  const p = parseQuery(relatedQuerySchema, query);
  return {
    topic: p.topic ?? null,
    lang: p.lang,
    limit: p.limit,
    filters: { topic: p.topic, langs: LANGS_FOR_FILTER[p.lang], yearFrom: p.year_from, yearTo: p.year_to, addedSince: p.since },
  };
}
