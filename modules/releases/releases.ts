import { ChangeListener } from '../../shared/db/change-listener';
import type { Database } from '../../shared/db/database';
import { badRequest, ProblemError } from '../../shared/errors/problem';
import type { Logger } from '../../shared/logging/logger';
import type { FrozenKeywordIndex, KeywordIndex } from '../keyword-index';
import { pruneEmbeddings } from '../embeddings';
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
export async function cutDatasetRelease(db: Database, settings: Pick<ReleasesSettings, 'firstName' | 'retentionDays'>, options: { id?: string; now?: Date } = {}): Promise<CutOutcome | undefined> {
  const outcome = await cutRelease(db, { ...options, firstName: settings.firstName });
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

/** How long an index let go of stays open for the searches that were already using it. */
const CLOSE_AFTER_MS = 60_000;

/**
 * The dataset releases as this process answers with them: which there are (read from Postgres, and
 * again whenever one is cut or papers change, so no request waits for the database to learn them),
 * the `X-Dataset-Version` an answer without `as_of` carries, the release `as_of` names, and each
 * release's frozen search index, opened or built in the background.
 */
export class Releases {
  private releases: StoredRelease[] = [];
  private head = '0';
  private readonly repository: ReleaseRepository;
  private readonly indexes = new Map<string, OpenIndex>();
  private listener?: ChangeListener;
  private database = '';
  private closed = false;
  /** Expired releases whose index this process has deleted. */
  private readonly dropped = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly settings: ReleasesSettings,
    private readonly frozenIndex: (name: string, database: string) => FrozenKeywordIndex,
    private readonly logger: Logger,
  ) {
    this.repository = new ReleaseRepository(db);
  }

  /** Learns the releases, cuts the first one when papers exist without any, and follows new ones. */
  async start(options: { pollMs?: number } = {}): Promise<void> {
    this.database = await new PaperChangeLog(this.db).databaseIdentity();
    await this.refresh();
    if (this.releases.length === 0 && BigInt(this.head) > 0n) await this.cut();
    this.listener = new ChangeListener(this.db.url, { [RELEASES_CHANNEL]: () => this.refresh(), [PAPERS_CHANNEL]: () => this.refreshHead() }, this.logger, {
      pollMs: options.pollMs ?? 30_000,
      quietMs: 20,
    });
    await this.listener.start();
  }

  /** Cuts a release of the corpus as it is now (see `cutRelease`), then drops what the retention no longer keeps. */
  async cut(options: { id?: string; now?: Date } = {}): Promise<CutOutcome | undefined> {
    const outcome = await cutDatasetRelease(this.db, this.settings, options);
    await this.refresh();
    return outcome;
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
    throw new ProblemError(503, 'release_preparing', `The search index of release ${release.id} is being prepared; retry in a moment.`, {}, { 'Retry-After': String(PREPARING_RETRY_SECONDS) });
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
    await this.listener?.stop();
    await Promise.all([...this.indexes.values()].map((o) => o.frozen.close().catch(() => undefined)));
    this.indexes.clear();
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
    if (latest && latest.id !== latestBefore && !this.closed && !this.indexes.has(latest.id)) this.prepare(latest);
  }

  /** Opens the release's saved index, or builds it from the release's records, in the background. */
  private prepare(release: StoredRelease): OpenIndex {
    const open: OpenIndex = { frozen: this.frozenIndex(release.id, this.database), done: Promise.resolve(), ready: false, usedAt: Date.now() };
    this.indexes.set(release.id, open);
    open.done = (async () => {
      const t0 = Date.now();
      if (!(await open.frozen.open())) {
        await open.frozen.build(new ReleaseCorpus(this.db, release.seq).allInBatches());
        this.logger.info({ release: release.id, papers: release.papers, ms: Date.now() - t0 }, 'built the search index of a release');
      }
      open.ready = true;
      this.evict();
    })().catch((err: Error) => {
      open.failed = err;
      this.logger.warn({ err: err.message, release: release.id }, 'the search index of a release could not be prepared');
    });
    return open;
  }

  /** Closes the least recently used indexes beyond the number held open (never the latest). */
  private evict(): void {
    const latest = this.latest()?.id;
    const open = [...this.indexes.entries()].filter(([id, o]) => o.ready && id !== latest).sort((a, b) => a[1].usedAt - b[1].usedAt);
    while (open.length > Math.max(0, this.settings.openIndexes - 1)) {
      const [id, o] = open.shift()!;
      this.indexes.delete(id);
      setTimeout(() => void o.frozen.close().catch(() => undefined), CLOSE_AFTER_MS).unref();
    }
  }

  /** Deletes an expired release's index, open here or only saved (each process its own files; a shared engine's once is enough, more is harmless). */
  private async dropIndex(id: string): Promise<void> {
    this.dropped.add(id);
    const frozen = this.indexes.get(id)?.frozen ?? this.frozenIndex(id, this.database);
    this.indexes.delete(id);
    await frozen.close().catch(() => undefined);
    await frozen.drop().catch((err: Error) => this.logger.warn({ err: err.message, release: id }, 'the search index of an expired release was not deleted'));
  }
}
