import { z } from 'zod';
import { graphFieldsOf, paperSchema, type Paper } from '../../shared/papers/paper.schema';
import { highlightSchema } from '../../shared/text/highlight';

const score = (description: string) => z.number().nullable().meta({ description });

/**
 * The paper record of the data API's search (spec 001 §2.4), derived from the stored paper: the
 * stored fields it carries keep the stored schema's types and descriptions; the topic is named
 * `primary_topic` here, and the record adds the scores of the mode used.
 */
const stored = paperSchema.shape;

export const semanticPaperSchema = z
  .object({
    id: stored.id,
    doi: stored.doi,
    title: stored.title,
    title_ja: stored.title_ja,
    title_en: stored.title_en,
    authors: stored.authors,
    abstract: stored.abstract,
    ai_summary_ja: stored.ai_summary_ja,
    ai_summary_en: stored.ai_summary_en,
    primary_topic: stored.topic,
    tags: stored.tags,
    venue: stored.venue,
    publication_date: stored.publication_date,
    lang: stored.lang,
    source_url: stored.source_url,
    pdf_url: stored.pdf_url,
    shelf: stored.shelf,
    is_peer_reviewed: stored.is_peer_reviewed,
    draft_score: stored.draft_score,
    cited_by_count: stored.cited_by_count,
    references_count: stored.references_count,
    cited_by_corpus_count: stored.cited_by_corpus_count,
    work_id: stored.work_id,
    versions: stored.versions,
    vector_score: score('Cosine similarity in vector and hybrid modes; null in keyword mode (and for hybrid hits the vector side did not find).'),
    keyword_score: score(
      "Keyword mode: the keyword relevance model's score (0 for a search by author alone, which scores nothing). Hybrid mode: the lexical side's BM25 score (null for hits only the vector side found). Null in vector mode.",
    ),
    highlights: z.array(highlightSchema).optional().meta({ description: 'Present with `highlight=true`: where the words of q occur in the text this record carries.' }),
    fused_score: z.number().optional().meta({
      description: "Hybrid mode: the fused score that orders the page, w × the lexical side's min–max-normalised score + (1 − w) × the vector side's (0 for a side that did not find the paper).",
    }),
  })
  .meta({ id: 'SemanticPaper' });

export type SemanticPaper = z.output<typeof semanticPaperSchema>;

/**
 * The columns of a page of the data API's records as CSV: every field of the record in its order but
 * `highlights` (`fused_score` is empty outside hybrid mode). Lists are joined by `; ` (`versions` by
 * the other records' ids), an absent value is an empty field.
 */
export const SEMANTIC_PAPER_CSV_COLUMNS: readonly string[] = Object.keys(semanticPaperSchema.shape).filter((k) => k !== 'highlights');

/** Each field of the record (the fused score is added by hybrid mode), and whether the record computes it. */
const KEYS: readonly (readonly [string, boolean])[] = Object.keys(semanticPaperSchema.shape)
  .filter((k) => k !== 'fused_score' && k !== 'highlights')
  .map((k) => [k, ['primary_topic', 'vector_score', 'keyword_score', 'cited_by_count', 'references_count', 'cited_by_corpus_count', 'work_id', 'versions'].includes(k)]);

export function toSemanticPaper(p: Paper, scores: { vector: number | null; keyword: number | null }): SemanticPaper {
  const computed: Pick<SemanticPaper, 'primary_topic' | 'vector_score' | 'keyword_score' | keyof ReturnType<typeof graphFieldsOf>> = {
    ...graphFieldsOf(p),
    primary_topic: p.topic,
    vector_score: scores.vector,
    keyword_score: scores.keyword,
  };
  // In the schema's order, which is what a client reads; a stored field under its own name.
  const record: Record<string, unknown> = {};
  for (const [key, own] of KEYS) record[key] = own ? computed[key as keyof typeof computed] : p[key as keyof Paper];
  return record as SemanticPaper;
}
