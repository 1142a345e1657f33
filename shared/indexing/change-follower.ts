import type { Paper } from '../papers/paper.schema';
import { LOG_ORIGIN as ORIGIN, type FollowedLog, type LogCursor, type LogLag, type PaperChange, type PaperLookup } from './change-log.port';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { whileClientWaits } from '../db/client-waits';

/**
 * How long `lag()` waits for the log before it answers with the last lag it measured: readiness
 * gives each check 2 s, and a stalled database must not make an index that answers from memory
 * look broken.
 */
const LAG_WAIT_MS = 1_000;

/** A derived index as the change log sees it: papers to write as they are now, ids to remove. */
export interface IndexTarget {
  apply(upserts: Paper[], deletes: string[]): Promise<void>;
}

/**
 * Turns a batch of changes into what an index must do: each paper once (its last change wins), read
 * as it is now; a paper gone from Postgres is removed whatever the change said.
 */
export async function resolveChanges(changes: PaperChange[], papers: PaperLookup): Promise<{ upserts: Paper[]; deletes: string[] }> {
  const last = new Map<string, PaperChange['op']>();
  for (const c of changes) last.set(c.paperId, c.op);
  const wanted = [...last].filter(([, op]) => op === 'upsert').map(([id]) => id);
  const found = wanted.length ? await papers.findByIds(wanted) : [];
  const present = new Set(found.map((p) => p.id));
  return { upserts: found, deletes: [...last.keys()].filter((id) => !present.has(id)) };
}

/**
 * Where a follower's position lives when it is kept outside the follower (Postgres, for the shared
 * indexer): read before each batch, since another writer (a new leader) may have moved it, and
 * written after each batch is applied.
 */
export interface PositionStore {
  load(): Promise<LogCursor | undefined>;
  save(cursor: LogCursor): Promise<void>;
}

export interface ChangeFollowerOptions {
  batchSize?: number;
  /** Without one the position is `cursor` alone, and its owner persists it (with its snapshot). */
  position?: PositionStore;
  /** Runs around each batch that holds changes (a trace span): resolving, applying and saving. */
  aroundBatch?: (changes: PaperChange[], work: () => Promise<void>) => Promise<void>;
}

/**
 * Applies the change log to one index, batch by batch, from a cursor it keeps. Work is serialised:
 * a catch-up asked for while one runs starts again once it ends, so notifications may come at any
 * rate. A failed batch is not skipped: the cursor stays before it and the next catch-up retries.
 */
export class ChangeFollower {
  private queue: Promise<unknown> = Promise.resolve();
  private pending: Promise<number> | undefined;
  private halted = false;
  /** The last lag read from the log (or known: a catch-up that found nothing more), and when. */
  private measured?: { lag: LogLag; at: number };

  constructor(
    private readonly log: FollowedLog,
    private readonly papers: PaperLookup,
    private readonly target: IndexTarget,
    public cursor: LogCursor,
    private readonly options: ChangeFollowerOptions = {},
  ) {}

  /** Runs `work` when nothing else of this follower runs (a rebuild, say). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Applies every change the log holds after the cursor; resolves with how many were applied. */
  catchUp(): Promise<number> {
    // One catch-up waiting behind the running one serves every request made meanwhile.
    this.pending ??= this.exclusive(async () => {
      this.pending = undefined;
      let applied = 0;
      while (!this.halted) {
        const n = await this.applyNext();
        if (n === 0) {
          // The log held nothing after the cursor a moment ago: caught up.
          this.measured = { lag: { changes: 0, seconds: 0 }, at: Date.now() };
          return applied;
        }
        applied += n;
      }
      return applied;
    });
    return this.pending;
  }

  /**
   * Applies the next batch only, if there is one; resolves with how many changes it held (0: none).
   * For a caller that shares its time between several logs' followers (the shared indexer).
   */
  step(): Promise<number> {
    return this.exclusive(() => this.applyNext());
  }

  /** Stops after the batch in progress (shutdown); the cursor stays where the last applied batch ended. */
  halt(): void {
    this.halted = true;
  }

  get isHalted(): boolean {
    return this.halted;
  }

  /**
   * How far the index is behind the log. While the database is unavailable or slow to answer (more
   * than a second), the last lag measured, its age grown by the time since: nothing can be added to
   * the log while it is down, so that is still how far behind the index is, and an index that serves
   * from memory is reported by its own state, not by the database's (which the database's own
   * readiness check reports). Rejects as before when no lag was measured yet, or for any other fault.
   */
  async lag(): Promise<LogLag> {
    // A probe (readiness, a metrics scrape) waits for it: its statement is bounded, never left hanging on a stalled server.
    const reading = whileClientWaits(() => this.log.lag(this.cursor)).then((lag) => {
      this.measured = { lag, at: Date.now() };
      return lag;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), LAG_WAIT_MS)));
    try {
      const lag = await Promise.race([reading, late]);
      if (lag) return lag;
      reading.catch(() => undefined);
      if (this.measured) return this.lastMeasured();
      return await reading;
    } catch (err) {
      if (this.measured && isDatabaseUnavailable(err)) return this.lastMeasured();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private lastMeasured(): LogLag {
    const { lag, at } = this.measured!;
    return lag.changes > 0 ? { changes: lag.changes, seconds: lag.seconds + Math.round((Date.now() - at) / 1000) } : { ...lag };
  }

  private async applyNext(): Promise<number> {
    const { position, aroundBatch, batchSize } = this.options;
    if (position) this.cursor = (await position.load()) ?? { ...ORIGIN };
    const { changes, next } = await this.log.read(this.cursor, batchSize ?? 500);
    if (changes.length === 0) return 0;
    const work = async () => {
      const { upserts, deletes } = await resolveChanges(changes, this.papers);
      await this.target.apply(upserts, deletes);
      await position?.save(next);
      this.cursor = next;
    };
    await (aroundBatch ? aroundBatch(changes, work) : work());
    return changes.length;
  }
}
