import fs from 'node:fs';
import { z } from 'zod';
import path from 'node:path';
import { readJsonLines } from '../../../shared/loading/json-lines';
import { lenientField } from '../../../modules/papers';
import { newPaperSchema, type NewPaper } from '../../../shared/papers/paper.schema';
import { SOURCE_FIELDS, type FetchOptions, type PaperSource, type SourceField, type SourceRecord } from './paper-source.port';

const text = z.string().nullish().catch(null);

/**
 * One line of the file: each source field in the paper schema's lenient input form, a value the
 * schema refuses left out (normalisation decides whether the paper survives without it), the line's
 * own id, the title in whichever of the three title fields the line has, and its language tag as given.
 */
const sourceFields = Object.fromEntries(SOURCE_FIELDS.map((name) => [name, lenientField(newPaperSchema.shape[name]).catch(null)])) as unknown as {
  [K in SourceField]: z.ZodType<NewPaper[K] | null>;
};

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

const lineSchema = z
  .preprocess((v) => (isObject(v) ? v : {}), z.object({
    id: z.union([z.string(), z.number()]).nullish().catch(null),
    ...sourceFields,
    title: text,
    title_en: text,
    title_ja: text,
    // Any language tag: a hint for language detection, which decides the paper's own.
    lang: text,
    // `W…` in any usual spelling (`https://openalex.org/W…`), normalised like a load's.
    openalex_id: text,
  }))
  .transform(({ id, title, title_en, title_ja, ...fields }): SourceRecord => ({
    ...fields,
    source_id: id == null ? null : String(id),
    title: title ?? title_en ?? title_ja ?? null,
  }));

/**
 * A JSON Lines file of papers, one object per line, in the shape of `papers.jsonl` (`id`, `doi`,
 * `title`, `abstract`, `authors`, `year`, `venue`, `source_url`, `lang`, …; `publication_date`,
 * `pdf_url`, `venue_type` and `is_peer_reviewed` when known; `openalex_id`, `references` and
 * `same_work_as` as `gx load papers` reads them). Lines that are not JSON objects are
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
      // A line that is not a JSON object becomes an empty record, which normalisation counts as failed.
      const record = lineSchema.parse(line.ok ? line.value : null);
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
  if (r.publication_date) return r.publication_date >= since;
  if (r.year != null) return r.year >= Number(since.slice(0, 4));
  return true; // undated: kept rather than silently dropped
}
