import { dateParts, mainTitle, nameParts, releaseNote, type CitationSource } from './citation-source';

export const CSL_JSON_CONTENT_TYPE = 'application/vnd.citationstyles.csl+json; charset=utf-8';

/** CSL item types by venue type; preprints and papers of unknown kind are `article`. */
const CSL_TYPES: Record<string, string> = {
  journal: 'article-journal',
  conference: 'paper-conference',
  report: 'report',
  dataset: 'dataset',
};

/** The paper as a CSL-JSON item (the input format of citeproc processors, Zotero and Pandoc). */
export function toCslItem(source: CitationSource): Record<string, unknown> {
  const { record } = source;
  const parts = dateParts(source);
  const item: Record<string, unknown> = {
    id: record.id,
    type: CSL_TYPES[record.venue_type ?? ''] ?? 'article',
    title: mainTitle(record),
    author: record.authors.map(nameParts),
    ...(parts.length > 0 ? { issued: { 'date-parts': [parts] } } : {}),
    DOI: record.doi ?? undefined,
    URL: record.source_url ?? record.url,
    'container-title': record.venue ?? undefined,
    language: record.lang ?? undefined,
    abstract: record.abstract ?? undefined,
    keyword: record.tags.length > 0 ? record.tags.join(', ') : undefined,
    // `note`, not `version` (the version of the work itself, in CSL): what Zotero and citeproc show as the item's note.
    note: releaseNote(source),
  };
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined));
}

/** A CSL-JSON document: an array of items, here the one paper. */
export const toCslJson = (source: CitationSource) => `${JSON.stringify([toCslItem(source)], null, 2)}\n`;
