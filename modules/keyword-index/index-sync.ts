import { ChangeListener } from '../../shared/db/change-listener';
import { ChangeFollower } from '../../shared/indexing/change-follower';
import type { Logger } from '../../shared/logging/logger';
import { LOG_ORIGIN, type LogLag, type PaperChangeLog, type PaperRepository } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';
import type { KeywordIndex } from './keyword-index.port';
import { readKeywordSnapshot, saveKeywordSnapshot } from './keyword-snapshot';

export const PAPERS_CHANGED_CHANNEL = 'papers_changed';
export const PAPERS_REINDEX_CHANNEL = 'papers_reindex';

/**
 * Keeps a process-private keyword index (the embedded engine) current with Postgres. At start it
 * reopens its snapshot on disk (the papers and the change-log position they are current to) and
 * catches up from the log; without one it is built from the papers table. Then it follows the log
 * (woken by the `papers_changed` notification, and polled), and is rebuilt from Postgres when
 * `gx reindex` notifies `papers_reindex`. The snapshot is saved after a build and at shutdown.
 */
export class IndexSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;
  private database = '';
  /** The newest `gx reindex` request the index content was built after. */
  private reindexSeen = '0';

  constructor(
    private readonly repository: PaperRepository,
    private readonly log: PaperChangeLog,
    private readonly index: KeywordIndex,
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly options: { snapshotDir?: string; pollMs?: number } = {},
  ) {
    this.follower = new ChangeFollower(log, repository, { apply: (upserts, deletes) => this.write(upserts, deletes) }, { ...LOG_ORIGIN });
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

  /** A fresh build from the papers table, then the changes made meanwhile; the snapshot follows. */
  async rebuild(): Promise<void> {
    await this.follower.exclusive(async () => {
      const t0 = Date.now();
      const reindex = await this.log.latestReindexRequest();
      const cursor = await this.log.snapshotCursor();
      await this.index.rebuild(this.repository.allInBatches());
      this.reindexSeen = reindex;
      this.follower.cursor = cursor;
      this.logger.info({ papers: await this.index.count(), ms: Date.now() - t0 }, 'keyword index built from Postgres');
    });
    await this.follower.catchUp();
    // In the background: a crash later still finds a recent snapshot.
    void this.follower.exclusive(() => this.save()).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index snapshot not saved'));
  }

  catchUp(): Promise<number> {
    return this.follower.catchUp();
  }

  lag(): Promise<LogLag> {
    return this.follower.lag();
  }

  async stop(): Promise<void> {
    this.follower.halt();
    await this.listener.stop();
    await this.follower.exclusive(() => this.save()).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index snapshot not saved'));
  }

  /** Opens the snapshot of this database, if there is a whole one, and catches up from its position. */
  private async reopen(): Promise<boolean> {
    const dir = this.options.snapshotDir;
    if (!dir) return false;
    const t0 = Date.now();
    const saved = await readKeywordSnapshot(dir, this.database).catch(() => undefined);
    // A `gx reindex` asked for after the snapshot was made: rebuild, as a running process would have.
    if (!saved || BigInt(saved.reindex) < BigInt(await this.log.latestReindexRequest())) return false;
    await this.follower.exclusive(async () => {
      await this.index.rebuild(batchesOf(saved.papers));
      this.follower.cursor = saved.cursor;
      this.reindexSeen = saved.reindex;
    });
    const applied = await this.follower.catchUp();
    this.logger.info({ papers: await this.index.count(), caughtUp: applied, ms: Date.now() - t0 }, 'keyword index reopened from its snapshot and caught up');
    return true;
  }

  private async save(): Promise<void> {
    const dir = this.options.snapshotDir;
    if (!dir || !this.index.exportPapers || !this.database) return;
    await saveKeywordSnapshot(dir, { database: this.database, cursor: { ...this.follower.cursor }, reindex: this.reindexSeen }, this.index.exportPapers());
  }

  private async write(upserts: Paper[], deletes: string[]): Promise<void> {
    if (upserts.length) await this.index.upsert(upserts);
    if (deletes.length) await this.index.remove(deletes);
  }
}

async function* batchesOf(papers: Paper[], size = 1000): AsyncGenerator<Paper[]> {
  for (let i = 0; i < papers.length; i += size) yield papers.slice(i, i + size);
}
