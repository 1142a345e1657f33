import fs from 'node:fs';
import { infraPath } from '../../shared/project-paths';
import { Client, errors, type estypes } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config/config';
import { graphFieldsOf, type Paper } from '../../shared/papers/paper.schema';
import { checkMappingVersions, MAPPING_VERSION_KEY, mappingVersionOf } from './elasticsearch-mapping-version';
import { aliasSwapActions, checkResultWindow, corpusStatsBody, countBody, countEachSearches, deleteOperations, facetsFromAggregations, PAPER_FIELD, type PaperDocument, PREFERRED_HITS, rankBody, scoredTerms, searchBody, upsertOperations, versionedIndexName, worksOf } from './elasticsearch-query';
import { idfsFromCorpusStats, rescoreWindow, type CorpusStatsAnswer } from './elasticsearch-ranking';
import type { KeywordCollapse, KeywordFilters, KeywordHit, KeywordIndex, KeywordQuery, KeywordSearchResult, RankedQuery } from './keyword-index.port';
import { PROXIMITY } from './relevance';

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
 * The production keyword engine. Searches and writes go through the alias `config.index`; `rebuild`
 * loads a new versioned index and moves the alias to it atomically. What it shares with the embedded
 * engine (DESIGN §4a; the contract suite `tests/contract/keyword-index.contract.ts` checks it):
 *
 * | | embedded engine | Elasticsearch |
 * | --- | --- | --- |
 * | match set and `total` | AND of substring matches | the same, exactly (`termMatch`: wildcard fields) |
 * | idf | the model's, each paper counted by its best match's quality | the model's formula; counts of papers holding the term, starting a word with it and holding it as a word, partial matches at an estimated quality (`corpusStatsAggregation`), one request before the page (none for one term) |
 * | whole word above part of a word | exact quality (share of the word covered) | three tiers: whole word, start of a word, inside a word (`elasticsearch-ranking.ts`) |
 * | field boosts title 3, tags 2, body 1 | yes | yes |
 * | title and body saturation and length normalisation | over words, a title in the term's script | the same formula (scripted similarities `gx_title`, `gx_body`) over the `gx_words` tokens of all the field's values; none for Japanese or Chinese terms, nor for partial matches |
 * | body frequency | all occurrences, by quality | whole-word occurrences |
 * | proximity rescoring of the best 50 | `proximityBonus` | the same function on the same window, in the adapter (`rescoreWindow`) |
 * | ties | year descending, then id | the same (sort), scores being 32-bit floats |
 * | terms scored | every term | the first 32 (`MAX_SCORED_TERMS`: Lucene's clause limit); every term matched |
 * | `countEach` | the match set's count per set of terms | one `_msearch` of `countBody`s |
 * | `rank` (ranked retrieval) | BM25F over `analyze`, the rarest 64 terms | `combined_fields` (BM25F) over the `gx_ranked` analyzer, which mirrors `analyze` (same word breaks, CJK bigrams, stop words, Porter2 on a–z words), every term |
 * | `rank` with `moreLikeThis` (related papers) | the text's most distinctive terms (count × idf, held by two papers or more), BM25F | `more_like_this` with the same selection, fields weighed alike |
 *
 * So both engines agree on the match set and `total` of every query, and on the orders the model
 * decides by a wide margin (a whole word above part of a word, a short title above a body, a rare
 * term above a common one, adjacent terms in order above distant or reversed ones: the contract's
 * `ORDER_GUARANTEES`); scores and closer calls differ (measured on the reference data's `papers.jsonl`,
 * 28 queries: 82% of the reference's top 10, the same first paper for 24). `rank` agrees on what a
 * word finds (stems, CJK bigrams, stop words), not on scores: Lucene's BM25F statistics differ in
 * detail. It serves only an index built from this release's definition (`ping` and writes say so,
 * naming `gx reindex`).
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
  /** The definition's mapping version, which the served index must have. */
  private readonly mappingVersion: number;
  /** Whether the served index was found (or made) with this release's mapping; writes check once. */
  private servesCurrentMapping = false;

  constructor(config: ElasticsearchConfig, options: ElasticsearchKeywordIndexOptions = {}) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new RangeError('batchSize must be a positive integer');
    this.definition = loadIndexDefinition();
    const { settings } = this.definition;
    this.maxResultWindow = settings.index?.max_result_window ?? settings.max_result_window ?? DEFAULT_MAX_RESULT_WINDOW;
    this.mappingVersion = mappingVersionOf(this.definition.mappings);
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
      this.servesCurrentMapping = true;
    } catch (err) {
      if (errorType(err) !== 'resource_already_exists_exception') throw err;
      // Another process won the race; its request created the alias together with the index.
      if (!(await this.client.indices.existsAlias({ name: this.alias }))) {
        throw new Error(`Elasticsearch index ${index} exists but alias ${this.alias} does not; add the alias or delete the index`);
      }
    }
  }

  async upsert(papers: Paper[]): Promise<void> {
    if (papers.length === 0) return;
    await this.checkServedMapping();
    // `wait_for`: a search right after the write sees it, without forcing a refresh per request.
    for (const batch of chunks(papers, this.batchSize)) await this.bulk(this.alias, upsertOperations(batch), 'wait_for');
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.checkServedMapping();
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
    this.servesCurrentMapping = true;
    if (previous.length === 0) return;
    try {
      await this.client.indices.delete({ index: previous, ignore_unavailable: true });
    } catch (err) {
      throw new Error(`alias ${this.alias} now serves ${next}, but deleting ${previous.join(', ')} failed`, { cause: err });
    }
  }

  async search(query: KeywordQuery): Promise<KeywordSearchResult> {
    checkResultWindow(query, this.maxResultWindow);
    const byWork = query.collapse === 'versions';
    if (byWork && query.after) throw new RangeError('collapse=versions pages by offset, not by keyset (after)');
    if (query.limit <= 0 && !query.facets?.length) {
      const counted = await this.client.search({ index: this.alias, ...countBody(query) });
      return { total: byWork ? worksOf(counted.aggregations) : totalOf(counted), hits: [] };
    }
    // Only the terms that carry the topic order the matches (those that frame a question only match),
    // and a long query is ranked on its first MAX_SCORED_TERMS (Lucene's clause limit): `scoredTerms`.
    const scored = scoredTerms(query.terms);
    // Several terms are weighed against each other by their idf, counted first; one term's order does
    // not depend on its idf, which comes with the page.
    const idfs = scored.length > 1 ? await this.idfs(scored) : [1];
    // The proximity rescoring reorders the best PROXIMITY.window matches: a page reaching into them is cut from all of them.
    const rescored = (query.sort ?? 'relevance') === 'relevance' && !query.after && scored.length > 1 && query.offset < PROXIMITY.window;
    const asked = rescored ? { ...query, offset: 0, limit: Math.max(PROXIMITY.window, query.offset + query.limit) } : query;
    const response = await this.client.search<Pick<PaperDocument, 'paper'>>({ index: this.alias, ...searchBody(asked, idfs, { corpusStats: scored.length === 1 }) });
    // Under collapse each hit is a work's best match (what it is ordered and rescored by), shown by its preferred record.
    let hits = byWork ? collapsedHitsOf(response) : hitsOf(response).map((h) => ({ ...h, shown: h.paper }));
    if (scored.length === 1) {
      const [termIdf] = idfsFromCorpusStats(scored, response.aggregations as CorpusStatsAnswer | undefined);
      hits = hits.map((h) => ({ ...h, score: h.score * termIdf! }));
    }
    if (rescored) hits = rescoreWindow(hits, scored, idfs).slice(query.offset, query.offset + query.limit);
    const facets = query.facets?.length ? facetsFromAggregations(query.facets, response.aggregations as Parameters<typeof facetsFromAggregations>[1], byWork) : undefined;
    return { total: byWork ? worksOf(response.aggregations) : totalOf(response), hits: hits.map((h) => ({ id: h.shown.id, work_id: graphFieldsOf(h.shown).work_id, paper: h.shown, score: h.score })), ...(facets && { facets }) };
  }

  async countEach(termSets: readonly string[][], filters: KeywordFilters, collapse?: KeywordCollapse): Promise<number[]> {
    if (termSets.length === 0) return [];
    const { responses } = await this.client.msearch({ index: this.alias, searches: countEachSearches(termSets, filters, collapse) });
    return responses.map((answer, i) => {
      if ('error' in answer) throw new Error(`Elasticsearch could not count term set ${i} of ${termSets.length}: ${answer.error.type} (${answer.error.reason ?? 'no reason given'})`);
      return collapse === 'versions' ? worksOf(answer.aggregations) : totalOf(answer);
    });
  }

  async rank(query: RankedQuery): Promise<KeywordHit[]> {
    if (query.limit <= 0) return [];
    return hitsOf(await this.client.search<Pick<PaperDocument, 'paper'>>({ index: this.alias, ...rankBody(query) }));
  }

  async count(): Promise<number> {
    return (await this.client.count({ index: this.alias })).count;
  }

  /**
   * Reaches the cluster and checks that the served index has this release's mapping: readiness then
   * reports `… has mapping version 1, this release needs 2: run gx reindex` until the indexer has
   * rebuilt it, and passes again by itself afterwards.
   */
  async ping(): Promise<void> {
    // A readiness probe wants a prompt answer, not the retries meant for real requests.
    checkMappingVersions(await this.client.indices.getMapping({ index: this.alias }, { maxRetries: 0 }), this.mappingVersion);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  /** Whether the alias exists: a `rebuild` moves it only once the whole content is in (a frozen copy is whole when it exists). */
  async exists(): Promise<boolean> {
    return this.client.indices.existsAlias({ name: this.alias });
  }

  /** Deletes every index behind the alias, and so the alias (a frozen copy whose release expired). */
  async drop(): Promise<void> {
    const indices = await this.aliasedIndices();
    if (indices.length > 0) await this.client.indices.delete({ index: indices, ignore_unavailable: true });
  }

  private async bulk(index: string, operations: estypes.BulkRequest['operations'], refresh: estypes.Refresh): Promise<void> {
    if (!operations || operations.length === 0) return;
    const response = await this.client.bulk({ index, operations, refresh });
    if (!response.errors) return;
    throw new ElasticsearchBulkError(index, bulkFailures(response), response.items.length);
  }

  /** The statistics of the terms' idf, counted over the whole index. */
  private async idfs(terms: string[]): Promise<number[]> {
    const response = await this.client.search({ index: this.alias, ...corpusStatsBody(terms) });
    return idfsFromCorpusStats(terms, response.aggregations as CorpusStatsAnswer | undefined);
  }

  /**
   * Writes go only to an index of this release's mapping: an older one would refuse the new fields
   * document by document, obscurely, and the indexer would set papers aside that only a reindex can
   * place. Refusing every write instead keeps its position until `gx reindex` has built a new index.
   */
  private async checkServedMapping(): Promise<void> {
    if (this.servesCurrentMapping) return;
    checkMappingVersions(await this.client.indices.getMapping({ index: this.alias }), this.mappingVersion);
    this.servesCurrentMapping = true;
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
  if (typeof parsed.mappings._meta?.[MAPPING_VERSION_KEY] !== 'number') throw new Error(`${file} must hold mappings._meta.${MAPPING_VERSION_KEY}, a number`);
  cachedDefinition = parsed as IndexDefinition;
  return cachedDefinition;
}

/** `<alias>-v<milliseconds>`: later rebuilds sort after earlier ones, and never reuse a live name. */
function nextIndexName(alias: string, existing: string[]): string {
  let version = Date.now();
  while (existing.includes(versionedIndexName(alias, version))) version++;
  return versionedIndexName(alias, version);
}

function totalOf(response: Pick<estypes.SearchResponse<unknown>, 'hits'>): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}

/** The hits of a collapsed search: each group's top hit (its best match) with the preferred record of its inner hits. */
function collapsedHitsOf(response: estypes.SearchResponse<Pick<PaperDocument, 'paper'>>): (KeywordHit & { shown: Paper })[] {
  return hitsOf(response).map((hit, i) => {
    const inner = response.hits.hits[i]!.inner_hits?.[PREFERRED_HITS]?.hits.hits[0]?._source as Pick<PaperDocument, 'paper'> | undefined;
    if (!inner?.paper) throw new Error(`Elasticsearch hit ${response.hits.hits[i]!._id ?? '?'} has no preferred record of its work`);
    return { ...hit, shown: inner.paper };
  });
}

function hitsOf(response: estypes.SearchResponse<Pick<PaperDocument, 'paper'>>): KeywordHit[] {
  return response.hits.hits.map((hit) => {
    const paper = hit._source?.[PAPER_FIELD];
    if (!paper) throw new Error(`Elasticsearch hit ${hit._id ?? '?'} in ${hit._index} has no stored paper`);
    return { id: paper.id, work_id: graphFieldsOf(paper).work_id, paper, score: hit._score ?? Number(hit.sort?.[0]) };
  });
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
