import type { Queryable } from '../../shared/db/database';
import type { Paper } from '../../shared/papers/paper.schema';
import { SELECT_PAPER } from './paper-columns';
import { toPaper } from './paper.repository';

/** One reference of a paper as stored: its position, the work as the paper named it, and the corpus paper it resolved to (null: none). */
export type StoredEdge = [position: number, refDoi: string | null, refOpenAlexId: string | null, citedId: string | null];

/** A paper as the doors serve it, with its references as resolved now. */
export interface PaperWithEdges {
  paper: Paper;
  edges: StoredEdge[];
  /** The hash of its content (`papers.content_hash`, not part of the record): the key of its passage vector. */
  contentHash: string;
}

/**
 * Up to `limit` papers after id `after`, in id order, each with its references in its own order:
 * what a dataset release records of the corpus. Read through `q`, so a caller holding one snapshot
 * (a repeatable-read transaction) reads the papers and the graph of the same moment.
 */
export async function readPapersWithEdges(q: Queryable, after: string, limit: number): Promise<PaperWithEdges[]> {
  const papers = await q.query<Parameters<typeof toPaper>[0] & { content_hash: string }>(`SELECT ${SELECT_PAPER}, content_hash FROM papers WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
  if (papers.rows.length === 0) return [];
  const ids = papers.rows.map((r) => r.id);
  const edges = await q.query<{ citing_id: string; position: number; ref_doi: string | null; ref_openalex_id: string | null; cited_id: string | null }>(
    'SELECT citing_id, position, ref_doi, ref_openalex_id, cited_id FROM paper_references WHERE citing_id = ANY($1::text[]) ORDER BY citing_id, position',
    [ids],
  );
  const byPaper = new Map<string, StoredEdge[]>();
  for (const e of edges.rows) {
    const list = byPaper.get(e.citing_id) ?? [];
    list.push([e.position, e.ref_doi, e.ref_openalex_id, e.cited_id]);
    byPaper.set(e.citing_id, list);
  }
  // The hash is taken out of the row: the record is what the doors serve, and they never served it.
  return papers.rows.map(({ content_hash, ...row }) => ({ paper: toPaper(row), edges: byPaper.get(row.id) ?? [], contentHash: content_hash }));
}
