import { performance } from 'node:perf_hooks';
import { Database } from '../../shared/db/database';
import { EMBEDDED_DIMENSIONS, embedLexical } from '../../modules/embeddings/embedder.embedded';
import { LexicalFit } from '../../modules/embeddings/lexical-fit';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import type { VectorItem } from '../../modules/vector-index/vector-index.port';
import { passageText } from '../../modules/embeddings/embedding-store';

export interface RecallFigures {
  vectors: number;
  queries: number;
  k: number;
  /** Mean over the queries of |HNSW top-k ∩ exact top-k| / k. */
  recall: number;
  /** The same, counting a returned id as right when its exact cosine reaches the k-th exact score (ties). */
  recallWithTies: number;
  /** Queries whose HNSW top-k equals the exact top-k as a set. */
  perfect: number;
  embedMs: number;
  buildMs: number;
  /** Per query, in this process (no HTTP, no embedding). */
  hnswSearchMeanMs: number;
  exactSearchMeanMs: number;
}

/**
 * Recall@k of the embedded HNSW index against brute force, in this process: the papers of the
 * database embedded as the server does (`passageText`, the lexical embedder at the default
 * dimensions, fitted on those papers), an `EmbeddedVectorIndex` with the HNSW defaults and the exact-search shortcut off,
 * and for each query its top-k against an exact cosine scan (ties broken by id, as the index does).
 */
export async function measureRecall(databaseUrl: string, queries: readonly string[], k = 10): Promise<RecallFigures> {
  const dims = EMBEDDED_DIMENSIONS;
  const db = new Database(databaseUrl, 2);
  const ids: string[] = [];
  const items: VectorItem[] = [];
  const t0 = performance.now();
  let fit: LexicalFit;
  try {
    const repository = new PaperRepository(db);
    // Fitted on the same papers, as the server's first start does.
    fit = await LexicalFit.fit((async function* () {
      for await (const batch of repository.allInBatches(1000)) yield batch.map(passageText);
    })());
    for await (const batch of repository.allInBatches(256)) {
      for (const p of batch) {
        ids.push(p.id);
        items.push({ id: p.id, vector: embedLexical(passageText(p), 'passage', fit, dims), payload: { topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score } });
      }
    }
  } finally {
    await db.close();
  }
  const embedMs = performance.now() - t0;

  const index = new EmbeddedVectorIndex({ dimensions: dims, exactSearchThreshold: 0, exactSearchFraction: 0 });
  const t1 = performance.now();
  await index.init();
  for (let i = 0; i < items.length; i += 256) await index.upsert(items.slice(i, i + 256));
  const buildMs = performance.now() - t1;

  // The exact side: one matrix of the (unit) vectors, cosine as a dot product over norms.
  const n = items.length;
  const matrix = new Float32Array(n * dims);
  const norms = new Float64Array(n);
  items.forEach((it, i) => {
    matrix.set(it.vector, i * dims);
    let s = 0;
    for (let j = 0; j < dims; j++) s += it.vector[j]! * it.vector[j]!;
    norms[i] = Math.sqrt(s);
  });
  items.length = 0;

  let sum = 0;
  let sumTies = 0;
  let perfect = 0;
  let hnswMs = 0;
  let exactMs = 0;
  const scores = new Float64Array(n);
  for (const q of queries) {
    const qv = embedLexical(q, 'query', fit, dims);
    let qn = 0;
    for (let j = 0; j < dims; j++) qn += qv[j]! * qv[j]!;
    qn = Math.sqrt(qn);

    const th = performance.now();
    const hits = await index.search(qv, {}, k);
    hnswMs += performance.now() - th;

    const te = performance.now();
    for (let i = 0; i < n; i++) {
      let dot = 0;
      const base = i * dims;
      for (let j = 0; j < dims; j++) dot += qv[j]! * matrix[base + j]!;
      scores[i] = qn === 0 || norms[i] === 0 ? 0 : dot / (qn * norms[i]!);
    }
    const order = topK(scores, ids, k);
    exactMs += performance.now() - te;

    const exact = new Set(order.map((i) => ids[i]!));
    const kth = scores[order[order.length - 1]!]!;
    const scoreOf = new Map(order.map((i) => [ids[i]!, scores[i]!]));
    let right = 0;
    let rightTies = 0;
    for (const h of hits) {
      if (exact.has(h.id)) {
        right++;
        rightTies++;
      } else if ((scoreOf.get(h.id) ?? h.score) >= kth - 1e-6) rightTies++;
    }
    sum += right / k;
    sumTies += rightTies / k;
    if (right === k) perfect++;
  }
  await index.close();
  return {
    vectors: n,
    queries: queries.length,
    k,
    recall: sum / queries.length,
    recallWithTies: sumTies / queries.length,
    perfect,
    embedMs,
    buildMs,
    hnswSearchMeanMs: hnswMs / queries.length,
    exactSearchMeanMs: exactMs / queries.length,
  };
}

/** Indices of the k highest scores, ties broken by ascending id. */
export function topK(scores: ArrayLike<number>, ids: readonly string[], k: number): number[] {
  const best: number[] = [];
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! < ids[b]!);
  for (let i = 0; i < scores.length; i++) {
    if (best.length === k && !better(i, best[k - 1]!)) continue;
    let pos = best.length === k ? k - 1 : best.length;
    if (best.length < k) best.push(i);
    while (pos > 0 && better(i, best[pos - 1]!)) {
      best[pos] = best[pos - 1]!;
      pos--;
    }
    best[pos] = i;
  }
  return best;
}
