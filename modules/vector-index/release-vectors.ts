import type { Paper } from '../../shared/papers/paper.schema';
import { EmbedderModelChangedError, type EmbeddingStore } from '../embeddings';
import { QueryScorer } from './query-scorer';
import { passesVectorFilter } from './vector-index.embedded';
import type { VectorFilter, VectorHit, VectorItem, VectorPayload } from './vector-index.port';
import { normOf } from './vector-snapshot';

/** One record of a release with the content it was cut from (`release_records.content_hash`). */
export interface ReleaseContent {
  paper: Paper;
  contentHash: string;
}

interface Entry {
  id: string;
  vector: Float32Array;
  norm: number;
  payload: VectorPayload;
}

const payloadOf = (p: Paper): VectorPayload => ({ topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score });

const byScoreThenId = (a: VectorHit, b: VectorHit) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A release's vector search, frozen: the passage vectors of the contents its records were cut from
 * (stored per content in `paper_embeddings`, so they are the same at every build, in every process),
 * searched exactly — every vector that passes the filter scored by the same loop as the live index's
 * exact path (`QueryScorer`), ties broken by id — so the same query finds the same hits with the same
 * scores for as long as the release is kept. Never the live index: its HNSW graph is approximate and
 * moves with the corpus. Filters are those the live index applies inside its search
 * (`passesVectorFilter`), read off each record of the release.
 *
 * Built for one embedder model (`model`): its vectors and a query embedded by another model would not
 * agree, so its owner builds it again when the model changes.
 */
export class FrozenVectorSearch {
  private constructor(
    readonly model: string,
    readonly dimensions: number,
    private readonly entries: readonly Entry[],
  ) {}

  /**
   * Reads the vectors of a release's records, batch by batch (in id order). A record whose content has
   * no stored vector yet (embedding is asynchronous, or the record was cut before vectors were kept per
   * content) is embedded from the record's own text and stored, so the release's vectors are fixed from
   * then on. Throws `EmbedderModelChangedError` when the embedder's model changes during the build.
   */
  static async build(store: EmbeddingStore, dimensions: number, batches: AsyncIterable<ReleaseContent[]>): Promise<FrozenVectorSearch> {
    const model = store.model;
    const entries: Entry[] = [];
    for await (const batch of batches) {
      const found = await store.vectorsOfContents(batch.map(({ paper, contentHash }) => ({ ...paper, contentHash })));
      if (found.model !== model) throw new EmbedderModelChangedError(model, found.model);
      for (const { paper } of batch) {
        const vector = found.vectors.get(paper.id);
        if (!vector) throw new Error(`no passage vector of ${paper.id} could be stored`);
        entries.push({ id: paper.id, vector, norm: normOf(vector), payload: payloadOf(paper) });
      }
    }
    return new FrozenVectorSearch(model, dimensions, entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  }

  /** A frozen search over the items given (the tests'). */
  static of(model: string, dimensions: number, items: readonly VectorItem[]): FrozenVectorSearch {
    const entries = items.map((i) => ({ id: i.id, vector: Float32Array.from(i.vector), norm: normOf(i.vector), payload: { ...i.payload } }));
    return new FrozenVectorSearch(model, dimensions, entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  }

  /** How many vectors it holds (the release's papers). */
  get size(): number {
    return this.entries.length;
  }

  /** The vectors of these papers, by id (those the release held): what related papers as of it search with. */
  vectorsOf(ids: readonly string[]): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    for (const id of ids) {
      let lo = 0;
      let hi = this.entries.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.entries[mid]!.id < id) lo = mid + 1;
        else hi = mid;
      }
      const entry = this.entries[lo];
      if (entry?.id === id) out.set(id, entry.vector);
    }
    return out;
  }

  /** The `limit` nearest of the records that pass the filter, nearest first, ties by id: as `VectorIndex.search`. */
  search(vector: Float32Array, filter: VectorFilter, limit: number): VectorHit[] {
    if (vector.length !== this.dimensions) throw new Error(`query vector has ${vector.length} dimensions, the release's vectors ${this.dimensions}`);
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer, got ${limit}`);
    if (limit === 0 || (filter.langs !== undefined && filter.langs.length === 0)) return [];
    const scorer = new QueryScorer(Float32Array.from(vector));
    const hits: VectorHit[] = [];
    for (const e of this.entries) if (passesVectorFilter(e.payload, filter)) hits.push({ id: e.id, score: scorer.cosine(e.vector, e.norm) });
    return hits.sort(byScoreThenId).slice(0, limit);
  }
}
