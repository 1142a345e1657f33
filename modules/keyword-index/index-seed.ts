import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../shared/db/database';
import { MANIFEST, readManifest } from './index-files';
import type { IndexCheckpoint } from './keyword-index.port';

/** The manifest a publication replaced, kept with the segments it names for a process still copying it. */
const PREVIOUS = 'manifest-previous.bin';
/** Copies begun again when a newer checkpoint removed a file of the one being copied (a merge, a rebuild). */
const ATTEMPTS = 3;
/** Segment files copied at once: a network volume serves several streams faster than one. */
const PARALLEL = 4;
/** Publications to the seeds of one database take turns (a Postgres advisory lock; any constant, the same in every process). */
const PUBLISH_LOCK = 7_240_630;

/** Where the keyword index's seed lives under INDEX_SEED_DIR (the folder leaves room for other indexes). */
export const keywordIndexSeedDir = (seedDir: string) => path.join(seedDir, 'keyword-index');

/** Runs `work` while no other process does the same (undefined, without running it, when one does). */
export type SeedLock = <T>(work: () => Promise<T>) => Promise<T | undefined>;

/** A copy made: the checkpoint it is current to, how many segment files it copied (those already there were not) and their bytes. */
export interface SeedCopy {
  at: IndexCheckpoint;
  files: number;
  copied: number;
  bytes: number;
  ms: number;
}

/** Why a copy was not made (said by the caller's judge, or found here). */
export interface SeedRefusal {
  refused: string;
}

export type Publication = { state: 'published'; copy: SeedCopy; replaced: 'nothing' | 'another database' | 'an older copy' } | { state: 'current' | 'busy' | 'nothing' };

/** A copy given up because the process is stopping (its destination keeps what it had). */
export class CopyStopped extends Error {
  constructor() {
    super('keyword index copy stopped');
  }
}

/**
 * A copy of the embedded keyword index in a directory several processes can read (INDEX_SEED_DIR: a
 * shared volume), so a process without index files of its own (a new pod, a fresh DATA_DIR) copies
 * it and catches up from the change log instead of building the index from Postgres.
 *
 * A publication copies a process's last checkpoint (the manifest and its segment files; see
 * `index-files.ts`): the segment files the seed lacks first, each written beside its name and renamed
 * into place, then the manifest, renamed over the seed's. Segment files never change once written,
 * so a publication after the first copies only the segments frozen since, and the manifest is the
 * one commit point: a publication cut short anywhere leaves the previous one whole, and a reader
 * never takes half of one. The manifest it replaces stays (`manifest-previous.bin`) with its
 * segments, for a reader still copying it. Publications take turns across processes (`lock`), so two
 * publishers never interleave.
 *
 * Taking it is the same copy the other way, into DATA_DIR, judged by the caller first (its database,
 * whether the change log still reaches back to it).
 */
export class IndexSeed {
  constructor(
    readonly dir: string,
    private readonly lock: SeedLock,
  ) {}

  /**
   * Copies the checkpoint saved under `from` (a process's DATA_DIR) here, if it is newer than what
   * the seed holds (or the seed holds another database's, or nothing whole). `stopped` is asked
   * between files: a process stopping gives the publication up.
   */
  async publish(from: string, stopped: () => boolean = () => false): Promise<Publication> {
    const done = await this.lock(() =>
      retried(async (): Promise<Publication> => {
        fs.mkdirSync(this.dir, { recursive: true });
        // Under the lock no other publication runs: any file beside a name is one cut short.
        removeLeftovers(this.dir);
        const current = readManifest(path.join(this.dir, MANIFEST));
        let replaced: 'nothing' | 'another database' | 'an older copy' = 'nothing';
        const staged = await stage(
          from,
          this.dir,
          async (at) => {
            if (at.resumeAfter !== undefined) return 'a build in progress';
            if (!current) return undefined;
            if (current.at.database !== at.database) replaced = 'another database';
            else if (newer(at, current.at)) replaced = 'an older copy';
            else return 'current';
            return undefined;
          },
          stopped,
        );
        if (!staged) return { state: 'nothing' };
        if ('refused' in staged) return { state: staged.refused === 'current' ? 'current' : 'nothing' };
        const live = path.join(this.dir, MANIFEST);
        if (fs.existsSync(live)) await place(live, path.join(this.dir, PREVIOUS));
        fs.renameSync(staged.manifest, live);
        this.collect(staged.files);
        return { state: 'published', copy: staged.copy, replaced };
      }),
    );
    return done ?? { state: 'busy' };
  }

  /**
   * Copies the seed into `into` (a process's keyword index directory) if `judge` accepts the
   * checkpoint it holds (undefined: accepted; else why not). Segment files `into` already holds are
   * kept; the manifest goes in last, so `into` holds its own content or the seed's, never a mix.
   * Undefined when the seed holds nothing whole.
   */
  async take(into: string, judge: (at: IndexCheckpoint) => Promise<string | undefined>, stopped: () => boolean = () => false): Promise<SeedCopy | SeedRefusal | undefined> {
    return retried(async () => {
      fs.mkdirSync(into, { recursive: true });
      // This process owns `into` and nothing else writes there yet: what lies beside a name was cut short.
      removeLeftovers(into);
      const staged = await stage(this.dir, into, judge, stopped);
      if (!staged || 'refused' in staged) return staged;
      fs.renameSync(staged.manifest, path.join(into, MANIFEST));
      return staged.copy;
    });
  }

