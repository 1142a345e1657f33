import { asciiFold, dateParts, isCjk, mainTitle, oneLine, releaseNote, type CitationSource } from './citation-source';

export const BIBTEX_CONTENT_TYPE = 'application/x-bibtex; charset=utf-8';

/**
 * LaTeX's special characters as text. Braces are escaped, never left raw: a title with one `{` would
 * otherwise unbalance the entry. The rest (`%` starts a comment, `&` a table column, …) would change
 * the meaning of the value when it is typeset.
 */
const SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '&': '\\&',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

export function escapeBibtex(text: string): string {
  return oneLine(text).replace(/[\\{}%&$#_~^]/g, (c) => SPECIALS[c]!);
}

/**
 * One author for the `author` field. Names in CJK scripts (family name first) and names holding
 * the word "and" are wrapped in braces so BibTeX takes them whole instead of splitting them.
 */
function bibtexName(name: string): string {
  const escaped = escapeBibtex(name);
  return isCjk(name) || /\band\b/i.test(name) ? `{${escaped}}` : escaped;
}

const STOP_WORDS = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'for', 'to', 'and']);

/** `doe2023carbon`: the first author's family name, the year and the first title word, ASCII-folded. */
export function citationKey({ record }: CitationSource): string {
  const first = record.authors[0] ?? '';
  const family = first.includes(',') ? first.split(',')[0]! : (first.trim().split(/\s+/u).pop() ?? '');
  const words = (record.title_en ?? mainTitle(record)).split(/[\s\-–—:/]+/u).map((w) => asciiFold(w).toLowerCase());
  const word = words.find((w) => w.length > 0 && !STOP_WORDS.has(w)) ?? '';
  const key = `${asciiFold(family).toLowerCase()}${record.year ?? ''}${word}`;
  // A paper whose author and title have no Latin letters (a Japanese paper) is keyed by its id.
  return asciiFold(family) === '' && word === '' ? record.id.replace(/[^A-Za-z0-9_-]/g, '') : key;
}

/**
 * URLs are verbatim in BibTeX (the url package), so LaTeX escapes would become part of them; only
 * braces, which would unbalance the entry, are percent-encoded (what a browser sends for them anyway).
 */
const bibtexUrl = (url: string) => oneLine(url).replace(/\{/g, '%7B').replace(/\}/g, '%7D');

/** The entry type: @article for journals, @inproceedings for conferences, @misc for preprints, reports and datasets. */
function entryType(venueType: string | null): { type: string; venueField: string } {
  if (venueType === 'journal') return { type: 'article', venueField: 'journal' };
  if (venueType === 'conference') return { type: 'inproceedings', venueField: 'booktitle' };
  return { type: 'misc', venueField: 'howpublished' };
}

/**
 * The paper as one BibTeX entry (UTF-8; biber and modern BibTeX read it as it is). `key` stands in for
 * its citation key where a list already holds that key (see `citation-list.ts`).
 */
export function toBibtex(source: CitationSource, key = citationKey(source)): string {
  const { record, paper } = source;
  const { type, venueField } = entryType(record.venue_type);
  const [year, month] = dateParts(source);
  const fields: Array<[string, string | null | undefined]> = [
    // Double braces keep the title's capitals as written (BibTeX styles lower-case titles otherwise).
    ['title', `{${escapeBibtex(mainTitle(record))}}`],
    ['author', record.authors.length > 0 ? record.authors.map(bibtexName).join(' and ') : null],
    ['year', year === undefined ? null : String(year)],
    ['month', month === undefined ? null : String(month)],
    [venueField, record.venue ? escapeBibtex(record.venue) : null],
    ['doi', record.doi ? escapeBibtex(record.doi) : null],
    ['url', bibtexUrl(record.source_url ?? record.url)],
    ['abstract', record.abstract ? escapeBibtex(record.abstract) : null],
    ['keywords', record.tags.length > 0 ? escapeBibtex(record.tags.join(', ')) : null],
    ['language', record.lang],
    // One note (BibTeX has one): the English title where it is not the title, then the release.
    ['note', [record.title_en && record.title_en !== mainTitle(record) ? `English title: ${escapeBibtex(record.title_en)}` : null, escapeBibtex(releaseNote(source))].filter(Boolean).join('. ')],
    ['file', paper.pdf_url ? bibtexUrl(paper.pdf_url) : null],
  ];
  const body = fields
    .filter((f): f is [string, string] => typeof f[1] === 'string' && f[1] !== '')
    .map(([name, value]) => `  ${name} = {${value}}`)
    .join(',\n');
  return `@${type}{${key},\n${body}\n}\n`;
}
