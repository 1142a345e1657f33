import { z } from 'zod';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { publicPaperSchema } from '../../shared/papers/public-paper';
import { facetCountsSchema, searchSuggestionSchema, suggestionDescription } from '../../modules/keyword-index';
import { SEARCH_LANGS, SEARCH_LIMITS as L } from './search-params';

/** The response of the public search (spec 000 §2), for the OpenAPI document and the tests that hold answers to it. */

const nullable = (schema: z.ZodType, description: string) => schema.nullable().meta({ description });

export { publicPaperSchema };

export const searchResponseSchema = z
  .object({
    api_version: z.literal('v1').meta({ description: 'Lets a client detect future breaking changes.' }),
    query: z.string().meta({ description: 'Echo of q; `""` for a search by author alone (no q).' }),
    topic: nullable(z.enum(TOPIC_SLUGS), 'Echo of the topic filter; null when absent.'),
    lang: z.enum(SEARCH_LANGS).meta({ description: 'Echo of the language filter; `all` when absent.' }),
    total: z.int().min(0).meta({ description: 'Matching papers before limit and offset apply (matching works with `collapse=versions`).' }),
    count: z.int().min(0).meta({ description: 'Records in this response.' }),
    limit: z.int().meta({ description: 'The applied limit.' }),
    offset: z.int().meta({ description: 'The applied offset.' }),
    results: z.array(publicPaperSchema),
    next_cursor: z.string().optional().meta({ description: 'With `cursor`: pass it as `cursor` for the next page; absent on the last page.' }),
    facets: facetCountsSchema.optional(),
    suggestion: searchSuggestionSchema.optional().meta({ description: suggestionDescription({ maxTerms: L.maxTerms, minTermChars: L.termMinChars }) }),
  })
  .meta({ id: 'SearchResponse' });

