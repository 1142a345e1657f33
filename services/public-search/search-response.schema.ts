import { z } from 'zod';
import { TOPIC_SLUGS, VENUE_TYPES } from '../../shared/papers/paper';
import { ABSTRACT_MAX_CHARS, type PublicPaper } from './public-paper';
import { searchSuggestionSchema, suggestionDescription } from '../../shared/keyword-index/split-suggestion.schema';
import { SEARCH_LANGS, SEARCH_LIMITS as L } from './search-params';

/** The response of the public search (spec 000 §2), for the OpenAPI document and the tests that hold answers to it. */

const nullable = (schema: z.ZodType, description: string) => schema.nullable().meta({ description });

export const publicPaperSchema = z
  .object({
    id: z.string().meta({ description: 'Stable, opaque paper identifier.' }),
    title: nullable(z.string(), 'Title in its original language.'),
    title_ja: nullable(z.string(), 'Japanese title, AI-translated when needed.'),
    title_en: nullable(z.string(), 'English title, AI-translated when needed.'),
    authors: z.array(z.string()).meta({ description: 'Author display names.' }),
    year: nullable(z.int(), 'Publication year.'),
    abstract: nullable(
      z.string().max(ABSTRACT_MAX_CHARS),
      `AI summary (English preferred) or the original abstract, at most ${ABSTRACT_MAX_CHARS} characters (a shortened text ends with "…").`,
    ),
    url: z.string().meta({ format: 'uri', description: "Address of the paper's page on the service." }),
    citation_url: z.string().meta({ format: 'uri', description: "The DOI link when a DOI exists, otherwise the source URL, otherwise the service's paper page." }),
    doi: nullable(z.string(), 'Digital Object Identifier (lower-case, without resolver prefix).'),
    source_url: nullable(z.string(), 'Original source address.'),
    venue: nullable(z.string(), 'Publication venue name.'),
    venue_type: nullable(z.enum(VENUE_TYPES), 'Kind of venue.'),
    topic: nullable(z.enum(TOPIC_SLUGS), 'Primary topic slug.'),
    tags: z.array(z.string()).meta({ description: 'AI-assigned keyword tags.' }),
    lang: nullable(
      z.enum(['ja', 'en', 'mul']),
      'Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters.',
    ),
    updated_at: nullable(z.string().meta({ format: 'date-time' }), 'ISO 8601 UTC time of the last change to the record.'),
  })
  .meta({ id: 'Paper' });

export const searchResponseSchema = z
  .object({
    api_version: z.literal('v1').meta({ description: 'Lets a client detect future breaking changes.' }),
    query: z.string().meta({ description: 'Echo of q.' }),
    topic: nullable(z.enum(TOPIC_SLUGS), 'Echo of the topic filter; null when absent.'),
    lang: z.enum(SEARCH_LANGS).meta({ description: 'Echo of the language filter; `all` when absent.' }),
    total: z.int().min(0).meta({ description: 'Matching papers before limit and offset apply.' }),
    count: z.int().min(0).meta({ description: 'Records in this response.' }),
    limit: z.int().meta({ description: 'The applied limit.' }),
    offset: z.int().meta({ description: 'The applied offset.' }),
    results: z.array(publicPaperSchema),
    suggestion: searchSuggestionSchema.optional().meta({ description: suggestionDescription({ maxTerms: L.maxTerms, minTermChars: L.termMinChars }) }),
  })
  .meta({ id: 'SearchResponse' });

// The record type and the schema name the same fields, or this does not compile.
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : never;
export const PAPER_FIELDS_MATCH: SameKeys<PublicPaper, z.output<typeof publicPaperSchema>> = true;
