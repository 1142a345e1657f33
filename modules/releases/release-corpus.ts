import type { Database } from '../../shared/db/database';
import type { Paper } from '../../shared/papers/paper.schema';
import type { CitedByKey, GraphCounts, GraphReads, KeysetPage, PaperRef, PaperReference, PaperRefReader, RelatedGraphReads, StoredEdge } from '../papers';
import { ReleaseNeighbours } from './release-neighbours';

/** The spans of release `$1` (a span holds a record from its first release to its last, open while the latest holds it). */
const IN_RELEASE = 's.first_seq <= $1 AND (s.last_seq IS NULL OR s.last_seq >= $1)';

const RECORDS_SQL = `SELECT r.record FROM release_spans s JOIN release_records r USING (paper_id, record_hash)
  WHERE s.paper_id = ANY($2::text[]) AND ${IN_RELEASE}`;

const BATCH_SQL = `SELECT r.record FROM release_spans s JOIN release_records r USING (paper_id, record_hash)
  WHERE s.paper_id > $2 AND ${IN_RELEASE} ORDER BY s.paper_id LIMIT $3`;

const CONTENTS_SQL = `SELECT r.record, r.content_hash FROM release_spans s JOIN release_records r USING (paper_id, record_hash)
  WHERE s.paper_id > $2 AND ${IN_RELEASE} ORDER BY s.paper_id LIMIT $3`;

const EDGES_SQL = `SELECT r.record, r.edges FROM release_spans s JOIN release_records r USING (paper_id, record_hash)
  WHERE s.paper_id = $2 AND ${IN_RELEASE}`;

// A batch's ids, DOIs and OpenAlex work ids as of the release, each keyed as `refKey` spells it (a work id: its smallest paper id, as live).
const REFS_SQL = `SELECT k.ref, r.record FROM (
    SELECT s.paper_id AS ref, s.paper_id AS id FROM release_spans s WHERE s.paper_id = ANY($2::text[]) AND ${IN_RELEASE}
    UNION ALL
    SELECT 'doi:' || r.doi, s.paper_id FROM release_records r JOIN release_spans s USING (paper_id, record_hash) WHERE r.doi = ANY($3::text[]) AND ${IN_RELEASE}
    UNION ALL
    SELECT 'openalex:' || r.openalex_id, min(s.paper_id) FROM release_records r JOIN release_spans s USING (paper_id, record_hash)
      WHERE r.openalex_id = ANY($4::text[]) AND ${IN_RELEASE} GROUP BY r.openalex_id
  ) k
  JOIN release_spans s ON s.paper_id = k.id AND ${IN_RELEASE}
  JOIN release_records r ON r.paper_id = s.paper_id AND r.record_hash = s.record_hash`;

// Newest first (year descending, none last, then id), after the key ($3, $4): one range of release_citations_page_idx.
const CITED_BY_SQL = `SELECT r.record, c.key_year FROM release_citations c
    JOIN release_spans s ON s.paper_id = c.citing_id AND s.record_hash = c.record_hash
    JOIN release_records r ON r.paper_id = c.citing_id AND r.record_hash = c.record_hash
  WHERE c.cited_id = $2 AND ${IN_RELEASE} AND ($4::text IS NULL OR c.key_year < $3 OR (c.key_year = $3 AND c.citing_id > $4))
  ORDER BY c.key_year DESC, c.citing_id LIMIT $5`;

/**
 * The corpus as of one release, read from what the cut stored: each paper's record as the doors
 * served it then (its bytes, so an answer built from it is the same every time), and the citation
 * graph as it was resolved then. Implements the graph reads of the references and cited-by pages.
 */
export class ReleaseCorpus implements GraphReads, PaperRefReader {
  constructor(
    private readonly db: Database,
    readonly seq: number,
  ) {}

  /** The graph signals of related papers as of the release. */
  neighbours(): RelatedGraphReads {
    return new ReleaseNeighbours(this.db, this.seq);
  }

