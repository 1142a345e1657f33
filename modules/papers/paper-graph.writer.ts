import type pg from 'pg';
import type { NewPaper, PaperVersion } from '../../shared/papers/paper.schema';
import { parseWorkRef } from './work-ref';
import { WorkClusters, type WorkMember } from './work-clusters';

/**
 * Keeps the graph of papers in step with a write, in the writer's transaction (after the papers
 * themselves; the change log's lock is held by then, so writers take turns): the edges the written
 * papers state, the edges of other papers that now resolve to them (or no longer do), how many
 * corpus papers cite each paper touched, and which records are versions of one work. Every derived
 * column it changes is an update of `papers`, so every index learns of it through the change log.
 */
export async function writeGraph(client: pg.PoolClient, written: readonly NewPaper[]): Promise<void> {
  if (written.length === 0) return;
  const ids = written.map((p) => p.id);
  const touched = new Set<string>(ids);
  for (const id of await replaceReferences(client, written)) touched.add(id);
  for (const id of await resolveReferencesTo(client, ids)) touched.add(id);
  await recountCitations(client, [...touched]);
  await replaceVersionLinks(client, written);
  await regroupWorks(client, ids);
}

/**
 * The smallest id of the papers carrying a work id, read through the work-id index: the fence
 * (`OFFSET 0`) keeps the planner from answering `min(id)` by walking the primary key until a row
 * matches, which reads the whole table for a work id no paper has (most references).
 */
const SMALLEST_WITH_WORK_ID = (ref: string) => `(SELECT min(w.id) FROM (SELECT q.id FROM papers q WHERE q.openalex_id = ${ref} OFFSET 0) w)`;

/** Replaces the written papers' edges, each resolved to the corpus paper with its DOI or work id; the papers cited before or now. */
async function replaceReferences(client: pg.PoolClient, written: readonly NewPaper[]): Promise<string[]> {
  const ids = written.map((p) => p.id);
  const removed = await client.query<{ cited_id: string | null }>('DELETE FROM paper_references WHERE citing_id = ANY($1::text[]) RETURNING cited_id', [ids]);
  const edges = written.flatMap((p) => p.references.map((ref, position) => ({ citing_id: p.id, position, citing_year: p.year, ...parseWorkRef(ref) })));
  const added = edges.length
    ? await client.query<{ cited_id: string | null }>(
        `INSERT INTO paper_references (citing_id, position, ref_doi, ref_openalex_id, citing_year, cited_id)
         SELECT r.citing_id, r.position, r.doi, r.openalex_id, r.citing_year,
                CASE WHEN r.doi IS NOT NULL THEN (SELECT p.id FROM papers p WHERE p.doi = r.doi) ELSE ${SMALLEST_WITH_WORK_ID('r.openalex_id')} END
         FROM jsonb_to_recordset($1::jsonb) AS r(citing_id text, position integer, doi text, openalex_id text, citing_year integer)
         RETURNING cited_id`,
        [JSON.stringify(edges)],
      )
    : { rows: [] };
  return [...removed.rows, ...added.rows].flatMap((r) => (r.cited_id ? [r.cited_id] : []));
}

/** Points other papers' edges at the written papers by their DOI or work id, and away from them where neither matches any more. */
async function resolveReferencesTo(client: pg.PoolClient, ids: string[]): Promise<string[]> {
  const changed = await client.query<{ id: string; was: string | null }>(
    `WITH byDoi AS (
       SELECT r.citing_id, r.position, r.cited_id AS was, p.id FROM paper_references r JOIN papers p ON r.ref_doi = p.doi
       WHERE p.id = ANY($1::text[]) AND r.cited_id IS DISTINCT FROM p.id
     ), target AS (
       -- A work id several records carry resolves to the smallest of their ids.
       SELECT min(q.id) AS id, q.openalex_id FROM papers q
       WHERE q.openalex_id IN (SELECT openalex_id FROM papers WHERE id = ANY($1::text[]) AND openalex_id IS NOT NULL)
       GROUP BY q.openalex_id
     ), byWork AS (
       SELECT r.citing_id, r.position, r.cited_id AS was, t.id FROM paper_references r JOIN target t ON r.ref_openalex_id = t.openalex_id
       WHERE r.ref_doi IS NULL AND r.cited_id IS DISTINCT FROM t.id
     ), moved AS (SELECT * FROM byDoi UNION ALL SELECT * FROM byWork)
     UPDATE paper_references r SET cited_id = m.id FROM moved m
     WHERE r.citing_id = m.citing_id AND r.position = m.position
     RETURNING m.id, m.was`,
    [ids],
  );
  // An edge still pointing at a written paper that no longer answers its DOI or work id: resolved anew
  // (to another record carrying that work id, or to none).
  const stale = await client.query<{ id: string | null; was: string }>(
    `WITH moved AS (
       SELECT r.citing_id, r.position, r.cited_id AS was,
              CASE WHEN r.ref_doi IS NOT NULL THEN (SELECT q.id FROM papers q WHERE q.doi = r.ref_doi)
                   ELSE ${SMALLEST_WITH_WORK_ID('r.ref_openalex_id')} END AS id
       FROM paper_references r WHERE r.cited_id = ANY($1::text[])
     )
     UPDATE paper_references r SET cited_id = m.id FROM moved m
     WHERE r.citing_id = m.citing_id AND r.position = m.position AND m.id IS DISTINCT FROM m.was
     RETURNING m.id, m.was`,
    [ids],
  );
  return [...changed.rows, ...stale.rows].flatMap((r) => [r.id, r.was].filter((id): id is string => id !== null));
}

