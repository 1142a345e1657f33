import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { asOfQuerySchema, paperBatchErrorCodes } from '../../modules/papers';
import { AS_OF_ERRORS } from '../../modules/releases';
import { apiOperation } from '../../shared/openapi/data-api-operation';
import { BATCH_PATH } from './paper-batch.routes';
import { API_BATCH_BODY_LIMIT, API_BATCH_LIMITS as L, apiBatchBodySchema, apiBatchResponseSchema } from './paper-batch.schema';

/** The batch lookup in the data API's OpenAPI document. */
export function paperBatchPaths(): ZodOpenApiPathsObject {
  return {
    [BATCH_PATH]: {
      post: apiOperation({
        operationId: 'getPapers',
        summary: 'Papers by a list of ids, DOIs or OpenAlex work ids',
        description: [
          `Up to ${L.maxIds} papers in one request, answered in the order asked: \`results\` has one entry per id given, the paper search's record (scores null: nothing was searched), or null when no paper has that id.`,
          'An id is a paper id, a DOI as `doi:10.…` (the prefix in any case; the DOI compared as stored, without resolver prefix and in lower case) or an OpenAlex work id as `openalex:W…`.',
          'Several records of one work may carry one OpenAlex work id (a preprint and its journal version): the one with the smallest id answers, as a reference to that work id resolves. A bare `W…` is read as a paper id.',
          'A repeated id (or two spellings of one DOI) is answered at each of its positions and looked up once. An id of none of the three forms is a 400 `invalid_ids` naming its positions (`invalid_positions`, from 0): a malformed id is a mistake to fix, while a well-formed id that names nothing is a null.',
          `**Cost:** one request of the key's allowance for every ${L.idsPerRequest} distinct ids (⌈distinct ids / ${L.idsPerRequest}⌉: 1 to ${L.idsPerRequest} ids count 1, ${L.maxIds} count ${L.maxIds / L.idsPerRequest}; ids are distinct by their canonical form, so a paper named once by its id and once by its DOI counts twice), and one request of the per-second burst limit.`,
          "The allowance is charged whole or not at all: a batch that counts for more than is left is a 429 (`request_cost` says how many it counts for) and charges nothing; a refused body (a 400) counts one, as any refused request does. The `X-RateLimit-*` and `RateLimit` headers tell what is left after it.",
          'Read from the paper store in one statement; with `as_of`, the papers as that release held them (a DOI or work id resolved among its papers).',
        ].join(' '),
        tags: ['Papers'],
        access: 'key',
        requestParams: { query: asOfQuerySchema },
        body: apiBatchBodySchema,
        bodyLimit: API_BATCH_BODY_LIMIT,
        success: { status: 200, description: 'The papers, in the order of `ids`.', schema: apiBatchResponseSchema },
        errors: { 400: { ...paperBatchErrorCodes(L.maxIds), ...AS_OF_ERRORS[400] }, 410: AS_OF_ERRORS[410] },
      }),
    },
  };
}
