import fs from 'node:fs';
import { infraPath } from '../project-paths';
import { Client, errors, type estypes } from '@elastic/elasticsearch';
import type { Config } from '../config/config';
import type { Paper } from '../papers/paper';
import {
  aliasSwapActions,
  checkResultWindow,
  deleteOperations,
  PAPER_FIELD,
  searchBody,
  upsertOperations,
  versionedIndexName,
  type PaperDocument,
} from './elasticsearch-query';
import type { KeywordIndex, KeywordQuery, KeywordSearchResult } from './keyword-index.port';

export type ElasticsearchConfig = NonNullable<Config['elasticsearch']>;

export interface ElasticsearchKeywordIndexOptions {
  /** A ready client (tests, or a process sharing one); the index then leaves closing it to its owner. */
  client?: Client;
  /** Papers per bulk request. */
  batchSize?: number;
}

/** Settings and mappings of every versioned papers index (`infra/elasticsearch/papers-index.json`). */
export interface IndexDefinition {
  settings: estypes.IndicesIndexSettings;
  mappings: estypes.MappingTypeMapping;
}

export interface BulkFailure {
  action: string;
  id: string | null | undefined;
  status: number;
  type: string | undefined;
  reason: string | null | undefined;
}

/** Some operations of a bulk request were rejected; the others were applied. */
export class ElasticsearchBulkError extends Error {
  constructor(
    readonly index: string,
    readonly failures: BulkFailure[],
    attempted: number,
  ) {
    const shown = failures
      .slice(0, 3)
      .map((f) => `${f.action} ${f.id ?? '?'}: ${f.status} ${f.type ?? 'error'}${f.reason ? ` (${f.reason})` : ''}`);
    const more = failures.length > shown.length ? `; and ${failures.length - shown.length} more` : '';
    super(`Elasticsearch rejected ${failures.length} of ${attempted} bulk operations on ${index}: ${shown.join('; ')}${more}`);
    this.name = 'ElasticsearchBulkError';
  }
}

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_MAX_RESULT_WINDOW = 10_000;
/** The first versioned index has a fixed name so that two processes racing through `init` create one index, not two. */
const FIRST_VERSION = 1;

/**
 * The production keyword engine. Implements the formula in `relevance.ts` with constant-score
 * wildcard queries (see `elasticsearch-query.ts`). Searches and writes go through the alias
 * `config.index`; `rebuild` loads a new versioned index and moves the alias to it atomically.
 */
export class ElasticsearchKeywordIndex implements KeywordIndex {
  readonly kind = 'elasticsearch';
  /** Shared by every process: writers update it directly rather than each process following Postgres. */
  readonly processLocal = false;
  private readonly client: Client;
  private readonly ownsClient: boolean;
  private readonly alias: string;
  private readonly batchSize: number;
  private readonly definition: IndexDefinition;
  private readonly maxResultWindow: number;

