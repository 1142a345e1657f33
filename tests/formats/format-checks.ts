// citation-js 0.8 requires node-fetch 3, an ES module jest cannot require under CommonJS. It only
// fetches when given a URL to read; these tests give it text, so a stand-in without network is enough.
jest.mock('node-fetch', () => ({ __esModule: true, default: () => Promise.reject(new Error('no network in tests')), Headers: class {} }));

import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-csl';
import { parse } from 'csv-parse/sync';
import type { ParsedItem } from '../site/citation-parse';

/**
 * What the format tests judge a page or an export by: citation-js reading its citation files, and
 * csv-parse reading its CSV, independent of the code that writes them.
 */
export type CitationType = '@biblatex/text' | '@ris/file' | '@csl/list+object';

/** Every item of a citation file, in its order. */
export function parseCitations(text: string, type: CitationType): Array<ParsedItem & { id?: string }> {
  if (text.trim() === '') return [];
  const input = type === '@csl/list+object' ? JSON.parse(text) : text;
  return new Cite(input, { forceType: type }).data as Array<ParsedItem & { id?: string }>;
}

/** A CSV file with its byte order mark and header row, as records keyed by column; also its header. */
export function parseCsv(text: string): { columns: string[]; rows: Array<Record<string, string>> } {
  expect(text.startsWith('\ufeff')).toBe(true);
  const rows = parse(text, { bom: true, columns: true, relax_column_count: false }) as Array<Record<string, string>>;
  const columns = (parse(text, { bom: true, to_line: 1 }) as string[][])[0] ?? [];
  return { columns, rows };
}

/** A JSON record's value as the stated CSV text: no value empty, a list joined by "; " (objects by id), a number or boolean as JSON writes it. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? String((v as { id: string }).id) : String(v))).join('; ');
  return typeof value === 'string' ? value : String(value);
}

/** Each row holds exactly its record: the same columns' values, in the same order of records. */
export function expectCsvRecords(text: string, records: Array<Record<string, unknown>>, columns: readonly string[]): void {
  const parsed = parseCsv(text);
  expect(parsed.columns).toEqual([...columns]);
  expect(parsed.rows).toHaveLength(records.length);
  parsed.rows.forEach((row, i) => {
    const expected = Object.fromEntries(columns.map((c) => [c, csvText(records[i]![c])]));
    expect(row).toEqual(expected);
  });
}

/** A supertest parser that reads every body as text, whatever its type (supertest buffers only text and JSON by itself). */
export const asText = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: string) => void) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (body += chunk));
  res.on('end', () => done(null, body));
}) as unknown as (res: unknown, callback: (err: Error | null, body: unknown) => void) => void;

/** The BibTeX key of each entry of a file, in order. */
export const bibtexKeys = (text: string): string[] => [...text.matchAll(/^@\w+\{([^,]*),$/gm)].map((m) => m[1]!);
