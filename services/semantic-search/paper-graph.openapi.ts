import { AS_OF_ERRORS } from '../../modules/releases';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { citedByQuerySchema, GRAPH_LIMITS as L, GRAPH_PARAM_CODES, paperPathSchema, referencesQuerySchema } from '../../modules/papers';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { API_GRAPH_PAGES } from './paper-graph.schema';

const PAGING = `Paged by \`cursor\`: \`*\` (or absent) for the first page, then each answer's \`next_cursor\` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. \`limit\` ${L.limitMin}–${L.limitMax}, default ${L.limitDefault}. Read from Postgres: a new edge shows at once; with \`as_of\`, the graph as that release resolved it. Each page is one request of the key's allowance.`;

const errors = { 400: { ...GRAPH_PARAM_CODES, ...AS_OF_ERRORS[400] }, 404: { not_found: 'no paper with this id (in the release as_of names, when given)' }, 410: AS_OF_ERRORS[410] };

/** A paper's references and cited-by in the data API's OpenAPI document. */
export function paperGraphPaths(): ZodOpenApiPathsObject {
  return {
    '/api/v1/papers/{id}/references': {
      get: apiOperation({
        operationId: 'getPaperReferences',
        summary: "A paper's references",
        description: `The works the paper cites, in its own order: each the cited paper's record (the paper search's, with null scores) when it is in this corpus, else an external reference \`{ doi, openalex_id }\` as the paper gave it. \`total\` is the paper's \`references_count\`. ${PAGING}`,
        tags: ['Papers'],
        access: 'key',
        requestParams: { path: paperPathSchema, query: referencesQuerySchema },
        success: { status: 200, description: 'One page of references.', schema: API_GRAPH_PAGES.references },
        errors,
      }),
    },
    '/api/v1/papers/{id}/cited-by': {
      get: apiOperation({
        operationId: 'getPaperCitedBy',
        summary: 'The papers citing a paper',
        description: `The papers of this corpus citing the paper, newest first (publication year descending, papers without a year last, then id), each once, as the paper search's records with null scores. \`total\` is the paper's \`cited_by_corpus_count\` (a record's \`cited_by_count\` is its source's count over all literature). ${PAGING}`,
        tags: ['Papers'],
        access: 'key',
        requestParams: { path: paperPathSchema, query: citedByQuerySchema },
        success: { status: 200, description: 'One page of citing papers.', schema: API_GRAPH_PAGES.citedBy },
        errors,
      }),
    },
  };
}
