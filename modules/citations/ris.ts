import { dateParts, mainTitle, oneLine, releaseNote, type CitationSource } from './citation-source';

export const RIS_CONTENT_TYPE = 'application/x-research-info-systems; charset=utf-8';

/** RIS reference types by venue type; preprints and papers of unknown kind are generic (GEN). */
const RIS_TYPES: Record<string, string> = {
  journal: 'JOUR',
  conference: 'CPAPER',
  report: 'RPRT',
  dataset: 'DATA',
};

/**
 * The paper as one RIS record (UTF-8, CRLF line ends as the format's reference describes). Every
 * value is kept on one line: a line break inside a value would start a new, bogus tag.
 */
export function toRis(source: CitationSource): string {
  const { record, paper } = source;
  const [year, month, day] = dateParts(source);
  const title = mainTitle(record);
  const lines: Array<[string, string | null | undefined]> = [
    ['TY', RIS_TYPES[record.venue_type ?? ''] ?? 'GEN'],
    ['TI', title],
    // No TT (translated title) for the English title: readers such as citation-js take it for the title itself.
    ...record.authors.map((a): [string, string] => ['AU', a]),
    ['PY', year === undefined ? null : String(year)],
    ['DA', year === undefined ? null : [year, month, day].map((n, i) => (n === undefined ? '' : String(n).padStart(i === 0 ? 4 : 2, '0'))).join('/')],
    [record.venue_type === 'journal' ? 'JO' : 'T2', record.venue],
    ['DO', record.doi],
    ['UR', record.source_url ?? record.url],
    ['L1', paper.pdf_url],
    ['AB', record.abstract],
    ['LA', record.lang],
    ...record.tags.map((t): [string, string] => ['KW', t]),
    ['ID', record.id],
    // N1 (notes): Zotero, EndNote and citation-js read it into the item's note.
    ['N1', releaseNote(source)],
  ];
  const body = lines
    .filter((l): l is [string, string] => typeof l[1] === 'string' && oneLine(l[1]) !== '')
    .map(([tag, value]) => `${tag}  - ${oneLine(value)}`);
  return [...body, 'ER  - ', ''].join('\r\n');
}
