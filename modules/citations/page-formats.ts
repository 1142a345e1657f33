import { z } from 'zod';
import type { Offered } from '../../shared/http/content-negotiation';
import { negotiate } from '../../shared/http/content-negotiation';
import { formatParam } from '../../shared/http/format-param';
import { CSV_LIST_SEPARATOR, CSV_MEDIA_TYPE } from '../../shared/text/csv';

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

/**
 * The media types of a search page's 200 answer in an OpenAPI document: the JSON answer (`json`),
 * and each other format as text, CSV with the door's stated columns.
 */
export function pageFormatContent(json: z.ZodType, csvColumns: readonly string[]) {
  const text = (format: PageFormat, description: string) => ({ schema: z.string().meta({ description: `\`format=${format}\`: ${description}` }) });
  return {
    'application/json': { schema: json },
    'application/x-bibtex': text('bibtex', "the page's papers as BibTeX entries (UTF-8), separated by a blank line; `@article` for journals, `@inproceedings` for conferences, `@misc` otherwise."),
    'application/x-research-info-systems': text('ris', "the page's papers as RIS records (UTF-8, CRLF lines), separated by an empty line."),
    'application/vnd.citationstyles.csl+json': text('csl-json', "the page's papers as one CSL-JSON array of items (Zotero, Pandoc and citeproc processors read it)."),
    [CSV_MEDIA_TYPE]: text(
      'csv',
      `the page's records, one row each, under a header row naming the columns ${csvColumns.map((c) => `\`${c}\``).join(', ')}; a list is its items joined by \`${CSV_LIST_SEPARATOR}\` (\`versions\` by the other records' ids), no value is an empty field. UTF-8 with a byte order mark (so Excel reads Japanese text), RFC 4180 quoting, CRLF lines.`,
    ),
  };
}
