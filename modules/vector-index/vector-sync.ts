import fs from 'node:fs';
import path from 'node:path';
import { ChangeListener } from '../../shared/db/change-listener';
import type { EmbeddingStore } from '../embeddings';
import { ChangeFollower } from '../../shared/indexing/change-follower';
import { PAPERS_CHANGED_CHANNEL, PAPERS_REINDEX_CHANNEL } from '../keyword-index';
import type { Logger } from '../../shared/logging/logger';
import { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChangeLog, type PaperRepository } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';
import type { VectorIndex } from './vector-index.port';

const BATCH = 256;

export interface VectorSyncOptions {
  /**
   * Saves the index (the embedded index's `save()`): given, the index is checkpointed while the
   * process runs, after a build and then every `checkpointEveryMs` or `checkpointAfterChanges`
   * changes, whichever comes first, so that a shutdown never has to save much (nor at all).
   */
  persist?: () => Promise<void>;
  /** Default 5 minutes. */
  checkpointEveryMs?: number;
  /** Default 10,000 papers written or removed. */
  checkpointAfterChanges?: number;
}

/**
 * Keeps a process-local vector index (the embedded HNSW) current with Postgres by following the
 * change log, with vectors from the embedding store (so a paper is embedded once per change, not
 * once per process or restart). The log position is saved beside the index, and only right after
 * the index itself was saved: at each checkpoint, the position read before the save (the saved
 * index holds at least every change before it; one applied again is harmless, as a change is
 * applied by reading the paper as it is now), and at shutdown (`savePosition`). A restart that
 * reopens the persisted index applies what changed since, and a crash or a shutdown cut short
 * leaves the last pair that was saved together, at most one checkpoint old.
 */
