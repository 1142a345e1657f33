import { ChangeListener } from '../db/change-listener';
import type { Logger } from '../logging/logger';
import type { PaperRepository } from '../papers/paper.repository';
import type { KeywordIndex } from './keyword-index.port';
import { catchUpFromPostgres, rebuildFromPostgres } from './rebuild';

export const PAPERS_CHANGED_CHANNEL = 'papers_changed';
export const PAPERS_REINDEX_CHANNEL = 'papers_reindex';

/**
 * Keeps a process-private index (the embedded engine) current with Postgres: a full build at start,
 * then every change after it (a trigger on each write notifies `papers_changed`), and a full
 * rebuild when `gx reindex` notifies `papers_reindex`.
 */
export class IndexSync {
  private lastSeq = 0;
  private readonly listener: ChangeListener;

  constructor(
    private readonly repository: PaperRepository,
    private readonly index: KeywordIndex,
    databaseUrl: string,
    private readonly logger: Logger,
    pollMs = 30_000,
  ) {
    this.listener = new ChangeListener(
      databaseUrl,
      { [PAPERS_CHANGED_CHANNEL]: () => this.catchUp(), [PAPERS_REINDEX_CHANNEL]: () => this.rebuild() },
      logger,
      { pollMs, quietMs: 20 },
    );
  }

  async start(): Promise<void> {
    await this.rebuild();
    await this.listener.start();
  }

  async rebuild(): Promise<void> {
    const t0 = Date.now();
    this.lastSeq = await rebuildFromPostgres(this.index, this.repository);
    this.logger.info({ papers: await this.index.count(), ms: Date.now() - t0 }, 'keyword index built from Postgres');
  }

  async catchUp(): Promise<void> {
    this.lastSeq = await catchUpFromPostgres(this.index, this.repository, this.lastSeq);
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
