import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../shared/config/config';
import type { Paper } from '../../shared/papers/paper.schema';
import { ElasticsearchKeywordIndex } from './keyword-index.elasticsearch';
import type { IndexCheckpoint, KeywordIndex } from './keyword-index.port';
import { MemoryKeywordIndex } from './keyword-index.memory';

/**
 * A keyword index of a fixed set of papers (a dataset release): built once from them, in id order,
 * and never changed, so it answers the same query with the same bytes for as long as it is kept.
 * It lives where the engine keeps its indexes: files under DATA_DIR for the embedded engine (each
 * process opens its own), an index behind its own alias for Elasticsearch (shared by every process).
 */
export interface FrozenKeywordIndex {
  readonly index: KeywordIndex;
  /** Kept in a store every process shares (Elasticsearch): one process letting it go must not delete it. */
  readonly shared: boolean;
  /** Opens what an earlier build saved; false when nothing whole was (then `build`). */
  open(): Promise<boolean>;
  /** Builds it from the batches and saves it; searches are served only once it resolves. */
  build(batches: AsyncIterable<Paper[]>): Promise<void>;
  /** Deletes what was saved (its release expired). */
  drop(): Promise<void>;
  close(): Promise<void>;
}

/** A name safe as a folder and an Elasticsearch index name whatever its case: lower case, with a hash of the exact name. */
export function frozenIndexSlug(name: string): string {
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.toLowerCase().replace(/[^a-z0-9.-]/g, '-')}-${hash}`;
}

/** Where the embedded engine keeps the frozen index `name` (one folder a release, under DATA_DIR). */
export const frozenIndexDir = (config: Pick<Config, 'dataDir'>, name: string) => path.join(config.dataDir, 'releases', frozenIndexSlug(name), 'keyword-index');

/** The frozen index `name` of the configured engine; `database` is the papers' database (`database_identity`). */
export function createFrozenKeywordIndex(config: Pick<Config, 'dataDir' | 'elasticsearch'>, name: string, database: string): FrozenKeywordIndex {
  if (config.elasticsearch) {
    const index = new ElasticsearchKeywordIndex({ ...config.elasticsearch, index: `${config.elasticsearch.index}-release-${frozenIndexSlug(name)}` });
    return {
      index,
      shared: true,
      open: () => index.exists(),
      build: (batches) => index.rebuild(batches),
      drop: () => index.drop(),
      close: () => index.close(),
    };
  }
  const dir = frozenIndexDir(config, name);
  const index = new MemoryKeywordIndex();
  // Nothing follows a change log here: the position only says which content the files hold.
  const at: IndexCheckpoint = { database, cursor: { position: '0' }, reindex: '0' };
  return {
    index,
    shared: false,
    open: async () => {
      const saved = await index.reopen(dir, database);
      return saved !== undefined && saved.resumeAfter === undefined;
    },
    build: async (batches) => {
      await index.rebuild(batches, { dir, at });
      await index.checkpoint(dir, at);
    },
    drop: () => rm(dir, { recursive: true, force: true }),
    close: () => index.close(),
  };
}
