import { z } from 'zod';

/**
 * The paper as stored in Postgres (the source of truth) and held by every search index: the one
 * schema every paper shape is derived from — the load and ingest inputs (`modules/papers/paper-input`),
 * the repository's columns (`modules/papers/paper-columns`), both doors' records and their OpenAPI
 * documents, the MCP tools and llms.txt. A new field is an edit here plus its migration.
 */

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

const orNull = <T extends z.ZodType>(schema: T, description: string) => schema.nullable().meta({ description });
// Stored as its WHATWG serialisation (punycode host, percent-encoded path): a URI every client accepts.
const httpUrl = () => z.url({ protocol: /^https?$/ }).overwrite((v) => new URL(v).href);

/** A version of the work as another record lists it. */
export const paperVersionSchema = z
  .object({
    id: z.string().meta({ description: 'The other record\'s id.' }),
    venue_type: z.enum(VENUE_TYPES).nullable().meta({ description: 'Its kind of venue.' }),
    doi: z.string().nullable().meta({ description: 'Its DOI.' }),
    year: z.int().nullable().meta({ description: 'Its publication year.' }),
  })
  .meta({ id: 'PaperVersion' });
export type PaperVersion = z.infer<typeof paperVersionSchema>;

/** An OpenAlex work id (`W` and digits), the form the `openalex_id` field and `openalex:` references hold. */
export const OPENALEX_ID = /^W\d{1,12}$/;

/** The content of a paper: what loads and ingest write, what its content hash covers, one column each. */
export const paperContentSchema = z.object({
  id: z.string().meta({ description: 'Stable, opaque paper identifier (derived from the paper\'s identity: its DOI when it has one).' }),
  doi: orNull(z.string(), 'Digital Object Identifier (lower-case, without resolver prefix).'),
  title: orNull(z.string(), 'Title in its original language.'),
  title_ja: orNull(z.string(), 'Japanese title, AI-translated when needed.'),
  title_en: orNull(z.string(), 'English title, AI-translated when needed.'),
  authors: z.array(z.string()).meta({ description: 'Author display names.' }),
  year: orNull(z.int().min(1000).max(2100), 'Publication year.'),
  abstract: orNull(z.string(), 'The original abstract, in full.'),
  ai_summary_en: orNull(z.string(), 'AI summary in English.'),
  ai_summary_ja: orNull(z.string(), 'AI summary in Japanese.'),
  source_url: orNull(httpUrl(), 'Original source address.'),
  venue: orNull(z.string(), 'Publication venue name.'),
  venue_type: orNull(z.enum(VENUE_TYPES), 'Kind of venue.'),
  topic: orNull(z.enum(TOPIC_SLUGS), 'Primary topic slug.'),
  tags: z.array(z.string()).meta({ description: 'AI-assigned keyword tags.' }),
  lang: orNull(
    z.enum(PAPER_LANGS),
    'Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters.',
  ),
  source: orNull(z.string(), 'Where the record came from (a source repository, an ingest source, or `demo` for generated demo data).'),
  shelf: orNull(z.enum(SHELVES), 'Editorial shelf.'),
  is_peer_reviewed: orNull(z.boolean(), 'Whether the venue reviews its papers.'),
  draft_score: orNull(z.number().min(0).max(100), 'Quality score; published papers have passed a quality gate.'),
  publication_date: orNull(z.iso.date(), 'Publication date (YYYY-MM-DD).'),
  pdf_url: orNull(httpUrl(), 'Address of the full text as PDF.'),
  cited_by_count: orNull(z.int().min(0), 'How many works cite this paper, as its source counted them when it was last ingested.'),
  openalex_id: orNull(z.string().regex(OPENALEX_ID), 'OpenAlex work id (`W` and digits).'),
});

/**
 * The edges a paper states, as written (DOIs or `openalex:W…` work ids, normalised): kept in tables
 * of their own (`paper_references`, `paper_version_links`), covered by the content hash, and turned
 * into the derived fields below.
 */
export const paperLinksSchema = z.object({
  references: z.array(z.string()).meta({ description: 'The works this paper cites: DOIs or `openalex:W…` work ids.' }),
  same_work_as: z.array(z.string()).meta({ description: 'Other records of the same work as the source relates them (preprint of, has preprint, version of): DOIs or `openalex:W…` work ids.' }),
});

/** What the repository derives from the graph of all papers and keeps in step with every write. */
export const paperDerivedSchema = z.object({
  references_count: z.int().min(0).meta({ description: 'How many references the paper lists, whether or not they are in this corpus.' }),
  cited_by_corpus_count: z.int().min(0).meta({ description: 'How many papers of this corpus cite this paper.' }),
  work_id: z.string().meta({ description: 'The work this record is a version of (the smallest id among its versions; its own id when it has none).' }),
  versions: z.array(paperVersionSchema).meta({ description: 'The other records of the same work (preprint, journal, conference, report), oldest first.' }),
  created_at: z.iso.datetime().meta({ description: 'ISO 8601 UTC time the record was first added to the corpus.' }),
});

export const paperSchema = paperContentSchema.extend({
  ...paperDerivedSchema.shape,
  updated_at: z.iso.datetime().meta({ description: 'ISO 8601 UTC time of the last change to the record.' }),
});

export type Paper = z.infer<typeof paperSchema>;

/** A paper as written: its content and the edges it states; the database and repository set the rest. */
export const newPaperSchema = paperContentSchema.extend(paperLinksSchema.shape);
export type NewPaper = z.infer<typeof newPaperSchema>;
export type PaperField = keyof NewPaper;
export type PaperContentField = keyof z.infer<typeof paperContentSchema>;

export const isTopicSlug = (v: string): v is TopicSlug => (TOPIC_SLUGS as readonly string[]).includes(v);

/**
 * The paper a written one is stored as while nothing else in the corpus relates to it: no citing
 * papers, no other versions, its work its own. (Tests and benchmarks build stored papers with it.)
 */
export function storedAlone(paper: NewPaper, updatedAt: string, createdAt = updatedAt): Paper {
  const { references, same_work_as: _, ...content } = paper;
  return { ...content, references_count: references.length, cited_by_corpus_count: 0, work_id: paper.id, versions: [], created_at: createdAt, updated_at: updatedAt };
}

/** The fields a paper record shows of its place in the graph. */
export type PaperGraphFields = Pick<Paper, 'cited_by_count' | 'references_count' | 'cited_by_corpus_count' | 'work_id' | 'versions'>;

/**
 * Those fields of a stored paper, defaulted for a paper an index saved before it had them (its
 * files are reopened, not rebuilt): nothing cited, no other version, its work its own.
 */
export function graphFieldsOf(p: Paper): PaperGraphFields {
  return {
    cited_by_count: p.cited_by_count ?? null,
    references_count: p.references_count ?? 0,
    cited_by_corpus_count: p.cited_by_corpus_count ?? 0,
    work_id: p.work_id ?? p.id,
    versions: p.versions ?? [],
  };
}
