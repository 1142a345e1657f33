import type { Database, Queryable } from '../../shared/db/database';
import type { Embedder } from './embedder.port';

/** The fields of a paper its passage is embedded from. */
export interface PassageFields {
  title: string | null;
  title_en: string | null;
  title_ja: string | null;
  ai_summary_en: string | null;
  ai_summary_ja: string | null;
  abstract: string | null;
}

/** The text a paper is embedded from: its titles and its summary (English preferred) or abstract. */
export function passageText(p: PassageFields): string {
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
 * Passage embeddings kept in Postgres per paper, model and content (the content hash they were
 * computed from): whoever needs a paper's vector (the indexer, an in-process HNSW index, a rebuild, a
 * restart, a release's vector search) asks here, and the embedder is called only for contents that
 * have no vector yet — once per change. A paper's earlier contents keep theirs while a kept release
 * holds them (`pruneEmbeddings`).
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

  /** The vectors of the papers with these ids that exist, by id: each of the paper's current content. */
  async vectorsFor(ids: string[]): Promise<Map<string, Float32Array>> {
    if (ids.length === 0) return new Map();
    const model = this.embedder.model;
    const { rows } = await this.db.query<Row>(
      `SELECT p.id, p.title, p.title_en, p.title_ja, p.ai_summary_en, p.ai_summary_ja, p.abstract, p.content_hash, e.vector
       FROM papers p LEFT JOIN paper_embeddings e ON e.paper_id = p.id AND e.model = $2 AND e.content_hash = p.content_hash
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
      await this.write(model, missing, computed);
      missing.forEach((r, i) => vectors.set(r.id, computed[i]!));
    }
    return vectors;
  }

  /**
   * The vectors of these contents (a paper's content as a release recorded it, which the paper may
   * have left since), by paper id. A content without a stored vector is embedded from the text given
   * and stored, so the vector of a content is made once and then never changes: what is returned is
   * always what is stored (a vector another process stored meanwhile wins over the one made here).
   * Throws `EmbedderModelChangedError` when the embedder's model changed while it embedded.
   */
  async vectorsOfContents(contents: readonly StoredContent[]): Promise<{ model: string; vectors: Map<string, Float32Array> }> {
    const model = this.embedder.model;
    const vectors = await this.readContents(model, contents);
    const missing = contents.filter((c) => !vectors.has(c.id));
    if (missing.length > 0) {
      const computed = await this.embedder.embedPassages(missing.map(passageText));
      if (this.embedder.model !== model) throw new EmbedderModelChangedError(model, this.embedder.model);
      this.embedded += missing.length;
      await this.write(model, missing.map((c) => ({ id: c.id, content_hash: c.contentHash })), computed);
      for (const [id, v] of await this.readContents(model, missing)) vectors.set(id, v);
    }
    return { model, vectors };
  }

  private async readContents(model: string, contents: readonly StoredContent[]): Promise<Map<string, Float32Array>> {
    const vectors = new Map<string, Float32Array>();
    if (contents.length === 0) return vectors;
    const { rows } = await this.db.query<{ paper_id: string; vector: Buffer }>(
      `SELECT e.paper_id, e.vector FROM unnest($1::text[], $2::text[]) AS c(paper_id, content_hash)
         JOIN paper_embeddings e ON e.paper_id = c.paper_id AND e.content_hash = c.content_hash AND e.model = $3`,
      [contents.map((c) => c.id), contents.map((c) => c.contentHash), model],
    );
    for (const r of rows) if (r.vector.length === this.embedder.dimensions * 4) vectors.set(r.paper_id, fromBytes(r.vector));
    return vectors;
  }

  /** Stores vectors of contents; a stored one is kept (a content's vector never changes), unless it has the wrong length. */
  private async write(model: string, rows: ReadonlyArray<{ id: string; content_hash: string }>, computed: Float32Array[]): Promise<void> {
    await this.db.query(
      `INSERT INTO paper_embeddings (paper_id, model, content_hash, vector)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[])
       ON CONFLICT (paper_id, model, content_hash) DO UPDATE SET vector = EXCLUDED.vector, created_at = now()
         WHERE octet_length(paper_embeddings.vector) <> octet_length(EXCLUDED.vector)`,
      [rows.map((r) => r.id), rows.map(() => model), rows.map((r) => r.content_hash), computed.map(toBytes)],
    );
  }
}

/** A paper's content as a release holds it: what its passage is embedded from, and the hash that keys its vector. */
export interface StoredContent extends PassageFields {
  id: string;
  contentHash: string;
}

/** The embedder's model changed during an embedding (a background fit finished, a reindex): vectors of two models must not be mixed. */
export class EmbedderModelChangedError extends Error {
  constructor(before: string, after: string) {
    super(`the embedder's model changed from ${before} to ${after} while embedding`);
    this.name = 'EmbedderModelChangedError';
  }
}

/**
 * Deletes the stored vectors nobody needs any more: of a content that is neither a paper's current
 * content nor that of a record a kept release holds (the retention deletes the records no kept
 * release holds). Run at each cut, after the retention, so the table holds one vector per paper and
 * model plus those of the contents kept releases recorded. Returns how many it deleted.
 */
export async function pruneEmbeddings(db: Queryable): Promise<number> {
  const result = await db.query(
    `DELETE FROM paper_embeddings e
      WHERE NOT EXISTS (SELECT 1 FROM papers p WHERE p.id = e.paper_id AND p.content_hash = e.content_hash)
        AND NOT EXISTS (SELECT 1 FROM release_records r WHERE r.paper_id = e.paper_id AND r.content_hash = e.content_hash)`,
  );
  return result.rowCount ?? 0;
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
