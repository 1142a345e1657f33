import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Database } from '../../shared/db/database';
import { EMBEDDED_DIMENSIONS, EmbeddedEmbedder, lexicalConfiguration } from '../../modules/embeddings/embedder.embedded';
import { LexicalFitStore } from '../../modules/embeddings/lexical-fit.store';
import { PaperRepository } from '../../modules/papers/paper.repository';
import type { HttpClient } from './http-client';
import { semanticPath } from './semantic-queries';
import { topK } from './vector-recall';

export interface ServedRecall {
  vectors: number;
  queries: number;
  k: number;
  /** Mean over the queries of |served top-k ∩ exact top-k| / k. */
  recall: number;
  /** The same, counting a served id as right when its exact cosine reaches the k-th exact score (ties). */
  recallWithTies: number;
  /** Reading the stored passage vectors from Postgres. */
  readMs: number;
  /** Exact top-k per query in this process (sparse query × column-major matrix). */
  exactMeanMs: number;
}

const PAGE = 5_000;

/**
 * Recall@k of the index the server actually serves: each query goes through the data API in vector
 * mode without filters (HNSW, never the exact shortcut), and its answer is compared with an exact
 * cosine ranking over the passage vectors the server itself stored in Postgres (`paper_embeddings`).
 * Unlike `vector-recall.ts`, nothing is embedded or indexed again here, so it stays affordable at
 * 300,000 papers. Queries of the lexical embedder are sparse, so the exact side sums over the
 * query's non-zero dimensions of a column-major matrix.
 */
export async function measureServedRecall(databaseUrl: string, client: HttpClient, queries: readonly string[], k = 10): Promise<ServedRecall> {
  const dims = EMBEDDED_DIMENSIONS;
  const t0 = performance.now();
  // The fit the server embedded with, and so the model its vectors are stored under.
  const fitDb = new Database(databaseUrl, 1);
  const embedder = new EmbeddedEmbedder({ dimensions: dims, source: new LexicalFitStore(fitDb, new PaperRepository(fitDb), lexicalConfiguration(dims)) });
  await embedder.init().finally(() => fitDb.close());
  const MODEL = embedder.model;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let ids: string[] = [];
  let matrix: Float32Array;
  try {
    const { rows: countRows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM paper_embeddings e JOIN papers p ON p.id = e.paper_id AND p.content_hash = e.content_hash WHERE e.model = $1', [MODEL]);
    const n = Number(countRows[0]!.n);
    matrix = new Float32Array(n * dims);
    let after = '';
    // Bounded: every page advances `after`, and at most n rows fit.
    for (let page = 0; page <= Math.ceil(n / PAGE) + 1; page++) {
      const { rows } = await db.query<{ paper_id: string; vector: Buffer }>(
        `SELECT e.paper_id, e.vector FROM paper_embeddings e JOIN papers p ON p.id = e.paper_id AND p.content_hash = e.content_hash
         WHERE e.model = $1 AND e.paper_id > $2 ORDER BY e.paper_id LIMIT ${PAGE}`,
        [MODEL, after],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        const i = ids.length;
        if (i >= n) break;
        ids.push(r.paper_id);
        for (let d = 0; d < dims; d++) matrix[d * n + i] = r.vector.readFloatLE(d * 4);
      }
      after = rows[rows.length - 1]!.paper_id;
    }
    if (ids.length !== n) ids = ids.slice(0, n);
  } finally {
    await db.end();
  }
  const n = ids.length;
  const readMs = performance.now() - t0;
  const row = new Map(ids.map((id, i) => [id, i]));

  const scores = new Float32Array(n);
  let sum = 0;
  let sumTies = 0;
  let exactMs = 0;
  for (const q of queries) {
    const res = await client.get(semanticPath(q, 'vector', {}, k));
    if (res.status !== 200) throw new Error(`recall query "${q}" answered ${res.status}: ${res.body.slice(0, 300)}`);
    const served = (JSON.parse(res.body) as { data: { id: string }[] }).data.map((p) => p.id);

    const te = performance.now();
    const [qv] = (await embedder.embedQueries([q])) as [Float32Array];
    scores.fill(0);
    for (let d = 0; d < dims; d++) {
      const w = qv[d]!;
      if (w === 0) continue;
      const base = d * n;
      for (let i = 0; i < n; i++) scores[i]! += w * matrix[base + i]!;
    }
    const top = topK(scores, ids, k);
    exactMs += performance.now() - te;

    const exact = new Set(top.map((i) => ids[i]!));
    const kth = scores[top[top.length - 1]!]!;
    let right = 0;
    let rightTies = 0;
    for (const id of served) {
      if (exact.has(id)) {
        right++;
        rightTies++;
      } else {
        const i = row.get(id);
        if (i !== undefined && scores[i]! >= kth - 1e-5) rightTies++;
      }
    }
    sum += right / k;
    sumTies += rightTies / k;
  }
  return { vectors: n, queries: queries.length, k, recall: sum / queries.length, recallWithTies: sumTies / queries.length, readMs, exactMeanMs: exactMs / queries.length };
}