  constructor(config: ElasticsearchConfig, options: ElasticsearchKeywordIndexOptions = {}) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new RangeError('batchSize must be a positive integer');
    this.definition = loadIndexDefinition();
    const { settings } = this.definition;
    this.maxResultWindow = settings.index?.max_result_window ?? settings.max_result_window ?? DEFAULT_MAX_RESULT_WINDOW;
    this.alias = config.index;
    // Created last, so that a bad option never leaves an unclosed client behind.
    this.client = options.client ?? createElasticsearchClient(config);
    this.ownsClient = options.client === undefined;
  }

  async init(): Promise<void> {
    if (await this.client.indices.existsAlias({ name: this.alias })) return;
    const index = versionedIndexName(this.alias, FIRST_VERSION);
    try {
      // Index and alias in one request, so no one ever sees the alias missing once the index exists.
      await this.client.indices.create({ index, ...this.definition, aliases: { [this.alias]: {} } });
    } catch (err) {
      if (errorType(err) !== 'resource_already_exists_exception') throw err;
      // Another process won the race; its request created the alias together with the index.
      if (!(await this.client.indices.existsAlias({ name: this.alias }))) {
        throw new Error(`Elasticsearch index ${index} exists but alias ${this.alias} does not; add the alias or delete the index`);
      }
    }
  }

  async upsert(papers: Paper[]): Promise<void> {
    // `wait_for`: a search right after the write sees it, without forcing a refresh per request.
    for (const batch of chunks(papers, this.batchSize)) await this.bulk(this.alias, upsertOperations(batch), 'wait_for');
  }

  async remove(ids: string[]): Promise<void> {
    for (const batch of chunks(ids, this.batchSize)) await this.bulk(this.alias, deleteOperations(batch), 'wait_for');
  }

  async rebuild(batches: AsyncIterable<Paper[]>): Promise<void> {
    const previous = await this.aliasedIndices();
    const next = nextIndexName(this.alias, previous);
    await this.client.indices.create({ index: next, ...this.definition });
    try {
      for await (const papers of batches) {
        for (const batch of chunks(papers, this.batchSize)) await this.bulk(next, upsertOperations(batch), false);
      }
      await this.client.indices.refresh({ index: next });
    } catch (err) {
      await this.discard(next);
      throw err;
    }
    await this.swapAlias(next, previous);
    if (previous.length === 0) return;
    try {
      await this.client.indices.delete({ index: previous, ignore_unavailable: true });
    } catch (err) {
      throw new Error(`alias ${this.alias} now serves ${next}, but deleting ${previous.join(', ')} failed`, { cause: err });
    }
  }

  async search(query: KeywordQuery): Promise<KeywordSearchResult> {
    checkResultWindow(query, this.maxResultWindow);
    const response = await this.client.search<Pick<PaperDocument, 'paper'>>({ index: this.alias, ...searchBody(query) });
    const total = response.hits.total;
    return {
      total: typeof total === 'number' ? total : (total?.value ?? 0),
      hits: response.hits.hits.map((hit) => {
        const paper = hit._source?.[PAPER_FIELD];
        if (!paper) throw new Error(`Elasticsearch hit ${hit._id ?? '?'} in ${hit._index} has no stored paper`);
        return { paper, score: hit._score ?? Number(hit.sort?.[0]) };
      }),
    };
  }

  async count(): Promise<number> {
    return (await this.client.count({ index: this.alias })).count;
  }

  async ping(): Promise<void> {
    // A readiness probe wants a prompt answer, not the retries meant for real requests.
    const ok = await this.client.ping(undefined, { maxRetries: 0 });
    if (!ok) throw new Error('Elasticsearch did not answer the ping');
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  private async bulk(index: string, operations: estypes.BulkRequest['operations'], refresh: estypes.Refresh): Promise<void> {
    if (!operations || operations.length === 0) return;
    const response = await this.client.bulk({ index, operations, refresh });
    if (!response.errors) return;
    throw new ElasticsearchBulkError(index, bulkFailures(response), response.items.length);
  }

  /** The indices the alias points to now; none when it does not exist yet. */
  private async aliasedIndices(): Promise<string[]> {
    try {
      return Object.keys(await this.client.indices.getAlias({ name: this.alias }));
    } catch (err) {
      if (err instanceof errors.ResponseError && err.statusCode === 404) return [];
      throw err;
    }
  }

  private async swapAlias(next: string, previous: string[]): Promise<void> {
    try {
      await this.client.indices.updateAliases({ actions: aliasSwapActions(this.alias, next, previous) });
    } catch (err) {
      // The swap may have been applied even though the answer was lost (a timeout, or a retry that
      // then failed on `must_exist`): never discard an index the alias already serves.
      const served = await this.aliasedIndices().catch((): string[] => []);
      if (served.includes(next)) return;
      await this.discard(next);
      throw err;
    }
  }

  /** Deletes a half-built index; a failure here must not hide the error that caused it. */
  private async discard(index: string): Promise<void> {
    await this.client.indices.delete({ index, ignore_unavailable: true }).catch(() => undefined);
  }
}

export function createElasticsearchClient(config: ElasticsearchConfig): Client {
  const auth = config.apiKey
    ? { apiKey: config.apiKey }
    : config.username
      ? { username: config.username, password: config.password ?? '' }
      : undefined;
  return new Client({ node: config.url, auth, requestTimeout: 30_000, maxRetries: 3 });
}

let cachedDefinition: IndexDefinition | undefined;

/** Reads the index definition, `infra/elasticsearch/papers-index.json`. */
export function loadIndexDefinition(): IndexDefinition {
  if (cachedDefinition) return cachedDefinition;
  const file = infraPath('elasticsearch', 'papers-index.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<IndexDefinition>;
  if (!isObject(parsed.settings) || !isObject(parsed.mappings)) throw new Error(`${file} must hold "settings" and "mappings" objects`);
  cachedDefinition = parsed as IndexDefinition;
  return cachedDefinition;
}

/** `<alias>-v<milliseconds>`: later rebuilds sort after earlier ones, and never reuse a live name. */
function nextIndexName(alias: string, existing: string[]): string {
  let version = Date.now();
  while (existing.includes(versionedIndexName(alias, version))) version++;
  return versionedIndexName(alias, version);
}

function bulkFailures(response: estypes.BulkResponse): BulkFailure[] {
  return response.items.flatMap((item) =>
    Object.entries(item).flatMap(([action, result]) =>
      result?.error
        ? [{ action, id: result._id, status: result.status, type: result.error.type, reason: result.error.reason }]
        : [],
    ),
  );
}

function errorType(err: unknown): string | undefined {
  return err instanceof errors.ResponseError ? (err.body as { error?: { type?: string } } | undefined)?.error?.type : undefined;
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
