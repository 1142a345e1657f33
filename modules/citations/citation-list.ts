import { BIBTEX_CONTENT_TYPE, citationKey, toBibtex } from './bibtex';
import type { CitationSource } from './citation-source';
import { CSL_JSON_CONTENT_TYPE, toCslItem } from './csl-json';
import { RIS_CONTENT_TYPE, toRis } from './ris';

/** The citation formats of a paper and of a list of papers (a page of search results). */
export const CITATION_FORMATS = ['bibtex', 'ris', 'csl-json'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

export const isCitationFormat = (format: string): format is CitationFormat => (CITATION_FORMATS as readonly string[]).includes(format);

/**
 * BibTeX keys of a list, in its order: each paper's own key (what its page's download holds), except
 * that a key already taken earlier in the list gets a letter (`garcia2022carbon`, then
 * `garcia2022carbonb`, `…c`), as BibTeX refuses a file with one key twice.
 */
export function uniqueKeys(sources: readonly CitationSource[]): string[] {
  const taken = new Set<string>();
  return sources.map((source) => {
    const own = citationKey(source);
    let key = own;
    for (let n = 1; taken.has(key); n++) key = `${own}${letters(n)}`;
    taken.add(key);
    return key;
  });
}

/** 1 → b, 2 → c, … 25 → z, 26 → ba (n in base 26, a being 0): the suffix of the n-th repeat of a key. */
function letters(n: number): string {
  let out = '';
  let rest = n;
  do {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
}

/**
 * The papers as one citation file. Each entry is exactly the paper's own download
 * (`/papers/{id}.bib|.ris|.json`) — a BibTeX key repeated in the list aside (`uniqueKeys`) —:
 * BibTeX entries separated by a blank line, RIS records by an empty CRLF line, CSL-JSON items in one
 * array (each item indented as in the paper's own array of one). An empty list is an empty file
 * (CSL-JSON: `[]`).
 */
export function citationList(format: CitationFormat, sources: readonly CitationSource[]): string {
  switch (format) {
    case 'bibtex': {
      const keys = uniqueKeys(sources);
      return sources.map((source, i) => toBibtex(source, keys[i])).join('\n');
    }
    case 'ris':
      return sources.map(toRis).join('\r\n');
    case 'csl-json':
      return `${JSON.stringify(sources.map(toCslItem), null, 2)}\n`;
  }
}

/** What each citation format is sent as: its media type (with charset) and file extension. */
export const CITATION_FILES: Readonly<Record<CitationFormat, { contentType: string; extension: string }>> = {
  bibtex: { contentType: BIBTEX_CONTENT_TYPE, extension: 'bib' },
  ris: { contentType: RIS_CONTENT_TYPE, extension: 'ris' },
  'csl-json': { contentType: CSL_JSON_CONTENT_TYPE, extension: 'json' },
};