/** Sets `cited_by_corpus_count` of these papers to the corpus papers citing them, where it differs. */
async function recountCitations(client: pg.PoolClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `UPDATE papers p SET cited_by_corpus_count = c.n, updated_at = now()
     FROM (SELECT x.id, (SELECT count(DISTINCT r.citing_id) FROM paper_references r WHERE r.cited_id = x.id)::int AS n
           FROM unnest($1::text[]) AS x(id)) c
     WHERE p.id = c.id AND p.cited_by_corpus_count <> c.n`,
    [ids],
  );
}

async function replaceVersionLinks(client: pg.PoolClient, written: readonly NewPaper[]): Promise<void> {
  await client.query('DELETE FROM paper_version_links WHERE paper_id = ANY($1::text[])', [written.map((p) => p.id)]);
  const links = written.flatMap((p) => p.same_work_as.map((ref, position) => ({ paper_id: p.id, position, ...parseWorkRef(ref) })));
  if (links.length === 0) return;
  await client.query(
    `INSERT INTO paper_version_links (paper_id, position, ref_doi, ref_openalex_id)
     SELECT r.paper_id, r.position, r.doi, r.openalex_id
     FROM jsonb_to_recordset($1::jsonb) AS r(paper_id text, position integer, doi text, openalex_id text)`,
    [JSON.stringify(links)],
  );
}

/** How far the regrouping of works follows links from the written papers (a guard: real works have a few versions). */
const MAX_GROUP_ROUNDS = 8;

interface MemberRow extends WorkMember {
  work_id: string;
  versions: PaperVersion[];
}

/**
 * Works out again the works of the written papers and of every record they were or are grouped
 * with (same work key, a version link either way, or the same work before this write), and writes
 * `work_id` and `versions` where they changed.
 */
async function regroupWorks(client: pg.PoolClient, ids: string[]): Promise<void> {
  const members = new Map<string, MemberRow>();
  let frontier = ids;
  for (let round = 0; frontier.length > 0 && round < MAX_GROUP_ROUNDS; round++) {
    const rows = await client.query<MemberRow>(
      `WITH seed AS (SELECT id, work_key, work_id, doi, openalex_id FROM papers WHERE id = ANY($1::text[]))
       SELECT p.id, p.doi, p.openalex_id, p.year, p.venue_type, p.work_key, p.work_id, p.versions FROM papers p
       WHERE p.id IN (SELECT id FROM seed)
          OR p.work_key IN (SELECT work_key FROM seed WHERE work_key IS NOT NULL)
          OR p.work_id IN (SELECT work_id FROM seed)
          OR p.openalex_id IN (SELECT openalex_id FROM seed WHERE openalex_id IS NOT NULL)
          OR p.doi IN (SELECT l.ref_doi FROM paper_version_links l WHERE l.paper_id IN (SELECT id FROM seed))
          OR p.openalex_id IN (SELECT l.ref_openalex_id FROM paper_version_links l WHERE l.paper_id IN (SELECT id FROM seed))
          OR p.id IN (SELECT l.paper_id FROM paper_version_links l, seed s WHERE l.ref_doi = s.doi OR l.ref_openalex_id = s.openalex_id)`,
      [frontier],
    );
    frontier = [];
    for (const row of rows.rows) {
      if (members.has(row.id)) continue;
      members.set(row.id, row);
      frontier.push(row.id);
    }
  }
  const all = [...members.values()];
  const links = await client.query<{ paper_id: string; ref_doi: string | null; ref_openalex_id: string | null }>(
    'SELECT paper_id, ref_doi, ref_openalex_id FROM paper_version_links WHERE paper_id = ANY($1::text[])',
    [all.map((m) => m.id)],
  );
  const clusters = new WorkClusters(all);
  for (const link of links.rows) clusters.link(link.paper_id, link);
  const updates = all.flatMap((member) => {
    const group = clusters.of(member.id);
    const versions = group.versionsOf(member.id);
    const work_id = group.workId;
    return work_id === member.work_id && sameVersions(versions, member.versions) ? [] : [{ id: member.id, work_id, versions }];
  });
  if (updates.length === 0) return;
  await client.query(
    `UPDATE papers p SET work_id = u.work_id, versions = u.versions, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS u(id text, work_id text, versions jsonb)
     WHERE p.id = u.id`,
    [JSON.stringify(updates)],
  );
}

/** Field by field: jsonb gives its keys back in an order of its own. */
const sameVersions = (a: readonly PaperVersion[], b: readonly PaperVersion[]) =>
  a.length === b.length && a.every((v, i) => v.id === b[i]!.id && v.venue_type === b[i]!.venue_type && v.doi === b[i]!.doi && v.year === b[i]!.year);
