import type { Shelf, TopicSlug } from '../../../shared/papers/paper.schema';
import type { NewPaper } from '../../../modules/papers';

/** What the relevance scorer says about one paper. */
export interface Relevance {
  /** 0–100; the quality gate admits a paper at INGEST_GATE (80) or more. */
  score: number;
  topic: TopicSlug;
  tags: string[];
  shelf: Shelf | null;
  /** Why, in a few words (kept with a rejection). */
  reason: string;
}

/** Summaries and translated titles; null where the summariser has nothing (no translator, no abstract). */
export interface Summaries {
  ai_summary_en: string | null;
  ai_summary_ja: string | null;
  title_en: string | null;
  title_ja: string | null;
}

/** Scores papers' relevance to GX, ESG and climate research, and assigns topic and tags. */
export interface RelevanceScorer {
  readonly kind: string;
  score(papers: readonly NewPaper[]): Promise<Relevance[]>;
}

/** Writes the AI summaries and fills in missing titles. */
export interface Summariser {
  readonly kind: string;
  summarise(papers: readonly NewPaper[]): Promise<Summaries[]>;
}

/** A model service failed (after retries): the batch fails and is retried as a whole. */
export class EnrichmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnrichmentError';
  }
}
