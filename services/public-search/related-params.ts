import { RELATED_LIMITS, relatedQuerySchemaWith } from '../../modules/keyword-index';
import { asOfParam } from '../../modules/papers';
import { parseQuery, type RawQuery } from '../../shared/http/request-schema';
import type { TopicSlug } from '../../shared/papers/paper.schema';
import type { RelatedFilters } from '../../shared/papers/related-papers';
import { LANGS_FOR_FILTER, searchQuerySchema, type SearchLang } from './search-params';

export { RELATED_LIMITS };

/** The query of `GET /api/v1/papers/{id}/related` on the public door: the search's filters, their rules and codes. */
export const relatedQuerySchema = relatedQuerySchemaWith({ topic: searchQuerySchema.shape.topic, lang: searchQuerySchema.shape.lang }).safeExtend({ as_of: asOfParam });

export interface RelatedParams {
  topic: TopicSlug | null;
  lang: SearchLang;
  limit: number;
  filters: RelatedFilters;
  /** The release to answer as of (`as_of`); absent: the corpus now. */
  asOf?: string;
}

export function parseRelatedParams(query: RawQuery): RelatedParams {
  const p = parseQuery(relatedQuerySchema, query);
  return {
    topic: p.topic ?? null,
    lang: p.lang,
    limit: p.limit,
    filters: { topic: p.topic, langs: LANGS_FOR_FILTER[p.lang], yearFrom: p.year_from, yearTo: p.year_to, addedSince: p.since },
    ...(p.as_of !== undefined && { asOf: p.as_of }),
  };
}
