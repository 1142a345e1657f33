import { ChangeListener } from '../../shared/db/change-listener';
import { ChangeFollower } from '../../shared/indexing/change-follower';
import type { Logger } from '../../shared/logging/logger';
import { currentShutdown } from '../../shared/runtime/shutdown';
import { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChangeLog, type PaperRepository } from '../papers';
import type { Paper } from '../../shared/papers/paper.schema';
import type { BuildSave, IndexCheckpoint, KeywordIndex } from './keyword-index.port';
import { CopyStopped, type IndexSeed } from './index-seed';

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

/** A build from the papers table given up because the process is stopping (what it saved is resumed at the next start). */
class BuildStopped extends Error {
  constructor() {
    super('keyword index build stopped');
  }
}

/**
 * Keeps a process-private keyword index (the embedded engine) current with Postgres. At start it
 * reopens its structures on disk (`KeywordIndex.reopen`: read, not rebuilt) and catches up from the
 * change-log position they are current to; without them it is built from the papers table. Then it
 * follows the log (woken by the `papers_changed` notification, and polled), and is rebuilt from
 * Postgres when `gx reindex` notifies `papers_reindex`. The content on disk is checkpointed after a
 * build and as changes are applied (`CHECKPOINT`), so a stop has little or nothing to save and may skip it.
 * A build saves each segment as it is frozen, with how far it read the papers table: a stop (or a
 * crash) in the middle of one loses at most a segment, and the next start resumes the read there.
 *
 * With a seed (INDEX_SEED_DIR, see `IndexSeed`), a start without usable files of its own copies the
 * seed's and catches up from its position instead of building; a process told to publish
 * (INDEX_SEED_PUBLISH) copies each checkpoint there, and its content at start when the seed is behind.
 */
export class IndexSync {
  private readonly follower: ChangeFollower;
  private readonly listener: ChangeListener;
  private database = '';
  /** The newest `gx reindex` request the index content was built after. */
  private reindexSeen = '0';
  /** Papers changed since the last checkpoint, and when the first of them was. */
  private unsaved = { changes: 0, since: 0 };
  private stopping = false;
  private merging = false;
  /** The publication to the seed under way, and whether another was asked for meanwhile. */
  private publishing?: Promise<void>;
  private publishAgain = false;
  private published = false;

  constructor(
    private readonly repository: PaperRepository,
    private readonly log: PaperChangeLog,
    private readonly index: KeywordIndex,
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly options: { snapshotDir?: string; pollMs?: number; seed?: IndexSeed; publishSeed?: boolean } = {},
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
    if (!(await this.reopen()) && !(await this.takeSeed())) await this.rebuild();
    // Stopped during the build: nothing to follow.
    if (this.stopping || currentShutdown()) return;
    await this.listener.start();
    // A seed behind what this process opened (or none yet) is brought up to it now, not at the next checkpoint.
    this.publishInBackground();
  }

  /** A fresh build from the papers table, then the changes made meanwhile; a checkpoint follows. */
  async rebuild(): Promise<void> {
    if (await this.build()) this.saveInBackground();
  }

  /** After a build: the segments are on disk already, the open one and a whole manifest follow (a crash later still finds it all). */
  private saveInBackground(): void {
    void this.follower.exclusive(() => this.checkpoint(this.follower.cursor)).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index not saved'));
  }

  /**
   * Builds the index from the papers table and saves it, without following the log afterwards: what
   * a first start would do, done ahead of it (after a bulk load), so that start reopens the files.
   */
  async buildFiles(): Promise<void> {
    this.database = await this.log.databaseIdentity();
    if (!(await this.build())) return;
    await this.follower.exclusive(() => this.checkpoint(this.follower.cursor));
  }

  /** A fresh build from the papers table; false when the process stopped it (see `BuildStopped`). */
  private build(): Promise<boolean> {
    return this.runBuild(async () => {
      const at: IndexCheckpoint = { database: this.database, reindex: await this.log.latestReindexRequest(), cursor: await this.log.snapshotCursor() };
      await this.index.rebuild(this.papersAfter(''), this.buildSave(at));
      return at;
    }, 'keyword index built from Postgres');
  }

  /** Reads the rest of a build cut short (see `reopen`); false when the process stops it too. */
  private resumeBuild(saved: IndexCheckpoint & { resumeAfter: string }): Promise<boolean> {
    return this.runBuild(async () => {
      await this.index.resumeBuild!(this.papersAfter(saved.resumeAfter), this.buildSave(saved)!);
      return saved;
    }, 'keyword index build resumed from disk and finished');
  }

  /** Runs a build (`work` says as of what it is current), then follows the log from there. */
  private async runBuild(work: () => Promise<IndexCheckpoint>, done: string): Promise<boolean> {
    const built = await this.follower.exclusive(async () => {
      const t0 = Date.now();
      try {
        this.builtAt(await work());
      } catch (err) {
        if (!(err instanceof BuildStopped)) throw err;
        // What the build saved is what the next start resumes; content served meanwhile is not saved over it (the log replays it).
        this.unsaved = { changes: 0, since: 0 };
        this.logger.info({ papers: await this.index.count() }, 'keyword index build stopped; the next start resumes it');
        return false;
      }
      this.logger.info({ papers: await this.index.count(), ms: Date.now() - t0 }, done);
      return true;
    });
    if (built) await this.follower.catchUp();
    return built;
  }

