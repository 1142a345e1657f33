import fs from 'node:fs';
import path from 'node:path';
import { ChangeListener } from '../../shared/db/change-listener';
import type { EmbeddingStore } from '../embeddings';
import { ChangeFollower } from '../../shared/indexing/change-follower';
import { PAPERS_CHANGED_CHANNEL, PAPERS_REINDEX_CHANNEL } from '../keyword-index';
import type { Logger } from '../../shared/logging/logger';
import { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChangeLog, type PaperRepository } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';
import type { VectorIndex, VectorItem } from './vector-index.port';

const BATCH = 256;

export interface VectorSyncOptions {
  /**
   * Saves the index (the embedded index's `save()`): given, the index is checkpointed while the
   * process runs, during a build (see `buildCheckpointEveryMs`), after it, and then every
   * `checkpointEveryMs` or `checkpointAfterChanges` changes, whichever comes first, so that a
   * shutdown never has to save much (nor at all). It calls `captured` in the turn it takes what it
   * saves, if it can: the position recorded beside the save is then read at that very moment.
   */
  persist?: (captured?: () => void) => Promise<void>;
  /** Default 5 minutes. */
  checkpointEveryMs?: number;
  /** Default 10,000 papers written or removed. */
  checkpointAfterChanges?: number;
  /**
   * During a build from the papers table, the index is saved with how far the build has read once
   * this long has passed since the build began or was last saved, and three times as long as that
   * save took (a build spends at most a quarter of its time saving): a build cut short (a restart, a
   * crash) resumes from there. Default 60 s; 0 saves after every batch.
   */
  buildCheckpointEveryMs?: number;
  /** Papers a build reads at a time. Default 256. */
  batchSize?: number;
}

/** What the index is doing (for readiness): `building`/`resuming` with the papers it holds of those there are. */
export type VectorSyncProgress =
  | { phase: 'preparing' | 'reopening' | 'catching_up' | 'following' }
  | { phase: 'building' | 'resuming'; papers: number; of: number };

/** How the index came to be at the last start (or rebuild): reopened whole, built, or a build resumed; vectors reopened and added. */
export interface VectorStartOutcome {
  how: 'reopened' | 'built' | 'resumed';
  reopened: number;
  added: number;
}

/** What the state file records: the position, of which database, after which reindex, with which model; during a build, how far it read. */
interface SyncState {
  cursor: LogCursor;
  database: string;
  reindex: string;
  model: string;
  /** The saved index is of a build that read the papers table up to this id (included): the next start resumes it. */
  resumeAfter?: string;
}

/** A build from the papers table: as of what (the log position and reindex it began at), how far it has read. */
interface Build {
  cursor: LogCursor;
  reindex: string;
  /** The last paper id the index holds of this build ('' before the first batch). */
  after: string;
  papers: number;
  of: number;
  added: number;
  resumed: boolean;
}

/** A build given up because the process is stopping (what it saved is resumed at the next start). */
class BuildStopped extends Error {
  constructor() {
    super('vector index build stopped');
  }
}

/**
 * Keeps a process-local vector index (the embedded HNSW) current with Postgres by following the
 * change log, with vectors from the embedding store (so a paper is embedded once per change, not
 * once per process or restart). The log position is saved beside the index, and only right after
 * the index itself was saved: at each checkpoint, the position read when the save took its content
 * (the saved index holds at least every change before it; one applied again is harmless, as a change
 * is applied by reading the paper as it is now), and at shutdown (`savePosition`). A restart that
 * reopens the persisted index applies what changed since, and a crash or a shutdown cut short
 * leaves the last pair that was saved together, at most one checkpoint old.
 *
 * A build from the papers table (a first start, a new model, `gx reindex`) is saved as it goes, with
 * how far it read (`resumeAfter`) and the log position it began at: a build cut short resumes where
 * its last save ended, then applies the log from where the build began (issue 30). While a build
 * links one batch into the graph (in the graph's worker thread), it embeds the next.
 */
