import { z } from 'zod';
import { FACET_NAMES } from './keyword-index.port';

const bucket = (value: z.ZodType) =>
  z.array(z.object({ value: value.nullable().meta({ description: 'The value; null counts the matches without one.' }), count: z.int().min(1) }));

/** The `facets` of both doors' keyword search answers: counts over the whole match set. */
export const facetCountsSchema = z
  .object({
    topic: bucket(z.string()).optional(),
    lang: bucket(z.string()).optional(),
    year: bucket(z.int()).optional(),
    venue_type: bucket(z.string()).optional(),
  } satisfies Record<(typeof FACET_NAMES)[number], z.ZodType>)
  .meta({
    id: 'FacetCounts',
    description: 'Present when `facets` was asked for: for each field asked, every value of the match set with its count, most frequent first (ties by value; years newest first), the matches without a value last under `null`; each field\'s counts add up to `total`.',
  });