  /** The records of these papers as of the release (those it held), in no particular order. */
  async findByIds(ids: string[]): Promise<Paper[]> {
    if (ids.length === 0) return [];
    const result = await this.db.query<{ record: string }>(RECORDS_SQL, [this.seq, ids]);
    return result.rows.map((r) => JSON.parse(r.record) as Paper);
  }

  /** A batch lookup (`lookUpPapers`) as of the release: by paper id, DOI or OpenAlex work id. */
  async findByRefs(refs: readonly PaperRef[]): Promise<Map<string, Paper>> {
    const of = <K extends PaperRef['kind']>(kind: K) => refs.filter((r): r is Extract<PaperRef, { kind: K }> => r.kind === kind);
    const [ids, dois, works] = [of('id').map((r) => r.id), of('doi').map((r) => r.doi), of('openalex').map((r) => r.openalex_id)];
    if (ids.length + dois.length + works.length === 0) return new Map();
    const result = await this.db.query<{ ref: string; record: string }>(REFS_SQL, [this.seq, ids, dois, works]);
    return new Map(result.rows.map((r) => [r.ref, JSON.parse(r.record) as Paper]));
  }

  /** Every paper of the release in id order, in batches (what its search index is built from). */
  async *allInBatches(batchSize = 1000): AsyncGenerator<Paper[]> {
    for (let after = ''; ; ) {
      const result = await this.db.query<{ record: string }>(BATCH_SQL, [this.seq, after, batchSize]);
      if (result.rows.length === 0) return;
      const papers = result.rows.map((r) => JSON.parse(r.record) as Paper);
      yield papers;
      after = papers.at(-1)!.id;
    }
  }

  /** Every record of the release in id order with the content it was cut from, in batches (what its vector search is built from). */
  async *contentsInBatches(batchSize = 1000): AsyncGenerator<Array<{ paper: Paper; contentHash: string }>> {
    for (let after = ''; ; ) {
      const result = await this.db.query<{ record: string; content_hash: string }>(CONTENTS_SQL, [this.seq, after, batchSize]);
      if (result.rows.length === 0) return;
      const contents = result.rows.map((r) => ({ paper: JSON.parse(r.record) as Paper, contentHash: r.content_hash }));
      yield contents;
      after = contents.at(-1)!.paper.id;
    }
  }

  async counts(paperId: string): Promise<GraphCounts | undefined> {
    const [paper] = await this.findByIds([paperId]);
    return paper && { references_count: paper.references_count, cited_by_corpus_count: paper.cited_by_corpus_count };
  }

  async references(paperId: string, after: number | null, limit: number): Promise<KeysetPage<PaperReference, number>> {
    const result = await this.db.query<{ edges: string }>(EDGES_SQL, [this.seq, paperId]);
    const edges = result.rows[0] ? (JSON.parse(result.rows[0].edges) as StoredEdge[]) : [];
    const next = edges.filter(([position]) => position > (after ?? -1)).slice(0, limit + 1);
    const page = next.slice(0, limit);
    const cited = new Map((await this.findByIds(page.flatMap((e) => (e[3] === null ? [] : [e[3]])))).map((p) => [p.id, p]));
    return {
      items: page.map(([, doi, openalexId, citedId]): PaperReference => {
        const paper = citedId === null ? undefined : cited.get(citedId);
        return paper ? { paper } : { paper: null, doi, openalex_id: openalexId };
      }),
      next: next.length > limit ? page.at(-1)![0] : null,
    };
  }

  async citedBy(paperId: string, after: CitedByKey | null, limit: number): Promise<KeysetPage<Paper, CitedByKey>> {
    const result = await this.db.query<{ record: string; key_year: number }>(CITED_BY_SQL, [this.seq, paperId, after?.year ?? -1, after?.id ?? null, limit + 1]);
    const rows = result.rows.slice(0, limit);
    const items = rows.map((r) => JSON.parse(r.record) as Paper);
    const last = rows.at(-1);
    return {
      items,
      next: result.rows.length > limit && last ? { year: last.key_year === -1 ? null : last.key_year, id: items.at(-1)!.id } : null,
    };
  }
}
