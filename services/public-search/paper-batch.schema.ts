import { z } from 'zod';
import { batchBodyLimit, paperBatchBodySchema } from '../../modules/papers';
import { publicPaperSchema } from '../../shared/papers/public-paper';

/** The public door's batch lookup: at most this many ids a request, one request of the per-IP fair use whatever their number. */
export const PUBLIC_BATCH_MAX_IDS = 50;

export const PUBLIC_BATCH_BODY_LIMIT = batchBodyLimit(PUBLIC_BATCH_MAX_IDS);

/** The body of `POST /api/v1/papers/batch` on the public door. */
export const publicBatchBodySchema = paperBatchBodySchema(PUBLIC_BATCH_MAX_IDS);

/** The answer of `POST /api/v1/papers/batch` on the public door. */
export const publicBatchResponseSchema = z
  .object({
    api_version: z.literal('v1').meta({ description: 'Lets a client detect future breaking changes.' }),
    count: z.int().min(1).meta({ description: 'Entries in `results`: the number of ids given, repeats included.' }),
    found: z.int().min(0).meta({ description: 'Entries of `results` that hold a paper (not null).' }),
    results: z.array(publicPaperSchema.nullable()).meta({
      description: 'One entry per id given, in the same order and as many: the paper (the Paper record of a search result) or null when no paper has that id, DOI or work id.',
    }),
  })
  .meta({ id: 'PaperBatchResponse' });

export type PublicBatchResponse = z.output<typeof publicBatchResponseSchema>;
