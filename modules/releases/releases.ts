import { ChangeListener } from '../../shared/db/change-listener';
import type { Database } from '../../shared/db/database';
import { badRequest, ProblemError } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import type { FrozenKeywordIndex, KeywordIndex } from '../keyword-index';
import type { FrozenVectorSearch, ReleaseContent } from '../vector-index';
import { EmbedderModelChangedError, pruneEmbeddings } from '../embeddings';
import { PaperChangeLog } from '../papers';
import { ReleaseCorpus } from './release-corpus';
import { cutRelease, type CutOutcome } from './release-cutter';
import { ReleaseRepository, type StoredRelease } from './release.repository';
import type { Release, ReleaseList } from './release.schema';

export const RELEASES_CHANNEL = 'releases_changed';
const PAPERS_CHANNEL = 'papers_changed';
/** What a client waits before asking again while a release's search index is prepared. */
const PREPARING_RETRY_SECONDS = 2;
const DAY_MS = 86_400_000;

/** The process's vector index did not start (or the process is stopping): no release's vectors are built here. */
class VectorsUnavailable extends Error {
  constructor() {
    super('the vector index of this process did not start');
  }
}
/**
 * Papers a release's search index takes per step of its build: the requests waiting meanwhile are
 * served between steps, so a step is kept short (about 100 ms at 250 papers on a busy 2-core machine).
 */
const BUILD_BATCH = 250;

const preparing = (id: string) =>
  new ProblemError(503, 'release_preparing', `Release ${id} is being prepared (its cut, or its search index); retry in a moment.`, {}, { 'Retry-After': String(PREPARING_RETRY_SECONDS) });

export interface ReleasesSettings {
  /** The first release's name: the dataset version the corpus was cited by before releases (DATASET_VERSION). */
  firstName: string;
  /** How long a release is kept after the next one is cut. */
  retentionDays: number;
  /** Release search indexes held open at once (the latest one always is). */
  openIndexes: number;
}

/**
 * Cuts a release of the corpus as it is now (see `cutRelease`; undefined when there are no papers and
 * no release yet), then drops what the retention no longer keeps, and the stored passage vectors
 * neither a paper nor a kept release needs. Processes serving releases learn
 * of it by notification. What the daily ingest, `gx release create` and a first start call.
 */
export async function cutDatasetRelease(
  db: Database,
  settings: Pick<ReleasesSettings, 'firstName' | 'retentionDays'>,
  options: { id?: string; now?: Date; signal?: AbortSignal } = {},
): Promise<CutOutcome | undefined> {
  const outcome = await cutRelease(db, { ...options, firstName: settings.firstName });
  // Stopping after the cut: the retention and pruning wait for the next one.
  if (options.signal?.aborted) return outcome;
  await new ReleaseRepository(db).expire(settings.retentionDays, options.now ?? new Date());
  // The vectors of contents no kept release holds and no paper has now (a paper's earlier contents).
  await pruneEmbeddings(db);
  return outcome;
}

/** One release's answers: its records and graph (`corpus`), and its search index when it is open. */
export interface ReleaseView {
  release: StoredRelease;
  corpus: ReleaseCorpus;
}

interface OpenIndex {
  frozen: FrozenKeywordIndex;
  /** Settles when the index is ready or could not be prepared. */
  done: Promise<void>;
  ready: boolean;
  failed?: Error;
  usedAt: number;
}

/**
 * What a process with a vector index lends `Releases` so it can answer vector and hybrid searches as
 * of a release (`attachVectors`; a process without one, the public door's, never builds them).
 */
export interface ReleaseVectorSource {
  /** The embedder's model now: a release's vectors made by another model are built again with this one. */
  model(): string;
  /** The release's frozen vector search, from its records and the contents they were cut from. */
  build(batches: AsyncIterable<ReleaseContent[]>): Promise<FrozenVectorSearch>;
  /**
   * Settles when the live vector index has started (true) or failed to (false: no vector search here,
   * so no release's either). Builds wait for it, so a first start does not embed the corpus twice at once.
   */
  started(): Promise<boolean>;
}

interface OpenVectors {
  search?: FrozenVectorSearch;
  done: Promise<void>;
  ready: boolean;
  failed?: Error;
  usedAt: number;
}

