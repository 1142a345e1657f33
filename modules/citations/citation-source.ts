import type { Paper } from '../../shared/papers/paper.schema';
import { toPublicPaper, type PublicPaper } from '../../shared/papers/public-paper';

/**
 * What every citation format is built from: the public record (the same values the search API
 * shows) and the stored paper for what the record leaves out (publication date, PDF link).
 */
export interface CitationSource {
  record: PublicPaper;
  paper: Paper;
  /**
   * The dataset release the record was read as of: the answer's `X-Dataset-Version` (a release id,
   * `<latest>+unreleased`, or `DATASET_VERSION` before the first release). Every format quotes it.
   */
  release: string;
  /**
   * The record was asked for as of `release` (`as_of`): the plain-text citation's link, when it is
   * the paper's page, then carries `?as_of=` so it opens the record of then.
   */
  pinned?: boolean;
}

/**
 * A stored paper's citation source: its public record as both doors' paper pages and search pages
 * show it (its links on the public site at `publicBaseUrl`), so a citation is the same wherever it is made.
 */
export const citationSourceOf = (paper: Paper, publicBaseUrl: string, release: string, pinned = false): CitationSource => ({
  record: toPublicPaper(paper, publicBaseUrl),
  paper,
  release,
  ...(pinned ? { pinned } : {}),
});

/** How every format words the release a citation was made as of (English: the reference managers' notes are read as they are). */
export const releaseNote = ({ release }: CitationSource) => `Dataset release ${oneLine(release)}`;

/** A paper page's address as of a release (`?as_of=`): where a citation made as of it leads. */
export const pageAsOf = (url: string, release: string) => `${url}${url.includes('?') ? '&' : '?'}as_of=${encodeURIComponent(release)}`;

/** The title in its original language, else the English, else the Japanese one (a paper has at least one). */
export function mainTitle(record: PublicPaper): string {
  return record.title ?? record.title_en ?? record.title_ja ?? record.id;
}

/** `[year, month, day]` as far as known: the publication date, else the year; empty when neither is known. */
export function dateParts({ record, paper }: CitationSource): number[] {
  const date = paper.publication_date?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (date) return [Number(date[1]), Number(date[2]), Number(date[3])];
  return record.year === null ? [] : [record.year];
}

/** Han, kana, Hangul: names in these scripts are written family name first and are not split. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export const isCjk = (text: string) => CJK.test(text);

/** Latin letters without their accents, digits kept, everything else dropped (citation keys, file names). */
export function asciiFold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]/g, '');
}

/**
 * An author display name as family/given parts when it is unambiguous ("Family, Given"), else as
 * one literal name (display names such as "Jane Doe" or "山田 太郎" are not guessed apart).
 */
export function nameParts(name: string): { family: string; given?: string } | { literal: string } {
  const comma = name.indexOf(',');
  if (comma > 0 && comma < name.length - 1 && name.indexOf(',', comma + 1) < 0) {
    return { family: name.slice(0, comma).trim(), given: name.slice(comma + 1).trim() };
  }
  return { literal: name };
}

/** Text on one line (RIS fields, BibTeX values): any run of white space, line breaks included, becomes one space. */
export const oneLine = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * A plain-text reference for people to paste: "Authors (Year). Title. Venue. Link (dataset release X)".
 * The link is the DOI's, else the paper's page (with `?as_of=` when the record was asked for as of the release).
 */
export function plainCitation(source: CitationSource): string {
  const { record } = source;
  const authors = record.authors.length > 0 ? `${record.authors.join(', ')} ` : '';
  const venue = record.venue ? ` ${oneLine(record.venue)}.` : '';
  const title = oneLine(mainTitle(record));
  // No second full stop after a title that ends in its own (`… practice?`).
  const stop = /[.?!。？！]$/u.test(title) ? '' : '.';
  const link = source.pinned && record.citation_url === record.url ? pageAsOf(record.url, source.release) : record.citation_url;
  return oneLine(`${authors}(${record.year ?? 'n.d.'}). ${title}${stop}${venue} ${link} (dataset release ${source.release})`);
}

/** The file name a download of this paper's citation is saved under: its id, which is ASCII and unique. */
export const citationFileName = (record: PublicPaper, extension: string) => `${record.id}.${extension}`;