export class VectorSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;
  private database = '';
  /** The index holds a whole build (reopened or built): a build cut short must not be saved as one. */
  private built = false;
  /** The newest `gx reindex` request the index content was built after. */
  private reindexSeen = '0';
  /** Counts the builds begun, so that a checkpoint that began before a rebuild records no position. */
  private epoch = 0;
  private checkpointing: Promise<void> = Promise.resolve();
  private checkpointQueued = false;
  private changesSinceCheckpoint = 0;
  private checkpointTimer?: NodeJS.Timeout;
  private stopped = false;
  /** How long the last save took (ms), to judge whether one fits in a shutdown. */
  private lastSaveMs?: number;

  constructor(
    private readonly repository: PaperRepository,
    private readonly log: PaperChangeLog,
    private readonly index: VectorIndex,
    private readonly store: EmbeddingStore,
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly stateFile: string,
    private readonly options: VectorSyncOptions = {},
  ) {
    this.follower = new ChangeFollower(log, repository, { apply: (upserts, deletes) => this.write(upserts, deletes) }, { ...LOG_ORIGIN }, {
      batchSize: BATCH,
    });
    this.listener = new ChangeListener(
      databaseUrl,
      { [PAPERS_CHANGED_CHANNEL]: () => this.catchUp(), [PAPERS_REINDEX_CHANNEL]: () => this.rebuild() },
      logger,
      { pollMs: 5_000, quietMs: 50 },
    );
  }

  async start(): Promise<void> {
    const t0 = Date.now();
    this.database = await this.log.databaseIdentity();
    // The embedder first: one that fits itself anew (after a reindex) makes every saved vector stale.
    await this.store.refresh();
    const saved = this.readState();
    // Reopened only when saved with this model after the latest `gx reindex`. Otherwise it is built
    // from nothing, as a running process would have rebuilt it: the saved index is not even read (its
    // vectors may have another length, and papers deleted since would stay in it).
    const reusable = saved !== undefined && saved.model === this.store.model && BigInt(saved.reindex) >= BigInt(await this.log.latestReindexRequest());
    await this.index.init({ discardSaved: !reusable });
    if (reusable && (await this.index.count()) > 0) {
      this.follower.cursor = saved.cursor;
      this.reindexSeen = saved.reindex;
      this.built = true;
      await this.catchUp();
      this.logger.info({ vectors: await this.index.count(), ms: Date.now() - t0 }, 'vector index reopened and caught up');
      if (this.changesSinceCheckpoint > 0) void this.checkpoint();
    } else {
      await this.rebuild();
    }
    await this.listener.start();
    if (this.options.persist) {
      this.checkpointTimer = setInterval(() => {
        if (this.changesSinceCheckpoint > 0) void this.checkpoint();
      }, this.options.checkpointEveryMs ?? 5 * 60_000);
      this.checkpointTimer.unref();
    }
  }

  /** Every paper from the papers table, then the changes made meanwhile. */
  async rebuild(): Promise<void> {
    await this.follower.exclusive(async () => {
      const t0 = Date.now();
      // The saved position describes the index as it was; a rebuild cut short must not be taken for it.
      fs.rmSync(this.stateFile, { force: true });
      this.built = false;
      this.epoch++;
      const reindex = await this.log.latestReindexRequest();
      // After that request: an embedder that refits on it does so before any vector is made.
      await this.store.refresh();
      const cursor = await this.log.snapshotCursor();
      for await (const batch of this.repository.allInBatches(BATCH)) {
        if (this.follower.isHalted) throw new Error('stopped while building the vector index');
        await this.write(batch, []);
      }
      this.follower.cursor = cursor;
      this.reindexSeen = reindex;
      this.built = true;
      this.logger.info({ vectors: await this.index.count(), ms: Date.now() - t0 }, 'vector index built from Postgres');
    });
    await this.catchUp();
    // Saved now, in the background, so that the next start reopens it rather than building again.
    void this.checkpoint();
  }

  /**
   * Saves the index, then the position read just before the save (skipped while a build is under
   * way, or when one began during the save). One at a time; a failure is logged and the next
   * checkpoint tries again. Resolves when done.
   */
  checkpoint(): Promise<void> {
    const persist = this.options.persist;
    if (!persist || this.checkpointQueued || this.stopped) return this.checkpointing;
    this.checkpointQueued = true;
    this.checkpointing = this.checkpointing.then(async () => {
      this.checkpointQueued = false;
      if (!this.built || this.stopped) return;
      const epoch = this.epoch;
      const state = this.state();
      const changes = this.changesSinceCheckpoint;
      const t0 = Date.now();
      try {
        await persist();
        if (epoch !== this.epoch || !this.built) return;
        this.writeState(state);
        this.lastSaveMs = Date.now() - t0;
        this.changesSinceCheckpoint = Math.max(0, this.changesSinceCheckpoint - changes);
        this.logger.debug({ ms: this.lastSaveMs, position: state.cursor.position }, 'vector index checkpoint saved');
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'vector index checkpoint failed; the next one tries again');
      }
    });
    return this.checkpointing;
  }

  /**
   * Whether a last save at shutdown fits before `deadline`, judged by how long the last save took
   * (twice that, to be safe). Unknown (nothing saved yet in this process): it is tried.
   */
  saveFitsBefore(deadline: number): boolean {
    return this.lastSaveMs === undefined || Date.now() + 2 * this.lastSaveMs < deadline;
  }

  async catchUp(): Promise<void> {
    await this.follower.catchUp();
  }

  lag(): Promise<LogLag> {
    return this.follower.lag();
  }

  /** Stops following and checkpointing (a checkpoint under way finishes); the cursor then stays put until `savePosition`. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.checkpointTimer);
    this.follower.halt();
    await this.listener.stop();
    await this.follower.exclusive(async () => undefined);
    await this.checkpointing;
  }

  /** Records the position the index was just saved at (call after the index's own save, never before). */
  savePosition(): void {
    if (this.built) this.writeState();
  }

  private async write(upserts: Paper[], deletes: string[]): Promise<void> {
    this.changesSinceCheckpoint += upserts.length + deletes.length;
    if (this.built && this.changesSinceCheckpoint >= (this.options.checkpointAfterChanges ?? 10_000)) void this.checkpoint();
    if (upserts.length) {
      const vectors = await this.store.vectorsFor(upserts.map((p) => p.id));
      await this.index.upsert(
        upserts
          .filter((p) => vectors.has(p.id))
          .map((p) => ({ id: p.id, vector: vectors.get(p.id)!, payload: { topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score } })),
      );
    }
    if (deletes.length) await this.index.remove(deletes);
  }

  private readState(): { cursor: LogCursor; reindex: string; model?: string } | undefined {
    try {
      const { cursor, database, reindex, model } = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as { cursor?: LogCursor; database?: string; reindex?: string; model?: string };
      // A position of another database's log (DATABASE_URL changed, DATA_DIR kept) means nothing here.
      const valid = database === this.database && cursor && /^\d+$/.test(cursor.position) && /^\d+$/.test(reindex ?? '');
      return valid ? { cursor: { position: cursor.position }, reindex: reindex!, model } : undefined;
    } catch {
      return undefined;
    }
  }

  /** What the state file records: the position, of which database, after which reindex, with which model. */
  private state(): { cursor: LogCursor; database: string; reindex: string; model: string } {
    return { cursor: { ...this.follower.cursor }, database: this.database, reindex: this.reindexSeen, model: this.store.model };
  }

  private writeState(state = this.state()): void {
    fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const tmp = `${this.stateFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, this.stateFile);
  }
}
