/** The paper as stored in Postgres (the source of truth) and held by every search index. */

export const TOPIC_SLUGS = [
  'esg', 'energy_transition', 'carbon_pricing', 'climate_finance', 'ccus', 'hydrogen', 'renewable', 'policy',
  'carbon_accounting', 'climate_science', 'disclosure_infrastructure', 'transition_finance', 'energy_efficiency',
  'scope3', 'scope1_2', 'tcfd', 'sbt', 'cdp', 'ev', 'greenwashing', 'climate_risk', 'biodiversity', 'supply_chain',
  'ai_esg', 'other',
] as const;
export type TopicSlug = (typeof TOPIC_SLUGS)[number];

export const VENUE_TYPES = ['preprint', 'journal', 'conference', 'dataset', 'report'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

/** A paper's language: `mul` papers carry text in more than one language and match both `ja` and `en`. */
export const PAPER_LANGS = ['ja', 'en', 'mul'] as const;
export type PaperLang = (typeof PAPER_LANGS)[number];

/** Editorial shelves of the data API's paper search (spec 001 §2.4). */
export const SHELVES = ['curated', 'japan_to_global', 'global_to_japan'] as const;
export type Shelf = (typeof SHELVES)[number];

export interface Paper {
  /** Stable, opaque identifier derived from the paper's identity (its DOI when it has one). */
  id: string;
  doi: string | null;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  authors: string[];
  year: number | null;
  /** The original abstract, in full (the public record shortens its display text to 600 characters). */
  abstract: string | null;
  ai_summary_en: string | null;
  ai_summary_ja: string | null;
  source_url: string | null;
  venue: string | null;
  venue_type: VenueType | null;
  topic: TopicSlug | null;
  tags: string[];
  lang: PaperLang | null;
  /** Where the record came from (a source repository, an ingest source, or `demo` for generated demo data). */
  source: string | null;
  shelf: Shelf | null;
  is_peer_reviewed: boolean | null;
  /** The relevance model's score, 0–100; published papers passed the gate at 80. */
  draft_score: number | null;
  /** ISO date (YYYY-MM-DD). */
  publication_date: string | null;
  pdf_url: string | null;
  updated_at: string;
}

export const isTopicSlug = (v: string): v is TopicSlug => (TOPIC_SLUGS as readonly string[]).includes(v);