export class VectorSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;
  private database = '';
  /** The index holds a whole build (reopened or built): a build cut short must not be saved as one. */
  private built = false;
  /** The build under way, if any. */
  private building?: Build;
  /** What it does when no build is under way (a build reports itself: see `progress`). */
  private phase: 'preparing' | 'reopening' | 'catching_up' | 'following' = 'preparing';
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
  /** How the index came to be at the last start or rebuild (for the tests and the logs). */
  outcome?: VectorStartOutcome;

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
    if (reusable) this.phase = 'reopening';
    await this.index.init({ discardSaved: !reusable });
    const reopened = reusable ? await this.index.count() : 0;
    if (reusable && saved.resumeAfter !== undefined) {
      this.logger.info({ vectors: reopened, after: saved.resumeAfter }, 'vector index build cut short: resuming it where its last save ended');
      await this.runBuild({ cursor: saved.cursor, reindex: saved.reindex, after: saved.resumeAfter }, reopened);
    } else if (reusable && reopened > 0) {
      this.follower.cursor = saved.cursor;
      this.reindexSeen = saved.reindex;
      this.built = true;
      this.phase = 'catching_up';
      await this.catchUp();
      this.phase = 'following';
      this.outcome = { how: 'reopened', reopened, added: 0 };
      this.logger.info({ vectors: await this.index.count(), ms: Date.now() - t0 }, 'vector index reopened and caught up');
      if (this.changesSinceCheckpoint > 0) void this.checkpoint();
    } else {
      await this.rebuild();
    }
    // Stopped during the build: nothing to follow.
    if (this.stopped) return;
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
    await this.runBuild(undefined, 0);
  }

  /** What the index is doing now. */
  progress(): VectorSyncProgress {
    const b = this.building;
    return b ? { phase: b.resumed ? 'resuming' : 'building', papers: b.papers, of: b.of } : { phase: this.phase };
  }

  /**
   * A build from the papers table: a fresh one (the index is written over as it stands; the saved
   * position goes first), or the rest of one a previous process saved part of (`resume`). Stopped
   * by `stop`, it returns at the next batch; what it saved is resumed by the next start.
   */
  private async runBuild(resume: Pick<Build, 'cursor' | 'reindex' | 'after'> | undefined, reopened: number): Promise<void> {
    const finished = await this.follower.exclusive(async () => {
      const t0 = Date.now();
      this.built = false;
      let at: Pick<Build, 'cursor' | 'reindex' | 'after'>;
      if (resume) at = resume;
      else {
        this.phase = 'preparing';
        // The saved position describes the index as it was; a rebuild cut short must not be taken for it.
        fs.rmSync(this.stateFile, { force: true });
        this.epoch++;
        const reindex = await this.log.latestReindexRequest();
        // After that request: an embedder that refits on it does so before any vector is made.
        await this.store.refresh();
        at = { reindex, cursor: await this.log.snapshotCursor(), after: '' };
      }
      const build: Build = { ...at, papers: reopened, of: await this.repository.count(), added: 0, resumed: resume !== undefined };
      this.building = build;
      try {
        await this.readPapers(build);
      } catch (err) {
        // Stopped, the build stays what the index holds: a save at shutdown records how far it read (`savePosition`).
        if (!(err instanceof BuildStopped)) {
          this.building = undefined;
          throw err;
        }
        this.logger.info({ vectors: await this.index.count(), after: build.after }, 'vector index build stopped; the next start resumes it from its last save');
        return false;
      }
      this.building = undefined;
      this.follower.cursor = at.cursor;
      this.reindexSeen = at.reindex;
      this.built = true;
      this.outcome = { how: resume ? 'resumed' : 'built', reopened, added: build.added };
      const figures = { vectors: await this.index.count(), added: build.added, ms: Date.now() - t0 };
      this.logger.info(figures, resume ? 'vector index build resumed from disk and finished' : 'vector index built from Postgres');
      return true;
    });
    if (!finished) return;
    this.phase = 'catching_up';
    await this.catchUp();
    this.phase = 'following';
    // Saved now, in the background, so that the next start reopens it rather than building again.
    void this.checkpoint();
  }

  /**
   * The papers after `build.after`, a batch at a time: each batch's vectors are made (or read) while
   * the previous one is linked into the graph, and the index is saved now and then (see
   * `buildCheckpointEveryMs`) with how far the build has read.
   */
  private async readPapers(build: Build): Promise<void> {
    const every = this.options.buildCheckpointEveryMs ?? 60_000;
    let savedAt = Date.now();
    let saveMs = 0;
    let linking: Promise<void> = Promise.resolve();
    try {
      for await (const batch of this.repository.allInBatches(this.options.batchSize ?? BATCH, build.after)) {
        if (this.follower.isHalted) throw new BuildStopped();
        const items = await this.itemsOf(batch);
        await linking;
        this.changesSinceCheckpoint += batch.length;
        // The index's store holds the batch from this call on (its graph follows): a save records it.
        linking = this.index.upsert(items);
        build.after = batch[batch.length - 1]!.id;
        build.papers += batch.length;
        build.added += batch.length;
        if (this.options.persist && (every === 0 || Date.now() - savedAt >= Math.max(every, 3 * saveMs))) {
          await linking;
          const t0 = Date.now();
          await this.checkpoint();
          savedAt = Date.now();
          saveMs = savedAt - t0;
        }
      }
    } finally {
      await linking.catch(() => undefined);
    }
    await linking;
  }

  /**
   * Saves the index, then the position read when the save took its content (a build's as of where
   * it began, with how far it read; none when a new build began during the save). One at a time; a
   * failure is logged and the next checkpoint tries again. Resolves when done.
   */
  checkpoint(): Promise<void> {
    const persist = this.options.persist;
    if (!persist || this.checkpointQueued || this.stopped) return this.checkpointing;
    this.checkpointQueued = true;
    this.checkpointing = this.checkpointing.then(async () => {
      this.checkpointQueued = false;
      if ((!this.built && !this.building) || this.stopped) return;
      const epoch = this.epoch;
      // Read again when the save takes its content, if it says when; else this one (the save holds at least as much).
      let state = this.state();
      const changes = this.changesSinceCheckpoint;
      const t0 = Date.now();
      try {
        await persist(() => void (state = this.state()));
        if (epoch !== this.epoch) return;
        this.writeState(state);
        this.lastSaveMs = Date.now() - t0;
        this.changesSinceCheckpoint = Math.max(0, this.changesSinceCheckpoint - changes);
        this.logger.debug({ ms: this.lastSaveMs, position: state.cursor.position, resumeAfter: state.resumeAfter }, 'vector index checkpoint saved');
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

  /** Records the position the index was just saved at (call after the index's own save, never before); a build cut short records how far it read. */
  savePosition(): void {
    if (this.built || this.building) this.writeState();
  }

  private async write(upserts: Paper[], deletes: string[]): Promise<void> {
    this.changesSinceCheckpoint += upserts.length + deletes.length;
    if (this.built && this.changesSinceCheckpoint >= (this.options.checkpointAfterChanges ?? 10_000)) void this.checkpoint();
    if (upserts.length) await this.index.upsert(await this.itemsOf(upserts));
    if (deletes.length) await this.index.remove(deletes);
  }

  /** The index items of these papers: their vectors (stored, or embedded now) and payloads. */
  private async itemsOf(papers: Paper[]): Promise<VectorItem[]> {
    const vectors = await this.store.vectorsFor(papers.map((p) => p.id));
    return papers
      .filter((p) => vectors.has(p.id))
      .map((p) => ({ id: p.id, vector: vectors.get(p.id)!, payload: { topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score } }));
  }

  private readState(): SyncState | undefined {
    try {
      const { cursor, database, reindex, model, resumeAfter } = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as Partial<SyncState>;
      // A position of another database's log (DATABASE_URL changed, DATA_DIR kept) means nothing here.
      const valid =
        database === this.database && cursor && /^\d+$/.test(cursor.position) && /^\d+$/.test(reindex ?? '') && (resumeAfter === undefined || typeof resumeAfter === 'string');
      return valid ? { cursor: { position: cursor.position }, database, reindex: reindex!, model: model ?? '', resumeAfter } : undefined;
    } catch {
      return undefined;
    }
  }

  /** What the state file records now: during a build, the build's position and how far it read. */
  private state(): SyncState {
    const base = { database: this.database, model: this.store.model };
    const b = this.building;
    return b
      ? { ...base, cursor: { ...b.cursor }, reindex: b.reindex, resumeAfter: b.after }
      : { ...base, cursor: { ...this.follower.cursor }, reindex: this.reindexSeen };
  }

  private writeState(state = this.state()): void {
    fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const tmp = `${this.stateFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, this.stateFile);
  }
}
