import { jsonBytes } from '../../shared/http/json-response';
import type { Paper } from '../../shared/papers/paper.schema';
import { toPublicPaper, type PublicPaper } from '../../shared/papers/public-paper';

/** A paper as the public search shows it: its record, and that record's JSON in UTF-8. */
export interface ShapedRecord {
  readonly record: PublicPaper;
  readonly json: Buffer;
}

/**
 * The public record of each paper a search shows, and its JSON bytes, kept as long as the stored
 * paper object lives. The embedded keyword index hands out one object per paper while it keeps the
 * paper decoded (its recently shown papers, `memory-index-state.ts`), so a paper shown again is
 * neither shaped nor encoded again: a page's answer is the envelope's few members encoded around
 * its records' bytes (`jsonBytesWithItems`). Shaping and encoding were a third of a cache miss's
 * CPU time at 30,000 papers. A paper that changes is a new object (a new record); an engine that
 * decodes every hit anew (Elasticsearch) gets no reuse, and pays one lookup a record. A record is
 * shared by the answers that show it: frozen, so none can change it for the others.
 */
export class ShapedRecords {
  private readonly kept = new WeakMap<Paper, ShapedRecord>();

  constructor(private readonly publicBaseUrl: string) {}

  of(paper: Paper): ShapedRecord {
    let shaped = this.kept.get(paper);
    if (!shaped) {
      const record = Object.freeze(toPublicPaper(paper, this.publicBaseUrl));
      shaped = { record, json: jsonBytes(record) };
      this.kept.set(paper, shaped);
    }
    return shaped;
  }
}
