import { canonicalWorkRef, type NewPaper, normalizeDoi, normalizeOpenAlexId, parsePaperInput, titleKey, validOrNull } from '../../../modules/papers';
import type { SourceRecord } from '../sources/paper-source.port';
import { detectLanguage } from './language';

/** A normalised record: a paper still without its score, topic, tags and summaries. */
export interface Candidate {
  paper: NewPaper;
  titleKey: string;
}

export interface Normalised {
  candidates: Candidate[];
  /** Records that are not papers (no title, an unusable value): counted as failed. */
  failed: { record: SourceRecord; error: string }[];
}

/** NFKC, control characters and markup removed, white space collapsed; empty becomes null. */
export function cleanText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .normalize('NFKC')
    .replace(/<\/?[a-z][a-z0-9:-]*(?:\s[^<>]*)?>/gi, ' ') // JATS / HTML tags in abstracts
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}

/** Stated works (DOIs, OpenAlex ids) in canonical form; one that is neither is dropped, not the paper. */
const workRefs = (values: readonly string[] | null | undefined): string[] =>
  (values ?? []).flatMap((value) => (typeof value === 'string' ? (canonicalWorkRef(value) ?? []) : []));

/**
 * Source records to candidate papers: NFKC text, the DOI normalised (resolver prefixes, case), the
 * language detected, unusable URLs and dates dropped rather than failing the paper, the stated
 * edges written canonically (`openalex:W…` for an OpenAlex id, the bare DOI), and the paper's
 * id derived from its identity (DOI, else title and year) exactly as `gx load papers` derives it.
 */
export function normalise(records: readonly SourceRecord[], source: string): Normalised {
  const out: Normalised = { candidates: [], failed: [] };
  for (const r of records) {
    const title = cleanText(r.title);
    const abstract = cleanText(r.abstract);
    const lang = detectLanguage(`${title ?? ''} ${abstract ?? ''}`, r.lang);
    const publicationDate = validOrNull('publication_date', r.publication_date);
    const year = validOrNull('year', r.year ?? (publicationDate ? Number(publicationDate.slice(0, 4)) : null));
    const parsed = parsePaperInput({
      doi: normalizeDoi(r.doi ?? null),
      title,
      title_en: lang === 'en' ? title : null,
      title_ja: lang === 'ja' ? title : null,
      authors: (r.authors ?? []).map((a) => cleanText(a)).filter((a): a is string => a !== null),
      year,
      abstract,
      source_url: validOrNull('source_url', r.source_url?.trim()),
      venue: cleanText(r.venue),
      venue_type: validOrNull('venue_type', r.venue_type),
      lang,
      source,
      is_peer_reviewed: validOrNull('is_peer_reviewed', r.is_peer_reviewed),
      publication_date: publicationDate,
      pdf_url: validOrNull('pdf_url', r.pdf_url?.trim()),
      openalex_id: normalizeOpenAlexId(r.openalex_id),
      references: workRefs(r.references),
      same_work_as: workRefs(r.same_work_as),
    });
    if (parsed.ok) out.candidates.push({ paper: parsed.paper, titleKey: titleKey(parsed.paper) });
    else out.failed.push({ record: r, error: parsed.error });
  }
  return out;
}

/**
 * Drops repeats within a batch: first by id (the DOI when there is one), then by title among the
 * papers without a DOI (a DOI-less copy of a paper that has one here is the same paper). The first
 * occurrence wins.
 */
export function dedupe(candidates: readonly Candidate[]): { unique: Candidate[]; duplicates: number } {
  const ids = new Set<string>();
  const titles = new Set<string>();
  const unique: Candidate[] = [];
  const withDoi = candidates.filter((c) => c.paper.doi !== null);
  const withoutDoi = candidates.filter((c) => c.paper.doi === null);
  for (const c of [...withDoi, ...withoutDoi]) {
    if (ids.has(c.paper.id) || (c.paper.doi === null && c.titleKey !== '' && titles.has(c.titleKey))) continue;
    ids.add(c.paper.id);
    if (c.titleKey !== '') titles.add(c.titleKey);
    unique.push(c);
  }
  return { unique, duplicates: candidates.length - unique.length };
}

/** The identities a run claims for a candidate: its id, and its title (when it has one). */
export function claimKeys(c: Candidate): string[] {
  return c.titleKey === '' ? [`id:${c.paper.id}`] : [`id:${c.paper.id}`, `title:${c.titleKey}`];
}
