import type { Paper } from '../../shared/papers/paper';

/** The paper record of the data API's search (spec 001 §2.4), with the scores of the mode used. */
export interface SemanticPaper {
  id: string;
  doi: string | null;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  authors: string[];
  abstract: string | null;
  ai_summary_ja: string | null;
  ai_summary_en: string | null;
  primary_topic: string | null;
  tags: string[];
  venue: string | null;
  publication_date: string | null;
  lang: string | null;
  source_url: string | null;
  pdf_url: string | null;
  shelf: string | null;
  is_peer_reviewed: boolean | null;
  draft_score: number | null;
  /** Cosine similarity in vector (and hybrid) mode; null in keyword mode. */
  vector_score: number | null;
  /** The keyword formula's score in keyword (and hybrid) mode; null in vector mode. */
  keyword_score: number | null;
}

export function toSemanticPaper(p: Paper, scores: { vector: number | null; keyword: number | null }): SemanticPaper {
  return {
    id: p.id,
    doi: p.doi,
    title: p.title,
    title_ja: p.title_ja,
    title_en: p.title_en,
    authors: p.authors,
    abstract: p.abstract,
    ai_summary_ja: p.ai_summary_ja,
    ai_summary_en: p.ai_summary_en,
    primary_topic: p.topic,
    tags: p.tags,
    venue: p.venue,
    publication_date: p.publication_date,
    lang: p.lang,
    source_url: p.source_url,
    pdf_url: p.pdf_url,
    shelf: p.shelf,
    is_peer_reviewed: p.is_peer_reviewed,
    draft_score: p.draft_score,
    vector_score: scores.vector,
    keyword_score: scores.keyword,
  };
}
