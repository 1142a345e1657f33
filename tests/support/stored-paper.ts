import type { Paper } from '../../shared/papers/paper';

/** A stored paper with the id given and every other field empty unless set (tests of what engines build from papers). */
export const storedPaper = (fields: Partial<Paper> & { id: string }): Paper => ({
  doi: null,
  title: null,
  title_ja: null,
  title_en: null,
  authors: [],
  year: null,
  abstract: null,
  ai_summary_en: null,
  ai_summary_ja: null,
  source_url: null,
  venue: null,
  venue_type: null,
  topic: null,
  tags: [],
  lang: null,
  source: null,
  shelf: null,
  is_peer_reviewed: null,
  draft_score: null,
  publication_date: null,
  pdf_url: null,
  updated_at: '2024-05-01T00:00:00Z',
  ...fields,
});
