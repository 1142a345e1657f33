import type { Database } from '../../../shared/db/database';
import type { SourceRecord } from '../sources/paper-source.port';

export const BATCH_FIGURES = ['fetched', 'duplicates', 'rejected', 'stored', 'updated', 'unchanged', 'failed'] as const;
export type BatchFigures = Record<(typeof BATCH_FIGURES)[number], number>;

export const emptyFigures = (): BatchFigures => ({ fetched: 0, duplicates: 0, rejected: 0, stored: 0, updated: 0, unchanged: 0, failed: 0 });

export type RunTrigger = 'schedule' | 'cli' | 'api';

export interface IngestRun {
  id: string;
  source: string;
  since: string | null;
  trigger: RunTrigger;
  status: 'running' | 'completed' | 'failed';
  started_at: string;
  fetched_at: string | null;
  finished_at: string | null;
  /** Known once fetching has finished. */
  batches: number | null;
  error: string | null;
  /** Summed over the run's batches. */
  figures: BatchFigures;
  failed_batches: number;
}

export interface Rejection {
  paperId: string;
  doi: string | null;
  title: string | null;
  source: string | null;
  score: number;
  reason: string;
}

const RUN_COLUMNS = `r.id, r.source, to_char(r.since, 'YYYY-MM-DD') AS since, r.trigger, r.status, r.started_at, r.fetched_at,
  r.finished_at, r.batches, r.error,
  ${BATCH_FIGURES.map((f) => `coalesce(sum(b.${f}), 0)::int AS ${f}`).join(', ')},
  count(*) FILTER (WHERE b.status = 'failed')::int AS failed_batches`;

