import path from 'node:path';
import { createEmbedder, type Embedder, EmbeddingStore, hybridLexicalWeight } from '../embeddings';
import { PaperChangeLog, type PaperRepository, papersModule } from '../papers';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { createVectorIndex } from './vector-index.factory';
import type { VectorIndex } from './vector-index.port';
import { onScrape } from '../../shared/telemetry/metrics';
import { reportIndexLag } from '../../shared/telemetry/index-metrics';
import { VectorSync, type VectorSyncProgress } from './vector-sync';
import { FrozenVectorSearch, type ReleaseContent } from './release-vectors';
import { EmbeddedVectorIndex } from './vector-index.embedded';
import type { ShutdownContext } from '../../shared/runtime/shutdown';
import { isDatabaseUnavailable } from '../../shared/errors/database-unavailable';
import { databaseModule } from '../../shared/db/database.module';

/** What vector search needs at request time: the query embedder, the index, and the papers behind its ids. */
export interface VectorSearchParts {
  embedder: Embedder;
  index: VectorIndex;
  papers: PaperRepository;
  /** The lexical side's share in hybrid mode's fusion, the vector side having the rest (see `hybridLexicalWeight`). */
  lexicalWeight: number;
  /**
   * The passage vectors of these papers, by id: what related papers and recommendations search
   * with. The index's own copy first (no database read on the request's path; the vector its
   * neighbours were found with), else the stored one (`paper_embeddings`, by the embedder's model);
   * a paper whose content has none yet is embedded once and stored, as the indexer would do.
   * Unknown ids are left out.
   */
  storedVectors(ids: string[]): Promise<Map<string, Float32Array>>;
  /**
   * A release's frozen vector search (`FrozenVectorSearch`), built from its records and the contents
   * they were cut from, with this process's embedder (what `Releases` prepares for answers as of it).
   */
  buildReleaseVectors(batches: AsyncIterable<ReleaseContent[]>): Promise<FrozenVectorSearch>;
  /**
   * Settles once the index has started (true: a process-local index has then embedded and stored the
   * vectors of every paper, and the embedder's fit is loaded), or failed to (false: vector search is
   * unavailable in this process). A release's vectors are built after it, reading what it stored
   * instead of embedding the corpus a second time at once, and not at all when it failed.
   */
  started(): Promise<boolean>;
  /** Undefined once the index can answer; else why not (still being built, or it failed to start). */
  unavailable(): { reason: string; retryAfterSeconds?: number } | undefined;
}

/** What readiness says of an index that is not serving yet: what it is doing, and how far a build has got. */
function startingDetail(progress: VectorSyncProgress): string {
  switch (progress.phase) {
    case 'building':
    case 'resuming': {
      const share = progress.of > 0 ? ` (${Math.min(100, Math.floor((100 * progress.papers) / progress.of))} %)` : '';
      const what = progress.phase === 'building' ? 'building the vector index' : 'resuming the vector index build cut short at the last stop';
      return `${what}: ${progress.papers.toLocaleString('en-US')} of ${progress.of.toLocaleString('en-US')} papers${share}`;
    }
    case 'reopening':
      return 'reopening the vector index from disk';
    case 'catching_up':
      return 'the vector index: applying the changes made since it was saved or built';
    default:
      return 'preparing the embedder (its fit on the papers at a first start) and the vector index';
  }
}

/** How long a client is told to wait while the index is built (a hint; readiness shows the progress). */
const RETRY_WHILE_STARTING_SECONDS = 5;

/**
 * The embedder and vector index of this process. A process-local index (the embedded HNSW) follows
 * the change log with vectors from the embedding store; a shared one (Qdrant) is only read: the
 * indexer writes it, and this process embeds queries only.
 *
 * A local index is opened (or built) in the background: the process serves at once, keyword mode
 * and the public search included, while vector mode answers 503 `vector_unavailable` with
 * `Retry-After` and readiness reports the module as starting, then its lag. One that fails to start
 * is logged with its cause and reported not ready (another replica may have it).
 */
