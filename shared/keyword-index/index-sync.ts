import { ChangeListener } from '../db/change-listener';
import { ChangeFollower } from '../indexing/change-follower';
import type { Logger } from '../logging/logger';
import { LOG_ORIGIN, type LogLag, type PaperChangeLog } from '../papers/change-log';
import type { PaperRepository } from '../papers/paper.repository';
import type { KeywordIndex } from './keyword-index.port';

export const PAPERS_CHANGED_CHANNEL = 'papers_changed';
export const PAPERS_REINDEX_CHANNEL = 'papers_reindex';

/**
 * Keeps a process-private keyword index (the embedded engine) current with Postgres: built from the
 * papers table at start, then following the change log (woken by the `papers_changed` notification,
 * and polled), and rebuilt when `gx reindex` notifies `papers_reindex`.
 */
export class IndexSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;

  constructor(
    private readonly repository: PaperRepository,
    private readonly log: PaperChangeLog,
    private readonly index: KeywordIndex,
    databaseUrl: string,
    private readonly logger: Logger,
    pollMs = 5_000,
  ) {
    this.follower = new ChangeFollower(log, repository, { apply: (upserts, deletes) => this.write(upserts, deletes) }, { ...LOG_ORIGIN });
    this.listener = new ChangeListener(
      databaseUrl,
      { [PAPERS_CHANGED_CHANNEL]: async () => void (await this.follower.catchUp()), [PAPERS_REINDEX_CHANNEL]: () => this.rebuild() },
      logger,
      { pollMs, quietMs: 20 },
    );
  }

  async start(): Promise<void> {
    await this.rebuild();
    await this.listener.start();
  }

  /** A fresh build from the papers table, then the changes made meanwhile. */
  async rebuild(): Promise<void> {
    await this.follower.exclusive(async () => {
      const t0 = Date.now();
      const cursor = await this.log.snapshotCursor();
      await this.index.rebuild(this.repository.allInBatches());
      this.follower.cursor = cursor;
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

  stop(): Promise<void> {
    return this.listener.stop();
  }

  private async write(upserts: Parameters<KeywordIndex['upsert']>[0], deletes: string[]): Promise<void> {
    if (upserts.length) await this.index.upsert(upserts);
    if (deletes.length) await this.index.remove(deletes);
  }
}