type RunRow = Omit<IngestRun, 'figures' | 'started_at' | 'fetched_at' | 'finished_at'> &
  BatchFigures & { started_at: Date; fetched_at: Date | null; finished_at: Date | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRun(row: RunRow): IngestRun {
  const figures = Object.fromEntries(BATCH_FIGURES.map((f) => [f, row[f]])) as BatchFigures;
  return {
    id: row.id,
    source: row.source,
    since: row.since,
    trigger: row.trigger,
    status: row.status,
    started_at: row.started_at.toISOString(),
    fetched_at: iso(row.fetched_at),
    finished_at: iso(row.finished_at),
    batches: row.batches,
    error: row.error,
    figures,
    failed_batches: row.failed_batches,
  };
}

/** Ingest's own tables: runs, their batches (figures and failures), and the gate's rejections. */
export class IngestRepository {
  constructor(private readonly db: Database) {}

  async createRun(id: string, source: string, since: string | undefined, trigger: RunTrigger): Promise<void> {
    await this.db.query('INSERT INTO ingest_runs (id, source, since, trigger) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [id, source, since ?? null, trigger]);
  }

  async run(id: string): Promise<IngestRun | null> {
    const { rows } = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM ingest_runs r LEFT JOIN ingest_batches b ON b.run_id = r.id WHERE r.id = $1 GROUP BY r.id`,
      [id],
    );
    return rows[0] ? toRun(rows[0]) : null;
  }

  async recentRuns(limit: number): Promise<IngestRun[]> {
    const { rows } = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM ingest_runs r LEFT JOIN ingest_batches b ON b.run_id = r.id
       GROUP BY r.id ORDER BY r.started_at DESC, r.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toRun);
  }

  /** Fetching is over: the run has this many batches. */
  async fetched(id: string, batches: number): Promise<void> {
    await this.db.query('UPDATE ingest_runs SET batches = $2, fetched_at = now() WHERE id = $1', [id, batches]);
  }

  /** The run ends when every batch has an outcome: failed if fetching or a batch failed. Returns whether it ended now. */
  async finishIfDone(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE ingest_runs r SET finished_at = now(),
         status = CASE WHEN EXISTS (SELECT 1 FROM ingest_batches b WHERE b.run_id = r.id AND b.status = 'failed') THEN 'failed' ELSE 'completed' END
       WHERE r.id = $1 AND r.status = 'running' AND r.batches IS NOT NULL
         AND (SELECT count(*) FROM ingest_batches b WHERE b.run_id = r.id) >= r.batches`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }

  async failRun(id: string, error: string): Promise<void> {
    await this.db.query(`UPDATE ingest_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [id, error.slice(0, 2000)]);
  }

  /** A retried run is running again until its batches end. */
  async reopenRun(id: string): Promise<void> {
    await this.db.query(`UPDATE ingest_runs SET status = 'running', finished_at = NULL WHERE id = $1`, [id]);
  }

  /** A batch's outcome; a retried batch replaces its earlier outcome (figures are never counted twice). */
  async recordBatch(runId: string, batchNo: number, outcome: { status: 'completed' | 'failed'; figures: BatchFigures; error?: string; records?: SourceRecord[] }): Promise<void> {
    const f = outcome.figures;
    await this.db.query(
      `INSERT INTO ingest_batches (run_id, batch_no, status, fetched, duplicates, rejected, stored, updated, unchanged, failed, error, records)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)
       ON CONFLICT (run_id, batch_no) DO UPDATE SET status = EXCLUDED.status, attempts = ingest_batches.attempts + 1,
         fetched = EXCLUDED.fetched, duplicates = EXCLUDED.duplicates, rejected = EXCLUDED.rejected, stored = EXCLUDED.stored,
         updated = EXCLUDED.updated, unchanged = EXCLUDED.unchanged, failed = EXCLUDED.failed, error = EXCLUDED.error,
         records = EXCLUDED.records, finished_at = now()`,
      [runId, batchNo, outcome.status, f.fetched, f.duplicates, f.rejected, f.stored, f.updated, f.unchanged, f.failed, outcome.error?.slice(0, 2000) ?? null, outcome.records ? JSON.stringify(outcome.records) : null],
    );
  }

  /** Failed batches whose records were kept (in-process runs), oldest first. */
  async failedBatches(limit = 1000): Promise<{ runId: string; batchNo: number; records: SourceRecord[]; source: string }[]> {
    const { rows } = await this.db.query<{ run_id: string; batch_no: number; records: SourceRecord[]; source: string }>(
      `SELECT b.run_id, b.batch_no, b.records, r.source FROM ingest_batches b JOIN ingest_runs r ON r.id = b.run_id
       WHERE b.status = 'failed' AND b.records IS NOT NULL ORDER BY b.finished_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ runId: r.run_id, batchNo: r.batch_no, records: r.records, source: r.source }));
  }

  async recordRejections(runId: string, rejections: readonly Rejection[]): Promise<void> {
    if (rejections.length === 0) return;
    await this.db.query(
      `INSERT INTO ingest_rejections (paper_id, doi, title, source, score, reason, run_id)
       SELECT paper_id, doi, title, source, score, reason, $2 FROM jsonb_to_recordset($1::jsonb)
         AS r(paper_id text, doi text, title text, source text, score double precision, reason text)
       ON CONFLICT (paper_id) DO UPDATE SET score = EXCLUDED.score, reason = EXCLUDED.reason, run_id = EXCLUDED.run_id, rejected_at = now()`,
      [JSON.stringify(rejections.map((r) => ({ paper_id: r.paperId, doi: r.doi, title: r.title, source: r.source, score: r.score, reason: r.reason }))), runId],
    );
  }

  /** Claims identities for a batch while fetching (page order); an identity claimed before keeps its batch. */
  async claim(runId: string, batchNo: number, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `INSERT INTO ingest_run_papers (run_id, claim_key, batch_no) SELECT $1, k, $2 FROM unnest($3::text[]) AS k ON CONFLICT (run_id, claim_key) DO NOTHING`,
      [runId, batchNo, keys],
    );
  }

  /** Of these identities, those an earlier batch of the run claimed. */
  async claimedEarlier(runId: string, batchNo: number, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await this.db.query<{ claim_key: string }>('SELECT claim_key FROM ingest_run_papers WHERE run_id = $1 AND claim_key = ANY($2::text[]) AND batch_no < $3', [runId, keys, batchNo]);
    return new Set(rows.map((r) => r.claim_key));
  }

  /** Ids of stored papers with these title keys (the dedupe of papers without a DOI). */
  async idsByTitleKey(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const { rows } = await this.db.query<{ id: string; title_key: string }>('SELECT DISTINCT ON (title_key) id, title_key FROM papers WHERE title_key = ANY($1::text[]) ORDER BY title_key, id', [keys]);
    return new Map(rows.map((r) => [r.title_key, r.id]));
  }

  /**
   * What the run did to these papers, whichever attempt did it: new (created since the run began),
   * updated (changed since), or unchanged. Postgres' clock on both sides.
   */
  async classify(runId: string, ids: readonly string[]): Promise<Map<string, 'new' | 'updated' | 'unchanged'>> {
    const { rows } = await this.db.query<{ id: string; outcome: 'new' | 'updated' | 'unchanged' }>(
      `SELECT p.id, CASE WHEN p.created_at >= r.started_at THEN 'new' WHEN p.updated_at >= r.started_at THEN 'updated' ELSE 'unchanged' END AS outcome
       FROM papers p, ingest_runs r WHERE r.id = $1 AND p.id = ANY($2::text[])`,
      [runId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.outcome]));
  }
}
