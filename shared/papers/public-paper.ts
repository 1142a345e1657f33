import { z } from 'zod';
import { highlightSchema } from '../text/highlight';
import { truncateText } from '../text/normalize';
import { graphFieldsOf, paperSchema, type Paper } from './paper.schema';

export const ABSTRACT_MAX_CHARS = 600;

/**
 * The Paper record of the public search (spec 000 §2.2, its fields in the spec's order), derived from
 * the stored paper: the fields it shares are the stored schema's own (types, rules, descriptions); the
 * display abstract and the two links are its own. The public search API, the paper pages and the citations all serve this one shape.
 */
const stored = paperSchema.shape;

export const publicPaperSchema = z
  .object({
    id: stored.id,
    title: stored.title,
    title_ja: stored.title_ja,
    title_en: stored.title_en,
    authors: stored.authors,
    year: stored.year,
    abstract: z
      .string()
      .max(ABSTRACT_MAX_CHARS)
      .nullable()
      .meta({ description: `AI summary (English preferred) or the original abstract, at most ${ABSTRACT_MAX_CHARS} characters (a shortened text ends with "…").` }),
    url: z.string().meta({ format: 'uri', description: "Address of the paper's page on the service." }),
    citation_url: z.string().meta({ format: 'uri', description: "The DOI link when a DOI exists, otherwise the source URL, otherwise the service's paper page." }),
    doi: stored.doi,
    source_url: stored.source_url,
    venue: stored.venue,
    venue_type: stored.venue_type,
    topic: stored.topic,
    tags: stored.tags,
    lang: stored.lang,
    updated_at: stored.updated_at.nullable(),
    cited_by_count: stored.cited_by_count,
    references_count: stored.references_count,
    cited_by_corpus_count: stored.cited_by_corpus_count,
    work_id: stored.work_id,
    versions: stored.versions,
    abstract_ja: z
      .string()
      .max(ABSTRACT_MAX_CHARS)
      .optional()
      .meta({ description: `The Japanese AI summary, at most ${ABSTRACT_MAX_CHARS} characters, when the paper has one and \`abstract\` carries another text (the English summary or the original abstract); absent otherwise. A Japanese reader's summary, so a page can show it first.` }),
    highlights: z.array(highlightSchema).optional().meta({ description: 'Present with `highlight=true`: where the query terms occur in the text this record carries.' }),
  })
  .meta({ id: 'Paper' });

export type PublicPaper = z.output<typeof publicPaperSchema>;

/**
 * The columns of a page of public records as CSV: every field of the record in its order but
 * `highlights` (offsets into the record's own texts, of no use in a spreadsheet). Lists are joined by
 * `; ` (`versions` by the other records' ids), an absent value is an empty field.
 */
export const PUBLIC_PAPER_CSV_COLUMNS: readonly string[] = Object.keys(publicPaperSchema.shape).filter((k) => k !== 'highlights');

const GRAPH_KEYS = ['cited_by_count', 'references_count', 'cited_by_corpus_count', 'work_id', 'versions'];

/** Each field of the record, and whether the record computes it (else it is the stored paper's). */
const KEYS: readonly (readonly [string, boolean])[] = Object.keys(publicPaperSchema.shape)
  .filter((k) => k !== 'highlights' && k !== 'abstract_ja')
  .map((k) => [k, ['abstract', 'url', 'citation_url', ...GRAPH_KEYS].includes(k)]);

export function toPublicPaper(paper: Paper, publicBaseUrl: string): PublicPaper {
  const url = `${publicBaseUrl}/papers/${encodeURIComponent(paper.id)}`;
  // The AI summary (English preferred), else the original abstract; never more than 600 characters.
  const display = paper.ai_summary_en ?? paper.ai_summary_ja ?? paper.abstract;
  const computed: Pick<PublicPaper, 'abstract' | 'url' | 'citation_url' | keyof ReturnType<typeof graphFieldsOf>> = {
    ...graphFieldsOf(paper),
    abstract: display === null ? null : truncateText(display, ABSTRACT_MAX_CHARS),
    url,
    // A DOI may hold characters a URI may not (`<`, `[`, a space): percent-encoded, the link is one a strict client accepts.
    citation_url: paper.doi ? `https://doi.org/${encodeURI(paper.doi)}` : (paper.source_url ?? url),
  };
  // In the schema's order, which is what a client reads (a plain loop: this runs for every result).
  const record: Record<string, unknown> = {};
  for (const [key, own] of KEYS) record[key] = own ? computed[key as keyof typeof computed] : paper[key as keyof Paper];
  // Only when it adds a text: the field is absent when `abstract` already is the Japanese summary.
  if (paper.ai_summary_ja && display !== paper.ai_summary_ja) record.abstract_ja = truncateText(paper.ai_summary_ja, ABSTRACT_MAX_CHARS);
  return record as PublicPaper;
}
