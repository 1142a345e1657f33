import { z } from 'zod';
import { batchBodyLimit, distinctRefCount, paperBatchBodySchema } from '../../modules/papers';
import { semanticPaperSchema } from './semantic-paper';

/**
 * The data API's batch lookup: at most 500 ids a request, and one request of the key's allowance
 * for every 50 distinct ids (a repeated id, or two spellings of one DOI, counted once).
 */
export const API_BATCH_LIMITS = { maxIds: 500, idsPerRequest: 50 } as const;

export const API_BATCH_BODY_LIMIT = batchBodyLimit(API_BATCH_LIMITS.maxIds);

/** The body of `POST /api/v1/papers/batch` on the data API. */
export const apiBatchBodySchema = paperBatchBodySchema(API_BATCH_LIMITS.maxIds);

/**
 * How many requests of the allowance a batch counts for: ⌈distinct ids / 50⌉. A body the route will
 * refuse (malformed, too many ids) counts one, as any refused request does.
 */
export function batchRequestCost(body: unknown): number {
  const parsed = apiBatchBodySchema.safeParse(body);
  return parsed.success ? Math.max(1, Math.ceil(distinctRefCount(parsed.data.ids) / API_BATCH_LIMITS.idsPerRequest)) : 1;
}

/** The answer of `POST /api/v1/papers/batch` on the data API. */
export const apiBatchResponseSchema = z
  .object({
    count: z.int().min(1).meta({ description: 'Entries in `results`: the number of ids given, repeats included.' }),
    found: z.int().min(0).meta({ description: 'Entries of `results` that hold a paper (not null).' }),
    results: z.array(semanticPaperSchema.nullable()).meta({
      description:
        'One entry per id given, in the same order and as many: the paper (the record of a search result, its scores null: nothing was searched) or null when no paper has that id, DOI or work id.',
    }),
  })
  .meta({ id: 'SemanticPaperBatchResponse' });

export type ApiBatchResponse = z.output<typeof apiBatchResponseSchema>;
