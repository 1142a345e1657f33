import { z } from 'zod';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { publicPaperSchema } from '../../shared/papers/public-paper';
import { SEARCH_LANGS } from './search-params';

/** A related paper: the search's record (without highlights: there is no query to mark) and how related it is. */
export const relatedPublicPaperSchema = publicPaperSchema
  .omit({ highlights: true })
  .extend({
    related_score: z.number().meta({
      description:
        "How alike the two papers' words are: the BM25 score of the \"more like this\" query built from this paper's most distinctive title, tag and topic terms. Higher is closer; comparable within one answer only.",
    }),
  })
  .meta({ id: 'RelatedPaper' });

/** The answer of `GET /api/v1/papers/{id}/related` on the public door. */
export const relatedResponseSchema = z
  .object({
    api_version: z.literal('v1').meta({ description: 'Lets a client detect future breaking changes.' }),
    paper_id: z.string().meta({ description: 'The paper the results are related to.' }),
    topic: z.enum(TOPIC_SLUGS).nullable().meta({ description: 'Echo of the topic filter; null when absent.' }),
    lang: z.enum(SEARCH_LANGS).meta({ description: 'Echo of the language filter; `all` when absent.' }),
    count: z.int().min(0).meta({ description: 'Records in this response (fewer than `limit` when fewer papers are related or pass the filters).' }),
    limit: z.int().meta({ description: 'The applied limit.' }),
    results: z.array(relatedPublicPaperSchema).meta({ description: 'Related papers, most related first: never the paper itself nor another version of it, each work once.' }),
  })
  .meta({ id: 'RelatedResponse' });

export type RelatedEnvelope = z.output<typeof relatedResponseSchema>;
