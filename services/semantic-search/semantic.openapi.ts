import { AS_OF_ERRORS } from '../../modules/releases';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { facetCountsSchema, KEYWORD_PARAM_CODES, searchSuggestionSchema, SUBSET_SEARCH, suggestionDescription } from '../../modules/keyword-index';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { downloadHeaders, varyAcceptHeaders } from '../../shared/openapi/headers';
import { pageFormatContent, PAGE_FORMATS } from '../../modules/citations';
import { SEMANTIC_PAPER_CSV_COLUMNS, semanticPaperSchema } from './semantic-paper';
import { KEYWORD_SPLIT_LIMITS, SEMANTIC_LIMITS as L, SEMANTIC_MODES, SEMANTIC_WINDOWS as W, semanticQuerySchema } from './semantic-params';

/** When a `subset` suggestion appears (`subsetSuggestion`), with the bounds of its search. */
const SUBSET_DESCRIPTION = [
  '`kind` `subset`: when there is no `split` suggestion and the terms of q (its words, when an unspaced phrase was split) match nothing together,',
  'the largest set of them that matches papers with the same filters, and its count; `dropped` names the terms left out.',
  'Of the sets of the largest size the one matching the most papers wins, then the one keeping the earlier terms.',
  `Found by counting: each term alone (a term no paper holds is left out), the rest together, a greedy set (the most frequent terms first), then every set of each size from the largest down;`,
  `bounded: the first ${SUBSET_SEARCH.maxTerms} distinct terms are tried and at most ${SUBSET_SEARCH.maxCounts} sets counted, so a long query may get a smaller set than the largest (the largest found within the bound).`,
  'None when fewer than two terms (or words) are there to choose from, or no term matches anything alone.',
].join(' ');

export const semanticAnswerSchema = z
  .object({
    query: z.string().meta({ description: 'Echo of q; `""` for a keyword search by author alone (no q).' }),
    mode: z.enum(SEMANTIC_MODES),
    data: z.array(semanticPaperSchema),
    count: z.int().min(0),
    limit: z.int().min(1),
    offset: z.int().min(0),
    total: z.int().min(0).optional().meta({ description: 'Matches before the limit (works with `collapse=versions`), in keyword mode only.' }),
    next_cursor: z.string().optional().meta({ description: 'Keyword mode with `cursor`: pass it as `cursor` for the next page; absent on the last page.' }),
    facets: facetCountsSchema.optional().meta({ description: 'Keyword mode, when `facets` was asked for: counts over the whole match set, each field adding up to `total`.' }),
    suggestion: searchSuggestionSchema.optional().meta({ description: `Keyword mode only. ${suggestionDescription(KEYWORD_SPLIT_LIMITS)} ${SUBSET_DESCRIPTION}` }),
  })
  .meta({ id: 'SemanticSearchResponse' });

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
          'combination of their min–max-normalised scores (the lexical side weighs 0.98 with the embedded lexical embedder, 0.5 with a semantic model, unless the operator sets another share for their model).',
          'A question is ranked and embedded as its subject: the words that frame it (`how`, `does`, `what is the effect of`, は, どう, について) are left out',
          'in vector and hybrid modes, and in keyword mode they must match but weigh nothing in the order.',
          `offset + limit may not exceed ${W.keyword} (keyword), ${W.vector} (vector) or ${W.hybrid} (hybrid).`,
          'Keyword mode takes any number of terms within q\'s 1,000 characters (each of at least 2 characters), all AND-combined: the public search\'s limit of 5 terms is spec 000\'s, not this endpoint\'s.',
          'A keyword search that finds nothing carries `suggestion`: for Japanese or Chinese written without spaces (`炭素税の効果`) the words split apart (`炭素税 効果`, `kind` `split`), otherwise the largest set of the terms that matches papers together (`kind` `subset`, `dropped` naming the terms left out), each with its count.',
          '`author`, `since`, `sort=cited_by` and `collapse=versions` are keyword mode\'s, as on the public search (author: whole or family name,',
          'case-, accent- and width-insensitive; since: added to the corpus at or after; cited_by: most cited first; versions: one record per work,',
          'total counting works). Vector and hybrid modes refuse them (400 with the parameter\'s code, naming the mode): the vector index keeps no',
          'authors, creation times, citation counts or works beside its vectors, and hybrid fuses it with the lexical side, so they could not apply to both sides.',
          '`format` (or `Accept`) answers the same page, in any mode, as a citation file of its papers (BibTeX, RIS, CSL-JSON: each entry what the paper\'s page on the public site downloads) or as CSV of its records;',
          'a whole keyword match set is taken away with `GET /api/v1/papers/export`.',
          '`as_of` applies to every mode. As of a release, keyword mode and hybrid\'s lexical side search the release\'s own keyword index, and vector mode and',
          'hybrid\'s vector side an exact search over the release\'s own passage vectors (those of the content each record was cut from; cosine, ties by id),',
          'never the live vector index: the same request gives the same bytes for as long as the release is kept. If the operator changes the embedding model,',
          'the release\'s vectors become those of the new model, so its vector and hybrid answers change once. 503 `release_preparing` while the release\'s index or vectors are prepared.',
        ].join(' '),
        tags: ['Papers'],
        access: 'key',
        requestParams: { query: semanticQuerySchema },
        success: {
          status: 200,
          description: 'One page of papers, best first, in the representation asked for (JSON by default).',
          schema: semanticAnswerSchema,
          content: pageFormatContent(semanticAnswerSchema, SEMANTIC_PAPER_CSV_COLUMNS),
          headers: { ...varyAcceptHeaders, ...downloadHeaders },
        },
        errors: {
          400: {
            missing_query: `q is shorter than ${L.queryMin} characters, or absent (in vector and hybrid modes, or in keyword mode without author)`,
            query_too_long: `q is longer than ${L.queryMax} characters`,
            invalid_mode: 'mode is not vector, keyword or hybrid',
            invalid_topic: 'not one of the 25 topic slugs',
            invalid_limit: `limit is not ${L.limitMin} to ${L.limitMax}`,
            invalid_offset: "offset is not a whole number from 0, or offset + limit passes the mode's window",
            invalid_min_score: 'min_score is not a number from 0 to 100',
            invalid_lang: 'lang is not ja, en or all',
            invalid_shelf: 'shelf is not curated, japan_to_global, global_to_japan or all',
            invalid_highlight: 'highlight is not true or false',
            ...KEYWORD_PARAM_CODES,
            term_too_short: `keyword mode: a term shorter than ${L.keywordTermMinChars} characters`,
            ...AS_OF_ERRORS[400],
            invalid_format: `format is not one of ${PAGE_FORMATS.join(', ')}`,
          },
          410: AS_OF_ERRORS[410],
          502: { embedding_failed: 'the embedding service failed or timed out; retry, or use mode=keyword' },
          503: {
            vector_unavailable: 'no vector index or embedder is configured, or it cannot be reached or started; use mode=keyword',
            ranking_unavailable: "hybrid mode: the lexical side's ranked index is still being built after a start (Retry-After says when to retry); use mode=keyword meanwhile",
            ...AS_OF_ERRORS[503],
          },
        },
      }),
    },
  };
}