  /** Removes the segment files neither the seed's manifest nor the previous one names (merged or rebuilt away). */
  private collect(named: string[]): void {
    const kept = new Set([...named, ...(readManifest(path.join(this.dir, PREVIOUS))?.files ?? [])]);
    for (const name of fs.readdirSync(this.dir)) if (name.startsWith('segment-') && name.endsWith('.bin') && !kept.has(name)) fs.rmSync(path.join(this.dir, name), { force: true });
  }
}

/**
 * Publications take turns by a session-level advisory lock of the database the content comes from,
 * on a connection of its own: a process that dies while publishing releases it with its connection.
 */
export function advisoryLock(db: Database): SeedLock {
  return async <T>(work: () => Promise<T>) => {
    const client = await db.pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [PUBLISH_LOCK]);
      if (!rows[0]?.ok) return undefined;
      try {
        return await work();
      } finally {
        // A connection that cannot say so is closed, which releases the lock as surely.
        await client.query('SELECT pg_advisory_unlock($1)', [PUBLISH_LOCK]).catch(() => (broken = true));
      }
    } finally {
      client.release(broken);
    }
  };
}

/** `a` holds content newer than `b` (of the same database): built after a later reindex request, or further along the log. */
function newer(a: IndexCheckpoint, b: IndexCheckpoint): boolean {
  const reindex = BigInt(a.reindex) - BigInt(b.reindex);
  return reindex > 0n || (reindex === 0n && BigInt(a.cursor.position) > BigInt(b.cursor.position));
}

interface Staged {
  /** The manifest, copied beside its name in the destination, for the caller to rename into place. */
  manifest: string;
  files: string[];
  copy: SeedCopy;
}

/**
 * Copies the manifest under `from` beside its name in `to` (a snapshot: the source's may be replaced
 * meanwhile), asks `judge` about it, then copies each segment file it names that `to` lacks. A
 * segment file removed from `from` meanwhile ends the copy with ENOENT (see `retried`).
 */
async function stage(from: string, to: string, judge: (at: IndexCheckpoint) => Promise<string | undefined>, stopped: () => boolean = () => false): Promise<Staged | SeedRefusal | undefined> {
  const t0 = Date.now();
  const manifest = besideName(path.join(to, MANIFEST));
  try {
    await fs.promises.copyFile(path.join(from, MANIFEST), manifest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const saved = readManifest(manifest);
    if (!saved) {
      fs.rmSync(manifest, { force: true });
      return undefined;
    }
    const refused = await judge(saved.at);
    if (refused) {
      fs.rmSync(manifest, { force: true });
      return { refused };
    }
    const missing = saved.files.filter((name) => !sameFile(path.join(from, name), path.join(to, name)));
    let bytes = 0;
    const queue = [...missing];
    // The first failure ends the copy once every copier has stopped (none goes on writing after the caller moved on).
    let failure: unknown;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let name = queue.shift(); name !== undefined && failure === undefined; name = queue.shift()) {
          try {
            if (stopped()) throw new CopyStopped();
            bytes += await place(path.join(from, name), path.join(to, name));
          } catch (err) {
            failure ??= err;
          }
        }
      }),
    );
    if (failure !== undefined) throw failure;
    await syncFile(manifest);
    return { manifest, files: saved.files, copy: { at: saved.at, files: saved.files.length, copied: missing.length, bytes, ms: Date.now() - t0 } };
  } catch (err) {
    fs.rmSync(manifest, { force: true });
    throw err;
  }
}

/** Runs a copy again (a few times) when a file it was copying was removed meanwhile: the source moved on to a newer checkpoint. */
async function retried<T>(copy: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await copy();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= ATTEMPTS) throw err;
    }
  }
}

/** Copies `source` to `target` whole (beside it, flushed to disk, then renamed); its size. */
async function place(source: string, target: string): Promise<number> {
  const tmp = besideName(target);
  try {
    await fs.promises.copyFile(source, tmp);
    await syncFile(tmp);
    fs.renameSync(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return fs.statSync(target).size;
}

/** A segment file of that name and size already at `target` is the same one (they never change once written). */
function sameFile(source: string, target: string): boolean {
  try {
    return fs.statSync(target).size === fs.statSync(source).size;
  } catch {
    return false;
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A name beside `file` no other copy uses; every such name ends in `.tmp`. */
const besideName = (file: string) => `${file}.${randomBytes(4).toString('hex')}.tmp`;

function removeLeftovers(dir: string): void {
  for (const name of fs.readdirSync(dir)) if (name.endsWith('.tmp')) fs.rmSync(path.join(dir, name), { force: true });
}
