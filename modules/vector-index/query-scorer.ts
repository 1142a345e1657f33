/** Use the sparse loop when at most this fraction of the query's dimensions are non-zero. */
const SPARSE_FRACTION = 0.25;

/**
 * Cosine similarity of one query against many stored vectors, prepared once per search so every
 * candidate is scored by the same loop (hence the same rounding, so rankings never depend on which
 * path found a candidate).
 *
 * A sparse query — the lexical embedder's are: a short query touches a few dozen of 1,024
 * dimensions — is scored over its non-zero dimensions only, which makes an exact scan over a
 * filtered subset several times cheaper. Dense queries (a neural model's) use the plain loop.
 */
export class QueryScorer {
  private readonly norm: number;
  private readonly dims?: Int32Array;
  private readonly values?: Float32Array;

  constructor(private readonly query: Float32Array) {
    let sum = 0;
    let nonZero = 0;
    for (let i = 0; i < query.length; i++) {
      sum += query[i]! * query[i]!;
      if (query[i] !== 0) nonZero++;
    }
    this.norm = Math.sqrt(sum);
    if (nonZero <= SPARSE_FRACTION * query.length) {
      this.dims = new Int32Array(nonZero);
      this.values = new Float32Array(nonZero);
      for (let i = 0, k = 0; i < query.length; i++) {
        if (query[i] === 0) continue;
        this.dims[k] = i;
        this.values[k++] = query[i]!;
      }
    }
  }

  /** Cosine similarity with `vector`, whose L2 norm is `norm`; 0 when either is the zero vector. */
  cosine(vector: Float32Array, norm: number): number {
    if (this.norm === 0 || norm === 0) return 0;
    let dot = 0;
    const dims = this.dims;
    if (dims) {
      const values = this.values!;
      for (let k = 0; k < dims.length; k++) dot += values[k]! * vector[dims[k]!]!;
    } else {
      const q = this.query;
      for (let i = 0; i < q.length; i++) dot += q[i]! * vector[i]!;
    }
    return dot / (this.norm * norm);
  }
}