  /** A build is done as of `at`: the log is followed from where it stood when the build began, and a checkpoint is due. */
  private builtAt(at: IndexCheckpoint): void {
    this.reindexSeen = at.reindex;
    this.follower.cursor = at.cursor;
    this.unsaved = { changes: 1, since: Date.now() };
  }

  private buildSave(at: IndexCheckpoint): BuildSave | undefined {
    const dir = this.options.snapshotDir;
    return dir && this.index.checkpoint ? { dir, at } : undefined;
  }

  /** The papers table in id order after `after`, given up between batches once the process stops. */
  private async *papersAfter(after: string): AsyncGenerator<Paper[]> {
    for await (const batch of this.repository.allInBatches(undefined, after)) {
      // Also a shutdown begun during start-up, before anything could call `stop`.
      if (this.stopping || currentShutdown()) throw new BuildStopped();
      yield batch;
    }
  }

  catchUp(): Promise<number> {
    return this.follower.catchUp();
  }

  lag(): Promise<LogLag> {
    return this.follower.lag();
  }

  /** Stops following; saves what changed since the last checkpoint (little: see `CHECKPOINT`; the log replays it if this is cut short). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.follower.halt();
    await this.listener.stop();
    // A publication under way gives up at its next file (the seed keeps the one before).
    await this.publishing;
    await this.follower.exclusive(() => this.checkpoint(this.follower.cursor)).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index not saved'));
    const dir = this.options.snapshotDir;
    if (dir) await this.index.saveRecentTerms?.(dir).catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index: recent terms not saved'));
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
    if (!saved) return false;
    const stale = await this.staleness(saved);
    if (stale) {
      this.logger.info({ reason: stale }, 'keyword index on disk not reopened: building it again');
      return false;
    }
    const { resumeAfter } = saved;
    if (resumeAfter !== undefined) {
      if (!this.index.resumeBuild) return false;
      this.logger.info({ papers: await this.index.count(), after: resumeAfter }, 'keyword index build cut short: resuming it');
      if (await this.resumeBuild({ ...saved, resumeAfter })) this.saveInBackground();
      return true;
    }
    const followed = await this.followFrom(saved, dir);
    this.logger.info(
      { ...followed, ms: Date.now() - t0 },
      followed.behind ? 'keyword index reopened from disk; catching up while serving' : 'keyword index reopened from its snapshot and caught up',
    );
    return true;
  }

  /**
   * Copies the seed (INDEX_SEED_DIR) into this process's directory and opens it, when the seed holds
   * this database's content and the change log still reaches back to it; then catches up as a
   * reopen does. False (the caller builds from Postgres) when there is no seed, or none to take.
   */
  private async takeSeed(): Promise<boolean> {
    const { seed, snapshotDir: dir } = this.options;
    if (!seed || !dir || !this.index.reopen) return false;
    const t0 = Date.now();
    const judge = async (at: IndexCheckpoint): Promise<string | undefined> => {
      if (at.database !== this.database) return `it is another database's (database_identity ${at.database}, this one is ${this.database})`;
      if (at.resumeAfter !== undefined) return 'it is a build cut short';
      return this.staleness(at);
    };
    let taken: Awaited<ReturnType<IndexSeed['take']>>;
    try {
      taken = await seed.take(dir, judge, () => this.stopping || currentShutdown() !== undefined);
    } catch (err) {
      if (!(err instanceof CopyStopped)) this.logger.warn({ seed: seed.dir, err: (err as Error).message }, 'keyword index seed not taken: building from Postgres');
      return false;
    }
    if (!taken) {
      this.logger.info({ seed: seed.dir }, 'keyword index seed: nothing whole to take');
      return false;
    }
    if ('refused' in taken) {
      this.logger.warn({ seed: seed.dir, reason: taken.refused }, 'keyword index seed not taken: building from Postgres');
      return false;
    }
    const saved = await this.follower.exclusive(() => this.index.reopen!(dir, this.database)).catch((err: Error) => {
      this.logger.warn({ err: err.message }, 'keyword index copied from the seed not opened: building from Postgres');
      return null;
    });
    if (saved === null) return false;
    if (!saved || saved.cursor.position !== taken.at.cursor.position) {
      this.logger.warn({ seed: seed.dir, position: taken.at.cursor.position }, 'keyword index copied from the seed not opened: building from Postgres');
      return false;
    }
    const followed = await this.followFrom(saved, dir);
    this.logger.info(
      { seed: seed.dir, files: taken.copied, mb: Math.round(taken.bytes / 2 ** 20), copyMs: taken.ms, ...followed, ms: Date.now() - t0 },
      followed.behind ? 'keyword index taken from the seed; catching up while serving' : 'keyword index taken from the seed and caught up',
    );
    return true;
  }

