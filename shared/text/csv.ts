/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field holding a
 * comma, a double quote, CR or LF enclosed in double quotes with its quotes doubled. UTF-8, and the
 * file starts with a byte order mark: without it Excel reads UTF-8 as the system's code page
 * (Shift_JIS on a Japanese Windows) and garbles every Japanese title, while CSV readers for programs
 * skip it (csv-parse `bom: true`, Python `encoding="utf-8-sig"`, pandas, R's readr).
 */
export const CSV_MEDIA_TYPE = 'text/csv';
/** `header=present`: the first record names the columns (RFC 4180 §3). */
export const CSV_CONTENT_TYPE = `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`;
export const CSV_BOM = '\ufeff';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: as it is, or quoted when it must be. */
export const csvField = (text: string): string => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One record, CRLF-terminated. */
export const csvLine = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`;

/** What separates the items of a list in one field (authors, tags). */
export const CSV_LIST_SEPARATOR = '; ';

/**
 * A record's value as the text of its field: text as it is, no value (null or absent) empty, numbers
 * as JSON writes them, booleans `true`/`false`, a list its items joined by `; ` (an object item by its
 * `id`, as the versions of a work are listed), any other object as JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => (item !== null && typeof item === 'object' && 'id' in item ? String((item as { id: unknown }).id) : csvCell(item))).join(CSV_LIST_SEPARATOR);
  return JSON.stringify(value);
}

/** Records as CSV lines under `columns`: each record's value of each column, in that order. */
export const csvRecordLine = (columns: readonly string[], record: Readonly<Record<string, unknown>>): string => csvLine(columns.map((c) => csvCell(record[c])));

/** A whole CSV file of records: the byte order mark, the header row, one row per record. */
export const csvDocument = (columns: readonly string[], records: readonly Readonly<Record<string, unknown>>[]): string =>
  CSV_BOM + csvLine(columns) + records.map((r) => csvRecordLine(columns, r)).join('');
