import { z } from 'zod';
import { semanticPaperSchema } from './semantic-paper';

/** The signals related papers and recommendations fuse (see `docs/data-api.md`, "Related papers and recommendations"). */
export const RELATED_SIGNALS = ['vector', 'bibliographic_coupling', 'co_citation', 'lexical'] as const;
export type RelatedSignal = (typeof RELATED_SIGNALS)[number];

const signalSchema = z.enum(RELATED_SIGNALS);

/** A related or recommended paper: the search's record (no highlights: there is no query), its fused score and the signals that found it. */
export const relatedSemanticPaperSchema = semanticPaperSchema
  .omit({ highlights: true, fused_score: true })
  .extend({
    related_score: z.number().meta({
      description:
        "The fused score that orders the answer: weighted reciprocal rank fusion, Σ weight / (60 + rank) over the signals that found the paper's work (weight 1 for vector and lexical; 2 for bibliographic_coupling and co_citation, times the evidence found, its Adamic–Adar score, at most 1); recommendations subtract half the same sum over the negatives' signals, so it may be negative. Comparable within one answer only.",
    }),
    signals: z.array(signalSchema).min(1).meta({
      description:
        '`vector` (near its embedding), `bibliographic_coupling` (shares references), `co_citation` (cited together by the same papers), `lexical` (alike in its title, tag and topic words): the signals that found it. `vector_score` is its cosine similarity when `vector` found it, `keyword_score` its BM25 score when `lexical` did.',
    }),
  })
  .meta({ id: 'RelatedSemanticPaper' });

const signalsUsed = z.array(signalSchema).meta({ description: 'The signals consulted for this answer.' });
const signalsUnavailable = z
  .array(z.object({ signal: signalSchema, reason: z.string() }))
  .optional()
  .meta({
    description:
      'Present when a signal could not be consulted (the vector index still being built after a start, or down; the ranked index still being prepared): the answer comes from the other signals, never a 503 for that alone.',
  });

/** The answer of `GET /api/v1/papers/{id}/related` on the data API. */
export const relatedAnswerSchema = z
  .object({
    paper_id: z.string().meta({ description: 'The paper the results are related to.' }),
    count: z.int().min(0).meta({ description: 'Records in this response (fewer than `limit` when fewer papers are related or pass the filters).' }),
    limit: z.int().min(1),
    results: z.array(relatedSemanticPaperSchema).meta({ description: 'Related papers, most related first: never the paper itself nor another version of it, each work once.' }),
    signals_used: signalsUsed,
    signals_unavailable: signalsUnavailable,
  })
  .meta({ id: 'RelatedPapersResponse' });

/** The answer of `POST /api/v1/papers/recommendations`. */
export const recommendationsAnswerSchema = z
  .object({
    positive: z.array(z.string()).meta({ description: 'The positive ids, distinct, as given.' }),
    negative: z.array(z.string()).meta({ description: 'The negative ids, distinct, as given.' }),
    count: z.int().min(0),
    limit: z.int().min(1),
    results: z.array(relatedSemanticPaperSchema).meta({ description: 'Recommended papers, best first: never a given paper nor another version of one, each work once.' }),
    signals_used: signalsUsed,
    signals_unavailable: signalsUnavailable,
  })
  .meta({ id: 'RecommendationsResponse' });

export type RelatedAnswer = z.output<typeof relatedAnswerSchema>;
export type RecommendationsAnswer = z.output<typeof recommendationsAnswerSchema>;
export type RelatedSemanticPaper = z.output<typeof relatedSemanticPaperSchema>;
