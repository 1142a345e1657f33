import type { Paper } from '../papers/paper';
import type { PaperRepository } from '../papers/paper.repository';
import type { LogCursor, LogLag, PaperChange, PaperChangeLog } from '../papers/change-log';

/** A derived index as the change log sees it: papers to write as they are now, ids to remove. */
export interface IndexTarget {
  apply(upserts: Paper[], deletes: string[]): Promise<void>;
}

/**
 * Turns a batch of changes into what an index must do: each paper once (its last change wins), read
 * as it is now; a paper gone from Postgres is removed whatever the change said.
 */
export async function resolveChanges(changes: PaperChange[], papers: PaperRepository): Promise<{ upserts: Paper[]; deletes: string[] }> {
  const last = new Map<string, PaperChange['op']>();
  for (const c of changes) last.set(c.paperId, c.op);
  const wanted = [...last].filter(([, op]) => op === 'upsert').map(([id]) => id);
  const found = wanted.length ? await papers.findByIds(wanted) : [];
  const present = new Set(found.map((p) => p.id));
  return { upserts: found, deletes: [...last.keys()].filter((id) => !present.has(id)) };
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

  constructor(
    private readonly log: PaperChangeLog,
    private readonly papers: PaperRepository,
    private readonly target: IndexTarget,
    public cursor: LogCursor,
    private readonly options: { batchSize?: number } = {},
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
        const { changes, next } = await this.log.read(this.cursor, this.options.batchSize ?? 500);
        if (changes.length === 0) return applied;
        const { upserts, deletes } = await resolveChanges(changes, this.papers);
        await this.target.apply(upserts, deletes);
        this.cursor = next;
        applied += changes.length;
      }
      return applied;
    });
    return this.pending;
  }

  /** Stops after the batch in progress (shutdown); the cursor stays where the last applied batch ended. */
  halt(): void {
    this.halted = true;
  }

  get isHalted(): boolean {
    return this.halted;
  }

  lag(): Promise<LogLag> {
    return this.log.lag(this.cursor);
  }
}
