import fs from 'node:fs';
import path from 'node:path';
import { readJsonLines } from '../../../shared/loading/json-lines';
import type { FetchOptions, PaperSource, SourceRecord } from './paper-source.port';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * A JSON Lines file of papers, one object per line, in the shape of `papers.jsonl` (`id`, `doi`,
 * `title`, `abstract`, `authors`, `year`, `venue`, `source_url`, `lang`, …; `publication_date`,
 * `pdf_url`, `venue_type` and `is_peer_reviewed` when known). Lines that are not JSON objects are
 * skipped here and counted as failed by normalisation; `since` keeps papers dated on or after it
 * (by publication_date, else by year).
 */
export class JsonlFileSource implements PaperSource {
  readonly name: string;

  constructor(private readonly file: string) {
    this.name = `file:${path.basename(file)}`;
  }

  async *pages(options: FetchOptions): AsyncIterable<SourceRecord[]> {
    if (!fs.existsSync(this.file)) throw new Error(`ingest source file ${this.file} does not exist`);
    let page: SourceRecord[] = [];
    for await (const line of readJsonLines(this.file)) {
      const v = line.ok && line.value && typeof line.value === 'object' && !Array.isArray(line.value) ? (line.value as Record<string, unknown>) : {};
      const record: SourceRecord = {
        sourceId: v.id == null ? null : String(v.id),
        doi: text(v.doi),
        title: text(v.title) ?? text(v.title_en) ?? text(v.title_ja),
        abstract: text(v.abstract),
        authors: Array.isArray(v.authors) ? v.authors.filter((a): a is string => typeof a === 'string') : null,
        year: typeof v.year === 'number' ? v.year : null,
        publicationDate: text(v.publication_date),
        venue: text(v.venue),
        venueType: text(v.venue_type),
        sourceUrl: text(v.source_url),
        pdfUrl: text(v.pdf_url),
        lang: text(v.lang),
        isPeerReviewed: typeof v.is_peer_reviewed === 'boolean' ? v.is_peer_reviewed : null,
      };
      if (options.since && !onOrAfter(record, options.since)) continue;
      page.push(record);
      if (page.length >= options.pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }
}

function onOrAfter(r: SourceRecord, since: string): boolean {
  if (r.publicationDate) return r.publicationDate >= since;
  if (r.year != null) return r.year >= Number(since.slice(0, 4));
  return true; // undated: kept rather than silently dropped
}
