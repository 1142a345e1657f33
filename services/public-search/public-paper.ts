import type { Paper } from '../../shared/papers/paper';
import { truncateText } from '../../shared/text/normalize';

export const ABSTRACT_MAX_CHARS = 600;

/** The Paper record of the public search (spec 000 §2.2). */
export interface PublicPaper {
  id: string;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  authors: string[];
  year: number | null;
  abstract: string | null;
  url: string;
  citation_url: string;
  doi: string | null;
  source_url: string | null;
  venue: string | null;
  venue_type: string | null;
  topic: string | null;
  tags: string[];
  lang: string | null;
  updated_at: string | null;
}

export function toPublicPaper(paper: Paper, publicBaseUrl: string): PublicPaper {
  const url = `${publicBaseUrl}/papers/${encodeURIComponent(paper.id)}`;
  // The AI summary (English preferred), else the original abstract; never more than 600 characters.
  const display = paper.ai_summary_en ?? paper.ai_summary_ja ?? paper.abstract;
  return {
    id: paper.id,
    title: paper.title,
    title_ja: paper.title_ja,
    title_en: paper.title_en,
    authors: paper.authors,
    year: paper.year,
    abstract: display === null ? null : truncateText(display, ABSTRACT_MAX_CHARS),
    url,
    citation_url: paper.doi ? `https://doi.org/${paper.doi}` : (paper.source_url ?? url),
    doi: paper.doi,
    source_url: paper.source_url,
    venue: paper.venue,
    venue_type: paper.venue_type,
    topic: paper.topic,
    tags: paper.tags,
    lang: paper.lang,
    updated_at: paper.updated_at,
  };
}