export const vectorSearchModule: ModuleDefinition<VectorSearchParts> = {
  name: 'vector-search',
  dependsOn: ['database', 'papers'],
  async init({ config, logger, get }) {
    const papers = get(papersModule);
    const db = get(databaseModule);
    const embedder = createEmbedder(config, { logger, corpus: { db, papers } });
    // An in-process model loads here: one that cannot stops the start, naming the file.
    await embedder.init?.();
    const index = createVectorIndex(config);
    // The embedded index is saved while it runs (after a build, then every few minutes), so a
    // shutdown never depends on a large save at exit.
    const persist = index instanceof EmbeddedVectorIndex ? (captured?: () => void) => index.save(captured) : undefined;
    const store = new EmbeddingStore(db, embedder);
    const sync = index.processLocal
      ? new VectorSync(papers, new PaperChangeLog(db), index, store, db.url, logger, path.join(config.dataDir, 'vector-sync.json'), { persist })
      : undefined;
    let state: 'starting' | 'ready' | 'failed' = sync ? 'starting' : 'ready';
    let failure: Error | undefined;
    let brokenStore = false;
    let closing = false;
    let wakeRetry: (() => void) | undefined;
    // A start cut short by the database (down, restarting) is tried again, with backoff, until it
    // succeeds: readiness says `starting` meanwhile. Any other failure is final for this process.
    const startSync = (attempt: number): Promise<void> =>
      sync!.start().then(
        () => void (state = 'ready'),
        async (err: Error) => {
          if (!closing && isDatabaseUnavailable(err)) {
            const delayMs = Math.min(60_000, 2_000 * 2 ** attempt);
            logger.warn({ err: err.message, retry_in_ms: delayMs }, 'vector index could not start: the database is unavailable; trying again');
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, delayMs);
              timer.unref();
              wakeRetry = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            if (!closing) return startSync(attempt + 1);
          }
          state = 'failed';
          failure = err;
          // A build stopped by the shutdown is saved as far as it got; a store that failed is not touched.
          brokenStore = !closing;
          if (!closing) logger.error({ err: err.message, index: index.kind }, 'vector search could not start: keyword mode only');
        },
      );
    const started = sync
      ? startSync(0)
      : // A shared index that is down now is not fatal: readiness reports it, requests answer 503.
        index.init().catch((err: Error) => logger.warn({ err: err.message, index: index.kind }, 'vector index unreachable at start'));
    // Only once it serves: while it is built, readiness says `starting` and the lag means nothing yet.
    const stopReporting = sync ? onScrape(async () => void (state === 'ready' && reportIndexLag('vector', await sync.lag()))) : () => undefined;
    return {
      value: {
        embedder,
        index,
        papers,
        lexicalWeight: hybridLexicalWeight(config),
        storedVectors: async (ids) => {
          const held = state === 'ready' ? await index.vectorsOf(ids) : new Map<string, Float32Array>();
          const rest = ids.filter((id) => !held.has(id));
          return rest.length === 0 ? held : new Map([...held, ...(await store.vectorsFor(rest))]);
        },
        buildReleaseVectors: (batches) => FrozenVectorSearch.build(store, embedder.dimensions, batches),
        started: () => started.then(() => state !== 'failed'),
        unavailable: () =>
          state === 'ready'
            ? undefined
            : state === 'starting'
              ? { reason: 'The vector index is still being built; retry shortly, or use mode=keyword.', retryAfterSeconds: RETRY_WHILE_STARTING_SECONDS }
              : { reason: `The vector index could not start (${failure?.message}); use mode=keyword.` },
      },
      ready: async () => {
        if (state === 'failed') throw new Error(`did not start: ${failure?.message}`);
        if (state === 'starting') return { state: 'starting', detail: sync ? startingDetail(sync.progress()) : 'opening the vector index' };
        await index.ping();
        if (!sync) return undefined;
        const lag = await sync.lag();
        // A rebuild (`gx reindex`) serves the index as it stands meanwhile: said, not counted against readiness.
        const progress = sync.progress();
        const rebuilding = progress.phase === 'building' ? { detail: startingDetail(progress).replace('building', 'rebuilding') } : {};
        return { state: lag.changes > 0 ? 'catching_up' : 'ok', lag, ...rebuilding };
      },
      sharedBackend: !index.processLocal,
      close: async (shutdown?: ShutdownContext) => {
        stopReporting();
        closing = true;
        wakeRetry?.();
        await sync?.stop().catch(() => undefined);
        await started;
        if (brokenStore) {
          // It never started: nothing was built to save, and its store may be what failed (a file where its directory should be).
          await (index instanceof EmbeddedVectorIndex ? index.close({ save: false }) : index.close()).catch(() => undefined);
        } else if (sync && index instanceof EmbeddedVectorIndex && shutdown?.deadline !== undefined && !sync.saveFitsBefore(shutdown.deadline)) {
          // Short of time: the last checkpoint stays on disk, and the change log brings it up to date at the next start.
          logger.info('vector index not saved at shutdown (no time left for it): the next start catches up from its last checkpoint');
          await index.close({ save: false });
        } else {
          await index.close(); // saves the index…
          sync?.savePosition(); // …and only then the position it was saved at
        }
        await embedder.close();
      },
    };
  },
};
