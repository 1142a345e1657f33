import { ChangeFollower } from '../../shared/indexing/change-follower';
import type { Logger } from '../../shared/logging/logger';
import { LOG_ORIGIN, type LogCursor, type LogLag, type PaperChangeLog, type PaperRepository } from '../../modules/papers';
import { SpanKind, withSpan } from '../../shared/telemetry/spans';
import type { Paper } from '../../shared/papers/paper.schema';
import type { IndexConsumer } from './index-consumers';
import type { LeaderLock } from './leader-lock';

/** The `index_positions` row that says which reindex request the indexer has handled. */
const REINDEX_MARK = 'reindex-request';

export interface IndexerOptions {
  batchSize: number;
  /** Attempts for a batch before its papers are tried one by one. */
  attempts: number;
  backoffMs: number;
  /** How often to look for work when no notification came. */
  pollMs: number;
}

/** What the indexer did, for readiness, metrics and tests. */
export interface ConsumerState {
  name: string;
  cursor: LogCursor;
  applied: number;
  deadLettered: number;
  lastError?: string;
}

/**
 * The one writer of the shared derived indexes (Elasticsearch, Qdrant). While it holds the leader
 * lock it applies the change log to each index in order, a batch per index in turn, each through a
 * `ChangeFollower` whose position is saved in Postgres after each batch, through the lock's own
 * connection (so a restart or a new leader resumes there: a change is applied once, or again after
 * a crash mid-batch, which writes the same documents). A batch that fails is retried with backoff; if
 * it keeps failing and some of its papers go in one by one, the others get a dead-letter record and
 * the log moves on; if none go in, the engine is down: the position stays and the batch is retried.
 */
export class SharedIndexer {
  private readonly states = new Map<string, ConsumerState>();
  /** Indexes whose `init` succeeded (an engine down at start is retried like a failed batch). */
  private readonly initialised = new Set<string>();
  private readonly followers = new Map<string, ChangeFollower>();
  private stopped = false;
  private wake?: () => void;
  private loop?: Promise<void>;

  constructor(
    private readonly deps: { log: PaperChangeLog; papers: PaperRepository; lock: LeaderLock; consumers: IndexConsumer[]; logger: Logger },
    private readonly options: IndexerOptions,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  /** Looks for work now (a `papers_changed` notification). */
  nudge(): void {
    this.wake?.();
  }


  state(): ConsumerState[] {
    return [...this.states.values()];
  }

  async lag(): Promise<Record<string, LogLag>> {
    const out: Record<string, LogLag> = {};
    for (const c of this.deps.consumers) out[c.name] = await this.deps.log.lag((await this.deps.log.position(c.name)) ?? LOG_ORIGIN);
    return out;
  }

  /** Papers each index has set aside after every retry. */
  async deadLetters(): Promise<Record<string, number>> {
    const counts = await this.deps.log.deadLetterCounts();
    return Object.fromEntries(this.deps.consumers.map((c) => [c.name, counts.get(c.name) ?? 0]));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.loop;
    await this.deps.lock.release();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      let busy = false;
      try {
        if (await this.deps.lock.tryHold()) {
          await this.reindexIfRequested();
          for (const consumer of this.deps.consumers) busy = (await this.drainOnce(consumer)) || busy;
        }
        failures = 0;
      } catch (err) {
        failures++;
        this.deps.logger.warn({ err: (err as Error).message, failures }, 'indexer: a batch failed; retrying after a pause');
      }
      if (!busy && !this.stopped) await this.pause(failures ? Math.min(this.options.backoffMs * 2 ** failures, 30_000) : this.options.pollMs);
    }
  }

  /** Applies one batch to one index; true when there was one. */
  private async drainOnce(consumer: IndexConsumer): Promise<boolean> {
    if (!this.initialised.has(consumer.name)) {
      await consumer.init();
      this.initialised.add(consumer.name);
    }
    const state = this.stateOf(consumer);
    const follower = this.followerOf(consumer);
    try {
      const applied = await follower.step();
      state.applied += applied;
      return applied > 0;
    } finally {
      // The follower read the saved position first: another leader may have moved it meanwhile.
      state.cursor = follower.cursor;
    }
  }

  private followerOf(consumer: IndexConsumer): ChangeFollower {
    let follower = this.followers.get(consumer.name);
    if (!follower) {
      const { log, papers, lock } = this.deps;
      follower = new ChangeFollower(log, papers, { apply: (upserts, deletes) => this.write(consumer, upserts, deletes) }, { ...LOG_ORIGIN }, {
        batchSize: this.options.batchSize,
        // Saved through the lock's connection: a leader that lost the lock cannot move the position.
        position: { load: () => log.position(consumer.name), save: (cursor) => log.savePosition(consumer.name, cursor, lock) },
        // A trace a batch (an empty poll makes none): its reads, the engine calls, the position saved.
        aroundBatch: (changes, work) =>
          withSpan('indexer batch', { 'gx.index': consumer.name, 'gx.changes': changes.length }, work, { kind: SpanKind.INTERNAL, root: true }),
      });
      this.followers.set(consumer.name, follower);
    }
    return follower;
  }

