import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { searchSuggestionSchema, suggestionDescription } from '../../shared/keyword-index/split-suggestion.schema';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { PAPER_LANGS, SHELVES, TOPIC_SLUGS } from '../../shared/papers/paper';
import type { SemanticPaper } from './semantic-paper';
import { KEYWORD_SPLIT_LIMITS } from './semantic-search.service';
import { SEMANTIC_LIMITS as L, SEMANTIC_MODES, SEMANTIC_WINDOWS as W, semanticQuerySchema } from './semantic-params';

const orNull = <T extends z.ZodType>(schema: T, description?: string) => schema.nullable().meta(description ? { description } : {});

/** The paper record of the data API's search (spec 001 §2.4). */
export const semanticPaperSchema = z
  .object({
    id: z.string(),
    doi: orNull(z.string()),
    title: orNull(z.string()),
    title_ja: orNull(z.string()),
    title_en: orNull(z.string()),
    authors: z.array(z.string()),
    abstract: orNull(z.string(), 'The original abstract.'),
    ai_summary_ja: orNull(z.string()),
    ai_summary_en: orNull(z.string()),
    primary_topic: orNull(z.enum(TOPIC_SLUGS)),
    tags: z.array(z.string()),
    venue: orNull(z.string()),
    publication_date: orNull(z.string().meta({ format: 'date' })),
    lang: orNull(z.enum(PAPER_LANGS)),
    source_url: orNull(z.string()),
    pdf_url: orNull(z.string()),
    shelf: orNull(z.enum(SHELVES)),
    is_peer_reviewed: orNull(z.boolean()),
    draft_score: orNull(z.number().min(0).max(100), 'Quality score; published papers have passed a quality gate.'),
    vector_score: orNull(z.number(), 'Cosine similarity in vector and hybrid modes; null in keyword mode (and for hybrid hits the vector side did not find).'),
    keyword_score: orNull(
      z.number(),
      "Keyword mode: the keyword relevance model's score. Hybrid mode: the lexical side's BM25 score (null for hits only the vector side found). Null in vector mode.",
    ),
    fused_score: z.number().optional().meta({
      description: "Hybrid mode: the fused score that orders the page, w × the lexical side's min–max-normalised score + (1 − w) × the vector side's (0 for a side that did not find the paper).",
    }),
  })
  .meta({ id: 'SemanticPaper' });

export const semanticAnswerSchema = z
  .object({
    query: z.string().meta({ description: 'Echo of q.' }),
    mode: z.enum(SEMANTIC_MODES),
    data: z.array(semanticPaperSchema),
    count: z.int().min(0),
    limit: z.int().min(1),
    offset: z.int().min(0),
    total: z.int().min(0).optional().meta({ description: 'Matches before the limit, in keyword mode only.' }),
    suggestion: searchSuggestionSchema.optional().meta({ description: `Keyword mode only. ${suggestionDescription(KEYWORD_SPLIT_LIMITS)}` }),
  })
  .meta({ id: 'SemanticSearchResponse' });

// The record type and the schema name the same fields, or this does not compile.
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : never;
export const SEMANTIC_FIELDS_MATCH: SameKeys<SemanticPaper & { fused_score?: number }, z.output<typeof semanticPaperSchema>> = true;

/** Spec 001 §4.7 in the data API's OpenAPI document. */
export function semanticPaths(): ZodOpenApiPathsObject {
  return {
    '/api/v1/papers/search': {
      get: apiOperation({
        operationId: 'searchPapersSemantic',
        summary: 'Search papers by vector similarity, keyword or both',
        description: [
          'In `vector` mode (the default) q is embedded (1,024 dimensions, multilingual) and matched to its nearest neighbours with every filter',
          'applied inside the search; in `keyword` mode every term must match (AND of substring matches, the public search\'s ranking); `hybrid`',
          'is for questions in sentences: the best papers of a ranked any-term lexical search (BM25 over titles, tags and topic, abstracts and',
          'summaries; English words stemmed, Japanese and Chinese as character bigrams) and the best of the vector search, fused by a convex',
          'combination of their min–max-normalised scores (the lexical side weighs 0.7 with the embedded lexical embedder, 0.5 with a semantic model).',
          `offset + limit may not exceed ${W.keyword} (keyword), ${W.vector} (vector) or ${W.hybrid} (hybrid).`,
          'A keyword search that finds nothing for Japanese or Chinese written without spaces (`炭素税の効果`) carries `suggestion`: the words split apart (`炭素税 効果`) and their count.',
        ].join(' '),
        tags: ['Papers'],
        access: 'key',
        requestParams: { query: semanticQuerySchema },
        success: { status: 200, description: 'One page of papers, best first.', schema: semanticAnswerSchema },
        errors: {
          400: {
            missing_query: `q is absent or shorter than ${L.queryMin} characters`,
            query_too_long: `q is longer than ${L.queryMax} characters`,
            invalid_mode: 'mode is not vector, keyword or hybrid',
            invalid_topic: 'not one of the 25 topic slugs',
            invalid_limit: `limit is not ${L.limitMin} to ${L.limitMax}`,
            invalid_offset: "offset is not a whole number from 0, or offset + limit passes the mode's window",
            invalid_min_score: 'min_score is not a number from 0 to 100',
            invalid_lang: 'lang is not ja, en or all',
            invalid_shelf: 'shelf is not curated, japan_to_global, global_to_japan or all',
            too_many_terms: `keyword mode: more than ${L.maxKeywordTerms} terms`,
            term_too_short: 'keyword mode: a term shorter than 2 characters',
          },
          502: { embedding_failed: 'the embedding service failed or timed out; retry, or use mode=keyword' },
          503: {
            vector_unavailable: 'no vector index or embedder is configured, or it cannot be reached or started; use mode=keyword',
            ranking_unavailable: "hybrid mode: the lexical side's ranked index is still being built after a start (Retry-After says when to retry); use mode=keyword meanwhile",
          },
        },
      }),
    },
  };
}