/** The batches, until the process stops: a build given up at its next step. */
async function* untilAborted<T>(batches: AsyncIterable<T>, signal: AbortSignal): AsyncIterable<T> {
  for await (const batch of batches) {
    signal.throwIfAborted();
    yield batch;
  }
}

/** What `wait` settles to, or `stopped` once the signal aborts: a wait the process's stop ends. */
async function unlessAborted<T>(wait: Promise<T>, signal: AbortSignal, stopped: T): Promise<T> {
  if (signal.aborted) return stopped;
  let onAbort = () => undefined as void;
  const aborted = new Promise<T>((resolve) => {
    onAbort = () => resolve(stopped);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([wait, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Builds of a release's vectors cut short by a change of the embedder's model (a first start's fit finishing) before it gives up. */
const VECTOR_BUILD_ATTEMPTS = 3;

/** How long an index let go of stays open for the searches that were already using it. */
const CLOSE_AFTER_MS = 60_000;

/**
 * The dataset releases as this process answers with them: which there are (read from Postgres, and
 * again whenever one is cut or papers change, so no request waits for the database to learn them),
 * the `X-Dataset-Version` an answer without `as_of` carries, the release `as_of` names, and each
 * release's frozen search index, opened or built in the background — and, in a process with a vector
 * index (`attachVectors`), each release's frozen vector search, built in the background too.
 */
export class Releases {
  private releases: StoredRelease[] = [];
  private head = '0';
  private readonly repository: ReleaseRepository;
  private readonly indexes = new Map<string, OpenIndex>();
  private readonly vectors = new Map<string, OpenVectors>();
  private vectorSource?: ReleaseVectorSource;
  /** Whether this process answers searches as of a release (`servesSearches`). */
  private searching = false;
  private listener?: ChangeListener;
  private database = '';
  private closed = false;
  /** The preparations of release search indexes, run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The first release's cut, while it runs in the background (see `start`). */
  private firstCut?: Promise<void>;
  /** Gives up the first release's cut when the process stops (`close`). */
  private readonly stopping = new AbortController();
  /** Expired releases whose index this process has deleted. */
  private readonly dropped = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly settings: ReleasesSettings,
    private readonly frozenIndex: (name: string, database: string) => FrozenKeywordIndex,
    private readonly logger: Logger,
    /** How long an index let go of stays open for the searches already using it (tests shorten it). */
    private readonly closeAfterMs = CLOSE_AFTER_MS,
  ) {
    this.repository = new ReleaseRepository(db);
  }

  /**
   * Learns the releases and follows new ones. With papers and no release yet (a first start's demo
   * load, a database from before releases), the first release is cut in the background: the doors
   * open meanwhile, answering as `DATASET_VERSION`, the name it takes.
   */
  async start(options: { pollMs?: number } = {}): Promise<void> {
    this.database = await new PaperChangeLog(this.db).databaseIdentity();
    await this.refresh();
    if (this.releases.length === 0 && BigInt(this.head) > 0n) {
      this.firstCut = this.cut({ signal: this.stopping.signal }).then(
        () => undefined,
        (err: Error) =>
          this.stopping.signal.aborted
            ? this.logger.info('stopping before the first dataset release was cut; the next start cuts it')
            : this.logger.warn({ err: err.message }, 'the first dataset release was not cut; the next start tries again'),
      );
      void this.firstCut.finally(() => (this.firstCut = undefined));
    }
    this.listener = new ChangeListener(this.db.url, { [RELEASES_CHANNEL]: () => this.refresh(), [PAPERS_CHANNEL]: () => this.refreshHead() }, this.logger, {
      pollMs: options.pollMs ?? 30_000,
      quietMs: 20,
    });
    await this.listener.start();
  }

  /** Cuts a release of the corpus as it is now (see `cutRelease`), then drops what the retention no longer keeps. */
  async cut(options: { id?: string; now?: Date; signal?: AbortSignal } = {}): Promise<CutOutcome | undefined> {
    const outcome = await cutDatasetRelease(this.db, this.settings, options);
    if (options.signal?.aborted) return outcome;
    await this.refresh();
    return outcome;
  }

  /** The latest release's id (undefined before the first). */
  latestId(): string | undefined {
    return this.latest()?.id;
  }

  /** The `X-Dataset-Version` of an answer over the corpus as it is now. */
  currentVersion(): string {
    const latest = this.latest();
    if (!latest) return this.settings.firstName;
    // Changes since the latest release are served but belong to no release yet: cite with as_of to pin one.
    return BigInt(this.head) > BigInt(latest.position) ? `${latest.id}+unreleased` : latest.id;
  }

  /** The release `as_of` names (undefined: none asked). Unknown: 400 `unknown_release`; past its retention: 410 `release_expired`. */
  async resolve(asOf: string | undefined): Promise<ReleaseView | undefined> {
    if (asOf === undefined) return undefined;
    let release = this.releases.find((r) => r.id === asOf);
    // Cut by another process a moment ago, before its notification arrived here.
    if (!release) {
      await this.refresh();
      release = this.releases.find((r) => r.id === asOf);
    }
    // Answers name the first release before its cut ends: asked for meanwhile, it is being prepared.
    if (!release && this.firstCut && asOf === this.settings.firstName) throw preparing(asOf);
    if (!release) {
      const latest = this.latest();
      throw badRequest('unknown_release', `No release is named ${asOf}.${latest ? ` The latest is ${latest.id}; GET /api/v1/releases lists them.` : ' None has been cut yet.'}`);
    }
    if (release.expiredAt) {
      const oldest = this.kept()[0];
      throw new ProblemError(410, 'release_expired', `Release ${asOf} is past its retention of ${this.settings.retentionDays} days; the oldest release kept is ${oldest?.id}.`, { oldest_kept: oldest?.id ?? null });
    }
    return { release, corpus: new ReleaseCorpus(this.db, release.seq) };
  }

  /** The release's search index; 503 `release_preparing` (with Retry-After) while it is opened or built. */
  keywordIndex(release: StoredRelease): KeywordIndex {
    const open = this.indexes.get(release.id) ?? this.prepare(release);
    open.usedAt = Date.now();
    if (open.ready) return open.frozen.index;
    if (open.failed) {
      // Tried again at the next request: a backend failure may pass.
      this.indexes.delete(release.id);
      void open.frozen.close().catch(() => undefined);
      throw new ProblemError(503, 'release_unavailable', `The search index of release ${release.id} could not be prepared; retry in a moment.`, {}, { 'Retry-After': String(PREPARING_RETRY_SECONDS) }).because(open.failed);
    }
    throw preparing(release.id);
  }

  /**
   * Lets this process answer vector searches as of a release: the latest release's vectors are
   * prepared at once (and after each cut), an older one's on its first request.
   */
  /**
   * This process answers searches as of a release (public-search, semantic-search): the latest
   * release's search index is prepared at once, and after each cut. Other processes (a gateway, the
   * change feed) only name releases and never build one.
   */
  servesSearches(): void {
    this.searching = true;
    const latest = this.latest();
    if (latest && !this.closed && !this.indexes.has(latest.id)) this.prepare(latest);
  }

  attachVectors(source: ReleaseVectorSource): void {
    this.vectorSource = source;
    const latest = this.latest();
    if (latest && !this.closed && !this.vectors.has(latest.id)) this.prepareVectors(latest);
  }

  /**
   * The release's frozen vector search; 503 `release_preparing` (with Retry-After) while it is built,
   * and again once when the embedder's model has changed since (its vectors are then built with the
   * new model). 503 `vector_unavailable` in a process without a vector index.
   */
  /** Whether this process answers vector searches as of a release (it has a vector index: `attachVectors`). */
  answersVectorSearch(): boolean {
    return this.vectorSource !== undefined;
  }

  vectorSearch(release: StoredRelease): FrozenVectorSearch {
    const source = this.vectorSource;
    if (!source) throw new ProblemError(503, 'vector_unavailable', 'No vector index or embedder is configured; use mode=keyword.');
    let open = this.vectors.get(release.id) ?? this.prepareVectors(release);
    if (open.ready && open.search!.model !== source.model()) {
      this.vectors.delete(release.id);
      open = this.prepareVectors(release);
    }
    open.usedAt = Date.now();
    if (open.ready) return open.search!;
    // No vector index here at all (its failure to start is final): what vector search answers in this process, as of a release or not.
    if (open.failed instanceof VectorsUnavailable) throw new ProblemError(503, 'vector_unavailable', 'The vector index of this process did not start; use mode=keyword.');
    if (open.failed) {
      this.vectors.delete(release.id);
      throw new ProblemError(503, 'release_unavailable', `The vector search of release ${release.id} could not be prepared; retry in a moment.`, {}, { 'Retry-After': String(PREPARING_RETRY_SECONDS) }).because(open.failed);
    }
    throw new ProblemError(503, 'release_preparing', `The vector search of release ${release.id} is being prepared; retry in a moment.`, {}, { 'Retry-After': String(PREPARING_RETRY_SECONDS) });
  }

  /** Resolves once the release's search index is ready (the latest one is prepared at start and after each cut). */
  async whenIndexReady(releaseId: string): Promise<void> {
    const release = this.releases.find((r) => r.id === releaseId);
    if (!release) throw new Error(`no release ${releaseId}`);
    const open = this.indexes.get(release.id) ?? this.prepare(release);
    await open.done;
    if (open.failed) throw open.failed;
  }

  /** `GET /api/v1/releases`: the releases still kept, newest first. */
  list(): ReleaseList {
    const kept = this.kept();
    const data: Release[] = kept
      .map((r): Release => {
        const successor = this.releases.find((s) => s.seq === r.seq + 1);
        return {
          id: r.id,
          cut_at: r.cutAt.toISOString(),
          papers: r.papers,
          added: r.added,
          changed: r.changed,
          removed: r.removed,
          kept_until: successor ? new Date(successor.cutAt.getTime() + this.settings.retentionDays * DAY_MS).toISOString() : null,
        };
      })
      .reverse();
    return { latest: this.latest()?.id ?? null, oldest_kept: kept[0]?.id ?? null, retention_days: this.settings.retentionDays, data };
  }

  async close(): Promise<void> {
    this.closed = true;
    // A first cut under way gives up at its next step (rolled back); the database must outlive it.
    this.stopping.abort();
    // Builds under way give up at their next step, and are let go once they have: nothing reads a closed pool or index.
    await Promise.all([this.firstCut, this.queue, ...[...this.vectors.values()].map((o) => o.done)]);
    await this.listener?.stop();
    await Promise.all([...this.indexes.values()].map((o) => o.frozen.close().catch(() => undefined)));
    this.indexes.clear();
    this.vectors.clear();
  }

  private latest(): StoredRelease | undefined {
    return this.releases.at(-1);
  }

  private kept(): StoredRelease[] {
    return this.releases.filter((r) => !r.expiredAt);
  }

  private async refreshHead(): Promise<void> {
    this.head = await this.repository.head();
  }

  private async refresh(): Promise<void> {
    const [releases, head] = await Promise.all([this.repository.all(), this.repository.head()]);
    const latestBefore = this.latest()?.id;
    this.releases = releases;
    this.head = head;
    for (const r of releases) if (r.expiredAt && !this.dropped.has(r.id)) void this.dropIndex(r.id);
    const latest = this.latest();
    // Answers as of the latest release are the ones most asked for: its index is ready before anyone asks.
    if (latest && latest.id !== latestBefore && !this.closed && this.searching && !this.indexes.has(latest.id)) this.prepare(latest);
    if (latest && latest.id !== latestBefore && !this.closed && this.vectorSource && !this.vectors.has(latest.id)) this.prepareVectors(latest);
  }

  /** Opens the release's saved index, or builds it from the release's records, in the background. */
  private prepare(release: StoredRelease): OpenIndex {
    const open: OpenIndex = { frozen: this.frozenIndex(release.id, this.database), done: Promise.resolve(), ready: false, usedAt: Date.now() };
    this.indexes.set(release.id, open);
    // One at a time: each is a copy of a corpus's search structures, and a build is CPU work beside the door.
    open.done = this.oneAtATime(async () => {
      if (this.closed) throw new Error('this process is stopping');
      const t0 = Date.now();
      if (!(await open.frozen.open())) {
        await open.frozen.build(untilAborted(new ReleaseCorpus(this.db, release.seq).allInBatches(BUILD_BATCH), this.stopping.signal));
        this.logger.info({ release: release.id, papers: release.papers, ms: Date.now() - t0 }, 'built the search index of a release');
      }
      open.ready = true;
      this.evict();
    }).catch((err: Error) => {
      open.failed = err;
      if (this.closed) this.logger.debug({ err: err.message, release: release.id }, 'stopping before the search index of a release was prepared');
      else this.logger.warn({ err: err.message, release: release.id }, 'the search index of a release could not be prepared');
    });
    return open;
  }

  /** Builds the release's frozen vector search in the background (from Postgres: its vectors are stored per content). */
  private prepareVectors(release: StoredRelease): OpenVectors {
    const source = this.vectorSource!;
    const open: OpenVectors = { done: Promise.resolve(), ready: false, usedAt: Date.now() };
    this.vectors.set(release.id, open);
    open.done = (async () => {
      // No vector index here (it failed to start, or the process is stopping): vector mode answers 503 anyway, and says why.
      if (!(await unlessAborted(source.started(), this.stopping.signal, false))) throw new VectorsUnavailable();
      const t0 = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          open.search = await source.build(untilAborted(new ReleaseCorpus(this.db, release.seq).contentsInBatches(), this.stopping.signal));
          break;
        } catch (err) {
          if (!(err instanceof EmbedderModelChangedError) || attempt >= VECTOR_BUILD_ATTEMPTS) throw err;
        }
      }
      open.ready = true;
      this.logger.info({ release: release.id, papers: open.search.size, model: open.search.model, ms: Date.now() - t0 }, 'built the vector search of a release');
      this.evictVectors();
    })().catch((err: Error) => {
      open.failed = err;
      if (err instanceof VectorsUnavailable || this.closed) this.logger.debug({ err: err.message, release: release.id }, 'no vector search of a release in this process');
      else this.logger.warn({ err: err.message, release: release.id }, 'the vector search of a release could not be prepared');
    });
    return open;
  }

  /** Lets go of the least recently used vector searches beyond the number held (never the latest's): the same bound as the indexes. */
  private evictVectors(): void {
    const latest = this.latest()?.id;
    const held = [...this.vectors.entries()].filter(([id, o]) => o.ready && id !== latest).sort((a, b) => a[1].usedAt - b[1].usedAt);
    while (held.length > Math.max(0, this.settings.openIndexes - 1)) this.vectors.delete(held.shift()![0]);
  }

  /** Runs `work` once the preparations queued before it have settled. */
  private oneAtATime(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the least recently used indexes beyond the number held open (never the latest). */
  private evict(): void {
    const latest = this.latest()?.id;
    const open = [...this.indexes.entries()].filter(([id, o]) => o.ready && id !== latest).sort((a, b) => a[1].usedAt - b[1].usedAt);
    while (open.length > Math.max(0, this.settings.openIndexes - 1)) {
      const [id, o] = open.shift()!;
      this.indexes.delete(id);
      // A process's own files go with it (a later request builds it again from Postgres), so its disk holds at most
      // the indexes it holds open; a shared engine's index stays for the other processes until the release expires.
      const letGo = async () => {
        await o.frozen.close();
        // Not when asked for again meanwhile: its files are then being reopened or rebuilt.
        if (!o.frozen.shared && !this.indexes.has(id)) await o.frozen.drop();
      };
      setTimeout(() => void letGo().catch(() => undefined), this.closeAfterMs).unref();
    }
  }

  /** Deletes an expired release's index, open here or only saved (each process its own files; a shared engine's once is enough, more is harmless). */
  private async dropIndex(id: string): Promise<void> {
    this.dropped.add(id);
    this.vectors.delete(id);
    const frozen = this.indexes.get(id)?.frozen ?? this.frozenIndex(id, this.database);
    this.indexes.delete(id);
    await frozen.close().catch(() => undefined);
    await frozen.drop().catch((err: Error) => this.logger.warn({ err: err.message, release: id }, 'the search index of an expired release was not deleted'));
  }
}
