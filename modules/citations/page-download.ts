import type { Paper } from '../../shared/papers/paper.schema';
import { CSV_CONTENT_TYPE, csvDocument } from '../../shared/text/csv';
import { CITATION_FILES, citationList } from './citation-list';
import { citationSourceOf } from './citation-source';
import type { PageFormat } from './page-formats';

export interface PageDownload {
  body: string;
  contentType: string;
  extension: string;
}

/**
 * A page of search results in a format other than the JSON answer: its papers (`papers`, the stored
 * papers in the page's order) as a citation file with links to their pages on the public site, or its
 * records (`records`, what the JSON answer holds, in the same order) as CSV under `columns`. Each
 * citation quotes `release`, the answer's `X-Dataset-Version`.
 */
export function pageDownload(
  format: Exclude<PageFormat, 'json'>,
  page: { papers: readonly Paper[]; records: readonly Readonly<Record<string, unknown>>[] },
  options: { publicBaseUrl: string; csvColumns: readonly string[]; release: string },
): PageDownload {
  if (format === 'csv') return { body: csvDocument(options.csvColumns, page.records), contentType: CSV_CONTENT_TYPE, extension: 'csv' };
  const sources = page.papers.map((paper) => citationSourceOf(paper, options.publicBaseUrl, options.release));
  return { body: citationList(format, sources), ...CITATION_FILES[format] };
}
