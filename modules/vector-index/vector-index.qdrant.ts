import fs from 'node:fs';
import { QdrantClient, type Schemas } from '@qdrant/js-client-rest';
import { infraPath } from '../../shared/project-paths';
import { buildQdrantFilter, qdrantPayload, qdrantPointId } from './qdrant-filter';
import type { VectorFilter, VectorHit, VectorIndex, VectorItem } from './vector-index.port';

/** The collection settings kept in `infra/qdrant/papers-collection.json`. */
export interface QdrantCollectionSettings {
  vectors: { size: number; distance: Schemas['Distance'] };
  hnsw_config?: Schemas['HnswConfigDiff'];
  optimizers_config?: Schemas['OptimizersConfigDiff'];
  search_params?: Schemas['SearchParams'];
  payload_indexes: { field_name: string; field_schema: Schemas['PayloadSchemaType'] }[];
}

export function loadQdrantCollectionSettings(file = infraPath('qdrant', 'papers-collection.json')): QdrantCollectionSettings {
  const { _meta: _ignored, ...settings } = JSON.parse(fs.readFileSync(file, 'utf8')) as QdrantCollectionSettings & { _meta?: unknown };
  return settings;
}

export interface QdrantVectorIndexOptions {
  url: string;
  apiKey?: string;
  collection: string;
  /** The collection's vector size; default the settings file's. */
  dimensions?: number;
  /** Points per upsert or delete request. Default 256. */
  batchSize?: number;
  settings?: QdrantCollectionSettings;
  /** Request timeout in milliseconds. Default 30 s. */
  timeoutMs?: number;
}

/**
 * The Qdrant adapter. Point ids are UUIDs derived from the paper id (qdrantPointId); the paper id
 * travels in the payload as `paper_id`. Filters go inside the search request, so Qdrant's
 * filterable HNSW (and its payload indexes) return `limit` hits whenever that many pass.
 */
export class QdrantVectorIndex implements VectorIndex {
  readonly kind = 'qdrant';
  readonly processLocal = false;
  readonly dimensions: number;
  private readonly client: QdrantClient;
  private readonly collection: string;
  private readonly batchSize: number;
  private readonly settings: QdrantCollectionSettings;

  constructor(options: QdrantVectorIndexOptions) {
    this.settings = options.settings ?? loadQdrantCollectionSettings();
    this.dimensions = options.dimensions ?? this.settings.vectors.size;
    this.collection = options.collection;
    this.batchSize = options.batchSize ?? 256;
    const url = new URL(options.url);
    this.client = new QdrantClient({
      url: options.url,
      // The client defaults a URL without a port to 6333; follow the URL's scheme instead.
      port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 6333,
      apiKey: options.apiKey,
      checkCompatibility: false,
      timeout: options.timeoutMs ?? 30_000,
    });
  }

  async init(): Promise<void> {
    const { exists } = await this.client.collectionExists(this.collection);
    if (!exists) {
      try {
        await this.client.createCollection(this.collection, {
          vectors: { ...this.settings.vectors, size: this.dimensions },
          hnsw_config: this.settings.hnsw_config,
          optimizers_config: this.settings.optimizers_config,
        });
      } catch (err) {
        // Another process created it meanwhile.
        if ((err as { status?: number }).status !== 409) throw err;
      }
    } else {
      const info = await this.client.getCollection(this.collection);
      const vectors = info.config?.params?.vectors as { size?: number } | undefined;
      if (vectors?.size !== undefined && vectors.size !== this.dimensions) {
        throw new Error(`Qdrant collection ${this.collection} holds ${vectors.size}-dimensional vectors, the index is configured for ${this.dimensions}`);
      }
    }
    // Idempotent: creating an existing payload index is accepted.
    for (const index of this.settings.payload_indexes) {
      await this.client.createPayloadIndex(this.collection, { field_name: index.field_name, field_schema: index.field_schema, wait: true });
    }
  }

  async upsert(items: VectorItem[]): Promise<void> {
    for (const item of items) {
      if (item.vector.length !== this.dimensions) {
        throw new Error(`vector of ${item.id} has ${item.vector.length} dimensions, the index has ${this.dimensions}`);
      }
    }
    for (let i = 0; i < items.length; i += this.batchSize) {
      const points = items.slice(i, i + this.batchSize).map((item) => ({
        id: qdrantPointId(item.id),
        vector: Array.from(item.vector),
        payload: qdrantPayload(item.id, item.payload),
      }));
      await this.client.upsert(this.collection, { wait: true, points });
    }
  }

  async remove(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += this.batchSize) {
      await this.client.delete(this.collection, { wait: true, points: ids.slice(i, i + this.batchSize).map(qdrantPointId) });
    }
  }

  async search(vector: Float32Array, filter: VectorFilter, limit: number): Promise<VectorHit[]> {
    if (vector.length !== this.dimensions) throw new Error(`query vector has ${vector.length} dimensions, the index has ${this.dimensions}`);
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer, got ${limit}`);
    if (limit === 0 || (filter.langs !== undefined && filter.langs.length === 0)) return [];
    const points = await this.client.search(this.collection, {
      vector: Array.from(vector),
      filter: buildQdrantFilter(filter),
      limit,
      with_payload: ['paper_id'],
      params: this.settings.search_params,
    });
    return points
      .map((p) => ({ id: String((p.payload as { paper_id?: unknown } | null | undefined)?.paper_id ?? p.id), score: p.score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async vectorsOf(ids: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (ids.length === 0) return out;
    const points = await this.client.retrieve(this.collection, { ids: [...new Set(ids)].map(qdrantPointId), with_payload: ['paper_id'], with_vector: true });
    for (const p of points) {
      const id = (p.payload as { paper_id?: unknown } | null | undefined)?.paper_id;
      if (typeof id === 'string' && Array.isArray(p.vector) && typeof p.vector[0] === 'number') out.set(id, Float32Array.from(p.vector as number[]));
    }
    return out;
  }

  async count(): Promise<number> {
    return (await this.client.count(this.collection, { exact: true })).count;
  }

  async ping(): Promise<void> {
    await this.client.getCollection(this.collection);
  }

  async close(): Promise<void> {
    // The REST client holds no resources beyond keep-alive sockets, which close on their own.
  }

  /** Drops the collection (tests and re-creation with other settings). */
  async drop(): Promise<void> {
    await this.client.deleteCollection(this.collection);
  }
}