  /**
   * Why content saved as of `at` (this database's) cannot be caught up to the papers by the change
   * log, if it cannot: a `gx reindex` asked for after it (rebuild, as a running process would have),
   * or a removal after its position pruned from the log (PAPER_CHANGES_RETENTION_DAYS).
   */
  private async staleness(at: IndexCheckpoint): Promise<string | undefined> {
    if (BigInt(at.reindex) < BigInt(await this.log.latestReindexRequest())) return 'a reindex was asked for after it was saved';
    if (await this.log.removalsDroppedAfter(at.cursor)) return 'the change log no longer holds every removal made since it was saved (PAPER_CHANGES_RETENTION_DAYS)';
    return undefined;
  }

  /**
   * The content just opened from `dir` is current to `saved`: follows the log from there, waiting
   * for a short catch-up (a long one runs while the index serves); what it did, for the log.
   */
  private async followFrom(saved: IndexCheckpoint, dir: string): Promise<{ papers: number; caughtUp: number; behind: number }> {
    this.follower.cursor = saved.cursor;
    this.reindexSeen = saved.reindex;
    const lag = await this.follower.lag();
    const caughtUp = lag.changes <= CATCH_UP_BEFORE_SERVING ? await this.follower.catchUp() : undefined;
    if (caughtUp === undefined) void this.follower.catchUp().catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index catch-up failed'));
    this.warmInBackground(dir);
    return { papers: await this.index.count(), caughtUp: caughtUp ?? 0, behind: caughtUp === undefined ? lag.changes : 0 };
  }

  /**
   * Copies the last checkpoint to the seed, in the background, when this process publishes
   * (INDEX_SEED_PUBLISH): after each checkpoint, and once at start. One at a time; one asked for
   * meanwhile runs after it. The seed itself refuses content older than its own.
   */
  private publishInBackground(): void {
    const { seed, snapshotDir: dir, publishSeed } = this.options;
    if (!seed || !dir || !publishSeed || this.stopping) return;
    if (this.publishing) {
      this.publishAgain = true;
      return;
    }
    const t0 = Date.now();
    this.publishing = seed
      .publish(dir, () => this.stopping)
      .then((done) => {
        if (done.state === 'busy') this.logger.debug({ seed: seed.dir }, 'keyword index seed: another process is publishing; skipped');
        if (done.state !== 'published') return;
        const { at, copied, bytes } = done.copy;
        const fields = { seed: seed.dir, position: at.cursor.position, files: copied, mb: Math.round(bytes / 2 ** 20), ms: Date.now() - t0 };
        // The first of this process, and one that replaced another database's copy, are worth an operator's notice; the routine ones are not.
        if (!this.published || done.replaced === 'another database') this.logger.info({ ...fields, replaced: done.replaced }, 'keyword index published to the seed');
        else this.logger.debug(fields, 'keyword index published to the seed');
        this.published = true;
      })
      .catch((err: Error) => {
        if (!(err instanceof CopyStopped)) this.logger.warn({ seed: seed.dir, err: err.message }, 'keyword index not published to the seed');
      })
      .finally(() => {
        this.publishing = undefined;
        if (this.publishAgain) {
          this.publishAgain = false;
          this.publishInBackground();
        }
      });
  }

  /** After a reopen: the terms the last process searched most recently are worked out while this one serves. */
  private warmInBackground(dir: string): void {
    if (!this.index.warmRecentTerms) return;
    const t0 = Date.now();
    void this.index
      .warmRecentTerms(dir)
      .then((terms) => terms && this.logger.info({ terms, ms: Date.now() - t0 }, 'keyword index: recent terms worked out ahead'))
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index: recent terms not worked out'));
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
    this.publishInBackground();
    this.mergeInBackground();
  }

  /** After a checkpoint: merges the small segments checkpoints left, if enough have gathered, and saves the merged one. */
  private mergeInBackground(): void {
    if (!this.index.mergeSegments || this.merging || this.stopping) return;
    this.merging = true;
    const t0 = Date.now();
    void this.index
      .mergeSegments()
      .then(async (merged) => {
        if (!merged) return;
        this.logger.info({ ms: Date.now() - t0 }, 'keyword index: small segments merged');
        if (this.unsaved.changes === 0) this.unsaved.since = Date.now();
        this.unsaved.changes++; // the merged segment replaces their files at a checkpoint: now
        if (!this.stopping) await this.follower.exclusive(() => this.checkpoint(this.follower.cursor));
      })
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'keyword index segments not merged'))
      .finally(() => {
        this.merging = false;
      });
  }

  private async write(upserts: Paper[], deletes: string[]): Promise<void> {
    if (upserts.length) await this.index.upsert(upserts);
    if (deletes.length) await this.index.remove(deletes);
    if (this.unsaved.changes === 0) this.unsaved.since = Date.now();
    this.unsaved.changes += upserts.length + deletes.length;
  }
}
