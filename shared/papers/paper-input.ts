import { createHash } from 'node:crypto';
import { z } from 'zod';
import { describeIssues } from '../loading/load-records';
import { PAPER_LANGS, SHELVES, TOPIC_SLUGS, VENUE_TYPES, type Paper, type PaperLang } from './paper';

/**
 * One line of a papers JSON Lines file (`gx load papers`), as in `papers.jsonl` plus the optional
 * fields of the public Paper record. Unknown fields are ignored.
 */
const nullableText = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const textList = z
  .array(z.string())
  .nullish()
  .transform((v) => [...new Set((v ?? []).map((s) => s.trim()).filter((s) => s.length > 0))]);

export const paperInputSchema = z
  .object({
    id: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v).trim() || null)),
    doi: nullableText,
    title: nullableText,
    title_ja: nullableText,
    title_en: nullableText,
    authors: textList,
    year: z.number().int().min(1000).max(2100).nullish().transform((v) => v ?? null),
    abstract: nullableText,
    ai_summary_en: nullableText,
    ai_summary_ja: nullableText,
    source_url: nullableText.pipe(z.url({ protocol: /^https?$/ }).nullable()),
    venue: nullableText,
    venue_type: z.enum(VENUE_TYPES).nullish().transform((v) => v ?? null),
    topic: z.enum(TOPIC_SLUGS).nullish().transform((v) => v ?? null),
    tags: textList,
    // `zh` (Chinese) papers are published as `mul`: their records carry Japanese and English AI titles and summaries.
    lang: z.enum([...PAPER_LANGS, 'zh']).nullish().transform((v): PaperLang | null => (v === 'zh' ? 'mul' : v ?? null)),
    source: nullableText,
    shelf: z.enum(SHELVES).nullish().transform((v) => v ?? null),
    is_peer_reviewed: z.boolean().nullish().transform((v) => v ?? null),
    draft_score: z.number().min(0).max(100).nullish().transform((v) => v ?? null),
    publication_date: z.iso.date().nullish().transform((v) => v ?? null),
    pdf_url: nullableText.pipe(z.url({ protocol: /^https?$/ }).nullable()),
  })
  .refine((p) => p.title !== null || p.title_ja !== null || p.title_en !== null, {
    message: 'a paper needs at least one of title, title_ja or title_en',
    path: ['title'],
  });

export type PaperInput = z.input<typeof paperInputSchema>;
type ParsedInput = z.output<typeof paperInputSchema>;

/** Lower-case DOI without resolver prefix, or null when the value is not a DOI. */
export function normalizeDoi(value: string | null): string | null {
  if (!value) return null;
  const doi = value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/i, '').toLowerCase();
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/**
 * The identity a paper is recognised by across loads: its DOI when it has one, otherwise the
 * source's own id, otherwise its normalised title and year.
 */
export function identityKey(p: Pick<ParsedInput, 'doi' | 'id' | 'title' | 'title_en' | 'title_ja' | 'year'>): string {
  const doi = normalizeDoi(p.doi);
  if (doi) return `doi:${doi}`;
  if (p.id) return `id:${p.id}`;
  return `title:${titleKey(p)}|${p.year ?? ''}`;
}

/**
 * A title reduced to what identifies it (NFKC, case-folded, letters and digits only): ingest's
 * dedupe of papers without a DOI, and part of the identity of such papers.
 */
export function titleKey(p: Pick<ParsedInput, 'title' | 'title_en' | 'title_ja'>): string {
  return (p.title ?? p.title_en ?? p.title_ja ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Stable, opaque paper id: a hash of the identity key. */
export function paperIdFor(key: string): string {
  return `p_${createHash('sha256').update(key).digest('base64url').slice(0, 16)}`;
}

export type ParseResult = { ok: true; paper: Omit<Paper, 'updated_at'> } | { ok: false; error: string };

/** A validated input line as the paper it stores (its id derived from its identity). */
export function toNewPaper(p: ParsedInput): Omit<Paper, 'updated_at'> {
  return {
    id: paperIdFor(identityKey(p)),
    doi: normalizeDoi(p.doi),
    title: p.title,
    title_ja: p.title_ja,
    title_en: p.title_en,
    authors: p.authors,
    year: p.year,
    abstract: p.abstract,
    ai_summary_en: p.ai_summary_en,
    ai_summary_ja: p.ai_summary_ja,
    source_url: p.source_url,
    venue: p.venue,
    venue_type: p.venue_type,
    topic: p.topic,
    tags: p.tags,
    lang: p.lang,
    source: p.source,
    shelf: p.shelf,
    is_peer_reviewed: p.is_peer_reviewed,
    draft_score: p.draft_score,
    publication_date: p.publication_date,
    pdf_url: p.pdf_url,
  };
}

/** Validates and normalises one input object into a paper (without its update time). */
export function parsePaperInput(value: unknown): ParseResult {
  const parsed = paperInputSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, paper: toNewPaper(parsed.data) };
}
