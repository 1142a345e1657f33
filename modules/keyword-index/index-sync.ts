import { ChangeListener } from '../../shared/db/change-listener';
import { ChangeFollower } from '../../shared/indexing/change-follower';
import type { Logger } from '../../shared/logging/logger';
import { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChangeLog, type PaperRepository } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';
import type { KeywordIndex } from './keyword-index.port';

export const PAPERS_CHANGED_CHANNEL = 'papers_changed';
export const PAPERS_REINDEX_CHANNEL = 'papers_reindex';

/**
 * When the content on disk is brought up to date while changes are applied: after this many changed
 * papers (a bulk load writes a segment per step), or this long after the first change since the last
 * checkpoint. What a checkpoint has not saved is replayed from the change log at the next start.
 */
const CHECKPOINT = { changes: 8_192, ms: 5 * 60_000 } as const;
/** At start, a catch-up of up to this many changes is waited for; a longer one runs while the index serves. */
const CATCH_UP_BEFORE_SERVING = 20_000;

/**
 * Keeps a process-private keyword index (the embedded engine) current with Postgres. At start it
 * reopens its structures on disk (`KeywordIndex.reopen`: read, not rebuilt) and catches up from the
 * change-log position they are current to; without them it is built from the papers table. Then it
 * follows the log (woken by the `papers_changed` notification, and polled), and is rebuilt from
 * Postgres when `gx reindex` notifies `papers_reindex`. The content on disk is checkpointed after a
 * build and as changes are applied (`CHECKPOINT`), so a stop has little or nothing to save and may skip it.
 */
export class IndexSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;
  private database = '';
  /** The newest `gx reindex` request the index content was built after. */
  private reindexSeen = '0';
  /** Papers changed since the last checkpoint, and when the first of them was. */
  private unsaved = { changes: 0, since: 0 };

  constructor(
    private readonly repository: PaperRepository,
    private readonly log: PaperChangeLog,
    private readonly index: KeywordIndex,
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly options: { snapshotDir?: string; pollMs?: number } = {},
  ) {
    // The position lives here (with the content on disk); saving it after each batch is when a checkpoint may be due.
    const position = { load: async () => this.follower.cursor, save: (next: LogCursor) => this.checkpointIfDue(next) };
    this.follower = new ChangeFollower(log, repository, { apply: (upserts, deletes) => this.write(upserts, deletes) }, { ...LOG_ORIGIN }, { position });
    this.listener = new ChangeListener(
      databaseUrl,
      { [PAPERS_CHANGED_CHANNEL]: async () => void (await this.follower.catchUp()), [PAPERS_REINDEX_CHANNEL]: () => this.rebuild() },
      logger,
      { pollMs: options.pollMs ?? 5_000, quietMs: 20 },
    );
  }

  async start(): Promise<void> {
    this.database = await this.log.databaseIdentity();
    if (!(await this.reopen())) await this.rebuild();
    await this.listener.start();
  }

  /** A fresh build from the papers table, then the changes made meanwhile; a checkpoint follows. */
  async rebuild(): Promise<void> {
    await this.build();
    // In the background: a crash later still finds recent content on disk.
    void this.follower.exclusive(() => this.checkpoint(this.follower.cursor)).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index not saved'));
  }

  /**
   * Builds the index from the papers table and saves it, without following the log afterwards: what
   * a first start would do, done ahead of it (after a bulk load), so that start reopens the files.
   */
  async buildFiles(): Promise<void> {
    this.database = await this.log.databaseIdentity();
    await this.build();
    await this.follower.exclusive(() => this.checkpoint(this.follower.cursor));
  }

  private async build(): Promise<void> {
    await this.follower.exclusive(async () => {
      const t0 = Date.now();
      const reindex = await this.log.latestReindexRequest();
      const cursor = await this.log.snapshotCursor();
      await this.index.rebuild(this.repository.allInBatches());
      this.reindexSeen = reindex;
      this.follower.cursor = cursor;
      this.unsaved = { changes: 1, since: Date.now() };
      this.logger.info({ papers: await this.index.count(), ms: Date.now() - t0 }, 'keyword index built from Postgres');
    });
    await this.follower.catchUp();
  }

  catchUp(): Promise<number> {
    return this.follower.catchUp();
  }

  lag(): Promise<LogLag> {
    return this.follower.lag();
  }

  /** Stops following; saves what changed since the last checkpoint (little: see `CHECKPOINT`; the log replays it if this is cut short). */
  async stop(): Promise<void> {
    this.follower.halt();
    await this.listener.stop();
    await this.follower.exclusive(() => this.checkpoint(this.follower.cursor)).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index not saved'));
  }

  /** Opens the content saved on disk for this database, if there is a whole one, and catches up from its position. */
  private async reopen(): Promise<boolean> {
    const dir = this.options.snapshotDir;
    if (!dir || !this.index.reopen) return false;
    const t0 = Date.now();
    const saved = await this.follower.exclusive(() => this.index.reopen!(dir, this.database)).catch((err: Error) => {
      this.logger.warn({ err: err.message }, 'keyword index on disk not reopened');
      return undefined;
    });
    // A `gx reindex` asked for after the content was saved: rebuild, as a running process would have.
    if (!saved || BigInt(saved.reindex) < BigInt(await this.log.latestReindexRequest())) return false;
    this.follower.cursor = saved.cursor;
    this.reindexSeen = saved.reindex;
    const lag = await this.follower.lag();
    const caughtUp = lag.changes <= CATCH_UP_BEFORE_SERVING ? await this.follower.catchUp() : undefined;
    if (caughtUp === undefined) void this.follower.catchUp().catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index catch-up failed'));
    this.logger.info(
      { papers: await this.index.count(), caughtUp: caughtUp ?? 0, behind: caughtUp === undefined ? lag.changes : 0, ms: Date.now() - t0 },
      caughtUp === undefined ? 'keyword index reopened from disk; catching up while serving' : 'keyword index reopened from its snapshot and caught up',
    );
    return true;
  }

  private async checkpointIfDue(next: LogCursor): Promise<void> {
    const { changes, since } = this.unsaved;
    if (changes >= CHECKPOINT.changes || (changes > 0 && Date.now() - since >= CHECKPOINT.ms)) await this.checkpoint(next);
  }

  /** Saves the content and the position it is current to (run where no change is being applied). */
  private async checkpoint(cursor: LogCursor): Promise<void> {
    const dir = this.options.snapshotDir;
    if (!dir || !this.index.checkpoint || !this.database || this.unsaved.changes === 0) return;
    const t0 = Date.now();
    await this.index.checkpoint(dir, { database: this.database, cursor: { ...cursor }, reindex: this.reindexSeen });
    this.logger.debug({ changes: this.unsaved.changes, ms: Date.now() - t0 }, 'keyword index checkpoint saved');
    this.unsaved = { changes: 0, since: 0 };
  }

  private async write(upserts: Paper[], deletes: string[]): Promise<void> {
    if (upserts.length) await this.index.upsert(upserts);
    if (deletes.length) await this.index.remove(deletes);
    if (this.unsaved.changes === 0) this.unsaved.since = Date.now();
    this.unsaved.changes += upserts.length + deletes.length;
  }
}
