import type { Database, Queryable } from '../../shared/db/database';
import type { Logger } from '../../shared/logging/logger';
import { PaperChangeLog, type PaperRepository } from '../papers';
import type { LexicalFitSource } from './embedder.embedded';
import { passageText } from './embedding-store';
import { LexicalFit } from './lexical-fit';
import { lexicalWorker } from './lexical-worker';

interface FitRow {
  fit_id: string;
  documents: number;
  reindex: string;
}

/**
 * The embedded embedder's fit, kept in Postgres (`embedder_fits`, one row per embedder
 * configuration) and made from the papers' passage texts. The first process that needs one fits it;
 * the others load it. It is fitted anew, by whichever process asks first (`fresh`), when a
 * `gx reindex` was requested after it was made, or when it was made on an empty corpus and papers
 * have come since. It is never changed otherwise: papers added after it are embedded with it (their
 * new words count as rare) until `gx reindex` fits it again on the whole corpus.
 */
export class LexicalFitStore implements LexicalFitSource {
  private readonly log: PaperChangeLog;
  private loaded?: LexicalFit;

  constructor(
    private readonly db: Database,
    private readonly papers: PaperRepository,
    /** The embedder configuration the fit belongs to (`embedded-lexical-v2:<dimensions>`). */
    private readonly configuration: string,
    private readonly logger?: Logger,
  ) {
    this.log = new PaperChangeLog(db);
  }

  async stored(): Promise<LexicalFit | undefined> {
    const row = await this.row(this.db);
    return row && this.load(row);
  }

  async current(): Promise<LexicalFit> {
    const row = await this.row(this.db);
    return row ? this.load(row) : this.fitUnless(async () => false);
  }

  async fresh(): Promise<LexicalFit> {
    const row = await this.row(this.db);
    if (row && !(await this.isStale(row))) return this.load(row);
    return this.fitUnless((r) => this.isStale(r));
  }

  private async isStale(row: FitRow): Promise<boolean> {
    if (BigInt(row.reindex) < BigInt(await this.log.latestReindexRequest())) return true;
    if (row.documents > 0) return false;
    const { rows } = await this.db.query('SELECT 1 FROM papers LIMIT 1');
    return rows.length > 0;
  }

  /** Fits and stores a new fit, one process at a time; a process that waited reuses what the first one stored. */
  private async fitUnless(isStale: (row: FitRow) => Promise<boolean>): Promise<LexicalFit> {
    const fit = await this.db.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`embedder_fits:${this.configuration}`]);
      const row = await this.row(client);
      if (row && !(await isStale(row))) return this.load(row, client);
      const reindex = await this.log.latestReindexRequest();
      const t0 = Date.now();
      // Counted in the embedder's worker thread: a pass over every paper, beside the requests.
      const made = await lexicalWorker.fit(this.passages());
      await client.query(
        `INSERT INTO embedder_fits (model, fit_id, documents, reindex, statistics) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (model) DO UPDATE SET fit_id = EXCLUDED.fit_id, documents = EXCLUDED.documents, reindex = EXCLUDED.reindex,
           statistics = EXCLUDED.statistics, fitted_at = now()`,
        [this.configuration, made.id, made.documents, reindex, made.toBytes()],
      );
      this.logger?.info({ fit: made.id, papers: made.documents, ms: Date.now() - t0 }, 'embedded embedder fitted on the papers');
      return made;
    });
    this.loaded = fit;
    // The vectors of earlier fits are never served again; whoever needs one makes it anew.
    await this.db
      .query(`DELETE FROM paper_embeddings WHERE model LIKE $1 AND model <> $2`, [`${this.configuration}:%`, `${this.configuration}:${fit.id}`])
      .catch((err: Error) => this.logger?.warn({ err: err.message }, 'could not remove the vectors of an earlier fit'));
    return fit;
  }

  private async *passages(): AsyncGenerator<string[]> {
    for await (const batch of this.papers.allInBatches(1000)) yield batch.map(passageText);
  }

  private async row(db: Queryable): Promise<FitRow | undefined> {
    const { rows } = await db.query<FitRow>('SELECT fit_id, documents, reindex::text FROM embedder_fits WHERE model = $1', [this.configuration]);
    return rows[0];
  }

  /** The fit a row names: the one already loaded, or its statistics read (4 MiB) once. */
  private async load(row: FitRow, db: Queryable = this.db): Promise<LexicalFit> {
    if (this.loaded?.id === row.fit_id) return this.loaded;
    const { rows } = await db.query<{ statistics: Buffer }>('SELECT statistics FROM embedder_fits WHERE model = $1', [this.configuration]);
    if (!rows[0]) throw new Error(`the embedder fit of ${this.configuration} disappeared while being read`);
    this.loaded = LexicalFit.fromBytes(rows[0].statistics);
    return this.loaded;
  }
}