  /** One batch into one index, retried; what keeps failing is isolated (see the class comment). */
  private async write(consumer: IndexConsumer, upserts: Paper[], deletes: string[]): Promise<void> {
    const state = this.stateOf(consumer);
    let whole = true;
    try {
      await this.withRetries(() => consumer.apply(upserts, deletes));
      delete state.lastError;
    } catch (err) {
      whole = false;
      state.lastError = (err as Error).message;
      await this.isolateFailures(consumer, upserts, deletes, err as Error);
    }
    if (whole) {
      // A paper set aside earlier that has now gone in is no longer a dead letter.
      await this.deps.lock.query('DELETE FROM index_dead_letters WHERE consumer = $1 AND paper_id = ANY($2::text[])', [
        consumer.name,
        [...upserts.map((p) => p.id), ...deletes],
      ]);
    }
  }

  /**
   * Tries the papers of a failed batch one at a time. Papers the index refuses get a dead-letter
   * record; if none goes in, the fault is the engine's, and the batch stays to be retried.
   */
  private async isolateFailures(consumer: IndexConsumer, upserts: Paper[], deletes: string[], batchError: Error): Promise<void> {
    const failed: { id: string; error: string }[] = [];
    let succeeded = 0;
    const items: [string, () => Promise<void>][] = [
      ...upserts.map((p): [string, () => Promise<void>] => [p.id, () => consumer.apply([p], [])]),
      ...deletes.map((id): [string, () => Promise<void>] => [id, () => consumer.apply([], [id])]),
    ];
    for (const [id, write] of items) {
      try {
        await write();
        succeeded++;
      } catch (err) {
        failed.push({ id, error: (err as Error).message });
        // Nothing has gone in yet after a few tries: the engine is down, not these papers.
        if (succeeded === 0 && failed.length >= Math.min(3, items.length)) throw batchError;
      }
    }
    if (failed.length === 0) return;
    await this.deps.lock.query(
      `INSERT INTO index_dead_letters (consumer, paper_id, attempts, error)
       SELECT $1, id, $2, error FROM unnest($3::text[], $4::text[]) AS f(id, error)
       ON CONFLICT (consumer, paper_id) DO UPDATE SET attempts = index_dead_letters.attempts + EXCLUDED.attempts, error = EXCLUDED.error, failed_at = now()`,
      [consumer.name, this.options.attempts + 1, failed.map((f) => f.id), failed.map((f) => f.error)],
    );
    this.states.get(consumer.name)!.deadLettered += failed.length;
    this.deps.logger.error({ index: consumer.name, papers: failed.map((f) => f.id), err: failed[0]!.error }, 'indexer: papers the index keeps refusing were set aside (index_dead_letters)');
  }

  /**
   * Acts on the newest `gx reindex` request not handled yet (kept in `reindex_requests`, so one made
   * while no indexer ran is not lost); which one was handled is a position like the indexes' own.
   */
  private async reindexIfRequested(): Promise<void> {
    const { log } = this.deps;
    const wanted = await log.latestReindexRequest();
    const handled = (await log.position(REINDEX_MARK))?.position ?? '0';
    if (BigInt(wanted) <= BigInt(handled)) return;
    await this.reindex();
    await log.savePosition(REINDEX_MARK, { position: wanted }, this.deps.lock);
  }

  /**
   * Rebuilds each index from the start of the log. Elasticsearch gets a new versioned index filled
   * by replaying the log, then the alias swap; the position then goes back to where the replay
   * began, so every change made during it (deletes included) is applied to the new index as well.
   * An index without versions (Qdrant) replays the log in place.
   */
  private async reindex(): Promise<void> {
    for (const consumer of this.deps.consumers) {
      const t0 = Date.now();
      const began = await this.deps.log.snapshotCursor();
      await consumer.beforeReindex?.();
      if (consumer.rebuild) {
        await consumer.rebuild(this.replay());
        await this.deps.log.savePosition(consumer.name, began, this.deps.lock);
      } else {
        await this.deps.log.savePosition(consumer.name, LOG_ORIGIN, this.deps.lock);
      }
      this.states.delete(consumer.name);
      this.deps.logger.info({ index: consumer.name, ms: Date.now() - t0 }, 'indexer: reindex from the start of the change log');
    }
  }

  /**
   * The papers as they are now, in the order the log names them, from its first change to its last:
   * a follower from the origin whose target hands each batch's papers on.
   */
  private async *replay(): AsyncGenerator<Paper[]> {
    let papers: Paper[] = [];
    const follower = new ChangeFollower(this.deps.log, this.deps.papers, { apply: async (upserts) => void (papers = upserts) }, { ...LOG_ORIGIN }, {
      batchSize: this.options.batchSize,
    });
    while ((await follower.step()) > 0) if (papers.length) yield papers;
  }

  private stateOf(consumer: IndexConsumer): ConsumerState {
    let state = this.states.get(consumer.name);
    if (!state) {
      state = { name: consumer.name, cursor: { ...LOG_ORIGIN }, applied: 0, deadLettered: 0 };
      this.states.set(consumer.name, state);
    }
    return state;
  }

  private async withRetries(work: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (attempt >= this.options.attempts || this.stopped) throw err;
        await this.pause(this.options.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
