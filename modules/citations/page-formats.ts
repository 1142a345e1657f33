import type { Offered } from '../../shared/http/content-negotiation';
import { negotiate } from '../../shared/http/content-negotiation';
import { formatParam } from '../../shared/http/format-param';
import { CSV_MEDIA_TYPE } from '../../shared/text/csv';

/**
 * The representations of a page of keyword-search results, on both doors: the JSON answer (the
 * default), the page's papers as a citation file, or its records as CSV. Chosen by `format`, else by
 * `Accept` (these media types), else JSON.
 */
export const PAGE_FORMATS = ['json', 'bibtex', 'ris', 'csl-json', 'csv'] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

export const PAGE_FORMAT_MEDIA_TYPES: readonly [Offered<PageFormat>, ...Offered<PageFormat>[]] = [
  { name: 'json', mediaTypes: ['application/json'] },
  { name: 'bibtex', mediaTypes: ['application/x-bibtex'] },
  { name: 'ris', mediaTypes: ['application/x-research-info-systems'] },
  { name: 'csl-json', mediaTypes: ['application/vnd.citationstyles.csl+json'] },
  { name: 'csv', mediaTypes: [CSV_MEDIA_TYPE] },
];

const mediaTypeList = PAGE_FORMAT_MEDIA_TYPES.map((f) => `\`${f.name}\` (\`${f.mediaTypes[0]}\`)`).join(', ');

/** What `format` means on a keyword search of either door (their OpenAPI documents say it). */
export const PAGE_FORMAT_DESCRIPTION = [
  `The representation of this page of results: ${mediaTypeList}.`,
  'Without `format`, `Accept` chooses among those media types (the most preferred; ties and anything else give JSON); `format` wins over `Accept`.',
  'The citation formats hold the page\'s papers in its order, each entry exactly what the paper\'s page downloads (`/papers/{id}.bib|.ris|.json`), a BibTeX key repeated within the page aside (it gets a letter: `…b`, `…c`);',
  '`csv` holds the page\'s records, one row each, under a header row of the stated columns (UTF-8 with a byte order mark, RFC 4180 quoting, CRLF lines).',
  'Every format answers the same page as the JSON would (limit, offset, cursor, filters, order); only the JSON carries `total`, `next_cursor`, `facets` and `suggestion`.',
  'Sent as an attachment (`Content-Disposition`) with `Vary: Accept`.',
].join(' ');

export const pageFormatParam = () => formatParam(PAGE_FORMATS, PAGE_FORMAT_DESCRIPTION);

/** The format a search answers in: `format` when given, else what `Accept` prefers (JSON by default). */
export const pageFormatOf = (format: PageFormat | undefined, accept: string | undefined): PageFormat => format ?? negotiate(accept, PAGE_FORMAT_MEDIA_TYPES);
