import type { EmbeddingStore } from '../../modules/embeddings';
import type { IndexTarget } from '../../shared/indexing/change-follower';
import type { KeywordIndex } from '../../modules/keyword-index';
import type { Paper } from '../../shared/papers/paper.schema';
import type { VectorIndex } from '../../modules/vector-index';

/** A shared derived index the indexer keeps: its name (for its log position) and how to write it. */
export interface IndexConsumer extends IndexTarget {
  readonly name: string;
  /** Creates the index if missing; retried by the indexer until it succeeds. */
  init(): Promise<void>;
  /** Rebuilds into a new version from the given papers and swaps it in (Elasticsearch); undefined: replay in place. */
  rebuild?(papers: AsyncIterable<Paper[]>): Promise<void>;
  /** Called before a reindex replays the log into it (an embedder refits then, so every vector is made anew). */
  beforeReindex?(): Promise<void>;
  close(): Promise<void>;
}

export function keywordConsumer(index: KeywordIndex, alias: string): IndexConsumer {
  return {
    name: `${index.kind}:${alias}`,
    init: () => index.init(),
    async apply(upserts, deletes) {
      if (upserts.length) await index.upsert(upserts);
      if (deletes.length) await index.remove(deletes);
    },
    rebuild: (papers) => index.rebuild(papers),
    close: () => index.close(),
  };
}

/**
 * Vectors come from the embedding store: each changed paper is embedded once, whatever is retried.
 * A reindex first brings the embedder up to date (the embedded embedder refits on the papers).
 */
export function vectorConsumer(index: VectorIndex, store: EmbeddingStore, collection: string): IndexConsumer {
  return {
    name: `${index.kind}:${collection}`,
    init: () => index.init(),
    async apply(upserts, deletes) {
      if (upserts.length) {
        const vectors = await store.vectorsFor(upserts.map((p) => p.id));
        await index.upsert(
          upserts
            .filter((p) => vectors.has(p.id))
            .map((p) => ({ id: p.id, vector: vectors.get(p.id)!, payload: { topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score } })),
        );
      }
      if (deletes.length) await index.remove(deletes);
    },
    beforeReindex: async () => void (await store.refresh()),
    close: () => index.close(),
  };
}
