import type { Database } from '../../shared/db/database';
import type { Embedder } from './embedder.port';

/** The text a paper is embedded from: its titles and its summary (English preferred) or abstract. */
export function passageText(p: { title: string | null; title_en: string | null; title_ja: string | null; ai_summary_en: string | null; ai_summary_ja: string | null; abstract: string | null }): string {
  return [p.title, p.title_en, p.title_ja, p.ai_summary_en ?? p.ai_summary_ja ?? p.abstract]
    .filter((v, i, all): v is string => !!v && all.indexOf(v) === i)
    .join('\n');
}

interface Row {
  id: string;
  title: string | null;
  title_en: string | null;
  title_ja: string | null;
  ai_summary_en: string | null;
  ai_summary_ja: string | null;
  abstract: string | null;
  content_hash: string;
  vector: Buffer | null;
}

/**
 * Passage embeddings kept in Postgres per paper and model, for the content they were computed from:
 * whoever needs a paper's vector (the indexer, an in-process HNSW index, a rebuild, a restart) asks
 * here, and the embedder is called only for papers whose content has no vector yet — once per change.
 */
export class EmbeddingStore {
  /** Embedder calls made by this store (texts embedded), for the tests and the logs. */
  embedded = 0;

  constructor(
    private readonly db: Database,
    private readonly embedder: Embedder,
  ) {}

  /** Names the embedder's vectors: the rows of another model (or fit) are never mixed in. */
  get model(): string {
    return this.embedder.model;
  }

  /** Brings the embedder up to date (see `Embedder.refresh`); true when its model changed. */
  async refresh(): Promise<boolean> {
    return (await this.embedder.refresh?.()) ?? false;
  }

  /** The vectors of the papers with these ids that exist, by id. */
  async vectorsFor(ids: string[]): Promise<Map<string, Float32Array>> {
    if (ids.length === 0) return new Map();
    const model = this.embedder.model;
    const { rows } = await this.db.query<Row>(
      `SELECT p.id, p.title, p.title_en, p.title_ja, p.ai_summary_en, p.ai_summary_ja, p.abstract, p.content_hash,
              CASE WHEN e.content_hash = p.content_hash THEN e.vector END AS vector
       FROM papers p LEFT JOIN paper_embeddings e ON e.paper_id = p.id AND e.model = $2
       WHERE p.id = ANY($1::text[])`,
      [ids, model],
    );
    const vectors = new Map<string, Float32Array>();
    const missing = rows.filter((r) => {
      if (r.vector && r.vector.length === this.embedder.dimensions * 4) vectors.set(r.id, fromBytes(r.vector));
      return !vectors.has(r.id);
    });
    if (missing.length > 0) {
      const computed = await this.embedder.embedPassages(missing.map(passageText));
      this.embedded += missing.length;
      await this.db.query(
        `INSERT INTO paper_embeddings (paper_id, model, content_hash, vector)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[])
         ON CONFLICT (paper_id, model) DO UPDATE SET content_hash = EXCLUDED.content_hash, vector = EXCLUDED.vector, created_at = now()`,
        [missing.map((r) => r.id), missing.map(() => model), missing.map((r) => r.content_hash), computed.map(toBytes)],
      );
      missing.forEach((r, i) => vectors.set(r.id, computed[i]!));
    }
    return vectors;
  }
}

function toBytes(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

function fromBytes(b: Buffer): Float32Array {
  // A copy: the driver's buffer may not be 4-byte aligned.
  const copy = new Uint8Array(b.length);
  copy.set(b);
  return new Float32Array(copy.buffer);
}
