import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../shared/db/database';
import { readPapersWithEdges, RELEASE_ID } from '../papers';

/** Papers read, hashed and compared per step of a cut. */
const CUT_BATCH = 1_000;

/** What a cut did: the release it cut, or the latest one when nothing had changed since it. */
export interface CutOutcome {
  release: string;
  cut: boolean;
  papers: number;
  added: number;
  changed: number;
  removed: number;
}

/** A release id given that cannot be one, or is taken. */
export class ReleaseNameError extends Error {}

/** The id of a release cut on `date` (UTC): the date, with `.2`, `.3`… for a second, third cut that day. */
export function releaseIdFor(date: Date, taken: ReadonlySet<string>): string {
  const day = date.toISOString().slice(0, 10);
  if (!taken.has(day)) return day;
  for (let n = 2; ; n++) if (!taken.has(`${day}.${n}`)) return `${day}.${n}`;
}

/** Each [DOI, OpenAlex work id] once. */
const distinctPairs = (pairs: Array<[string | null, string | null]>) => [...new Map(pairs.map((p) => [JSON.stringify(p), p])).values()];

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

interface NewRecord {
  paper_id: string;
  record_hash: string;
  record: string;
  edges: string;
  doi: string | null;
  openalex_id: string | null;
  /** The content the record was cut from (its passage vector's key). */
  content_hash: string;
  /** What related papers' filters and weights read, as columns. */
  work_id: string;
  topic: string | null;
  lang: string | null;
  year: number | null;
  created_at: string;
  references_count: number;
  cited_by_corpus_count: number;
  key_year: number;
  cited: string[];
  /** The references it lists that resolve to no corpus paper: [DOI, OpenAlex work id]. */
  outside: Array<[string | null, string | null]>;
}

/**
 * Cuts a release: records the corpus as the doors serve it now (every paper's record and its
 * references as resolved) as a new release, storing only what changed since the previous one. One
 * repeatable-read transaction, so the release is one moment of the corpus, current to one change-log
 * position; a second cutter waits for the first (the table lock, taken before the snapshot). When no
 * paper changed since the latest release, nothing is cut (`cut: false`).
 */
export async function cutRelease(db: Database, options: { id?: string; firstName: string; now?: Date; signal?: AbortSignal }): Promise<CutOutcome | undefined> {
  if (options.id !== undefined && !RELEASE_ID.test(options.id)) {
    throw new ReleaseNameError(`"${options.id}" cannot be a release id: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  }
  return db.transaction(async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    // Before the first read, so the snapshot is taken once the lock is held: a cut sees the one before it.
    await client.query('LOCK TABLE releases IN SHARE ROW EXCLUSIVE MODE');
    const state = await client.query<{ head: string; seq: number | null; position: string | null; id: string | null; ids: string[] }>(
      `SELECT coalesce((SELECT max(position) FROM paper_changes), 0)::text AS head,
              r.seq, r.position::text AS position, r.id, (SELECT coalesce(array_agg(id), '{}') FROM releases) AS ids
         FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT seq, position, id FROM releases ORDER BY seq DESC LIMIT 1) r ON true`,
    );
    const { head, seq: latestSeq, position, id: latestId, ids } = state.rows[0]!;
    const taken = new Set(ids);
    if (options.id !== undefined && taken.has(options.id)) throw new ReleaseNameError(`release ${options.id} exists already`);
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM papers');
    const papers = count.rows[0]!.n;
    if (latestSeq !== null && position === head) return { release: latestId!, cut: false, papers, added: 0, changed: 0, removed: 0 };
    if (latestSeq === null && papers === 0) return undefined;

    const seq = (latestSeq ?? 0) + 1;
    const previous = new Map((await client.query<{ paper_id: string; record_hash: string }>('SELECT paper_id, record_hash FROM release_spans WHERE last_seq IS NULL')).rows.map((r) => [r.paper_id, r.record_hash]));
    let added = 0;
    let changed = 0;
    for (let after = ''; ; ) {
      // A process stopping gives up its cut between steps: the transaction rolls back, nothing half-cut.
      options.signal?.throwIfAborted();
      const batch = await readPapersWithEdges(client, after, CUT_BATCH);
      if (batch.length === 0) break;
      after = batch.at(-1)!.paper.id;
      const fresh: NewRecord[] = [];
      for (const { paper, edges, contentHash } of batch) {
        const record = JSON.stringify(paper);
        const edgeText = JSON.stringify(edges);
        const hash = sha(`${record}\n${edgeText}`);
        const before = previous.get(paper.id);
        previous.delete(paper.id);
        if (before === hash) continue;
        if (before === undefined) added++;
        else changed++;
        const cited = [...new Set(edges.map((e) => e[3]).filter((c): c is string => c !== null))];
        const outside = distinctPairs(edges.flatMap(([, doi, openalex, citedId]) => (citedId === null && (doi !== null || openalex !== null) ? [[doi, openalex] as [string | null, string | null]] : [])));
        fresh.push({
          paper_id: paper.id,
          record_hash: hash,
          record,
          edges: edgeText,
          doi: paper.doi,
          openalex_id: paper.openalex_id,
          content_hash: contentHash,
          work_id: paper.work_id,
          topic: paper.topic,
          lang: paper.lang,
          year: paper.year,
          created_at: paper.created_at,
          references_count: paper.references_count,
          cited_by_corpus_count: paper.cited_by_corpus_count,
          key_year: paper.year ?? -1,
          cited,
          outside,
        });
      }
      if (fresh.length > 0) await writeRecords(client, fresh, seq);
    }
    // What is left was in the previous release and is not now: removed.
    const removed = previous.size;
    if (removed > 0) await closeSpans(client, [...previous.keys()], seq);
    options.signal?.throwIfAborted();
    const id = options.id ?? (latestSeq === null ? options.firstName : releaseIdFor(options.now ?? new Date(), taken));
    await client.query('INSERT INTO releases (seq, id, position, cut_at, papers, added, changed, removed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      seq,
      id,
      head,
      options.now ?? new Date(),
      papers,
      added,
      changed,
      removed,
    ]);
    return { release: id, cut: true, papers, added, changed, removed };
  });
}

/** Closes the open spans of these papers at the release before `seq`. */
async function closeSpans(client: pg.PoolClient, paperIds: string[], seq: number): Promise<void> {
  await client.query('UPDATE release_spans SET last_seq = $2 WHERE paper_id = ANY($1::text[]) AND last_seq IS NULL', [paperIds, seq - 1]);
}

/** Stores new records (a paper back to an earlier record reuses it) and opens their spans at `seq`, closing the papers' earlier ones. */
async function writeRecords(client: pg.PoolClient, fresh: NewRecord[], seq: number): Promise<void> {
  await closeSpans(client, fresh.map((r) => r.paper_id), seq);
  await client.query(
    `INSERT INTO release_records (paper_id, record_hash, record, edges, doi, openalex_id, content_hash,
                                  work_id, topic, lang, year, created_at, references_count, cited_by_corpus_count)
       SELECT paper_id, record_hash, record, edges, doi, openalex_id, content_hash, work_id, topic, lang, year, created_at, references_count, cited_by_corpus_count
         FROM jsonb_to_recordset($1::jsonb) AS r(paper_id text, record_hash text, record text, edges text, doi text, openalex_id text, content_hash text,
                                                 work_id text, topic text, lang text, year integer, created_at timestamptz, references_count integer,
                                                 cited_by_corpus_count integer)
       ON CONFLICT DO NOTHING`,
    [JSON.stringify(fresh.map(({ key_year: _year, cited: _cited, outside: _outside, ...row }) => row))],
  );
  const citations = fresh.flatMap((r) => r.cited.map((cited_id) => ({ cited_id, citing_id: r.paper_id, record_hash: r.record_hash, key_year: r.key_year })));
  if (citations.length > 0) {
    await client.query(
      `INSERT INTO release_citations (cited_id, citing_id, record_hash, key_year)
         SELECT cited_id, citing_id, record_hash, key_year FROM jsonb_to_recordset($1::jsonb) AS r(cited_id text, citing_id text, record_hash text, key_year integer)
         ON CONFLICT DO NOTHING`,
      [JSON.stringify(citations)],
    );
  }
  const outside = fresh.flatMap((r) => r.outside.map(([ref_doi, ref_openalex_id]) => ({ citing_id: r.paper_id, record_hash: r.record_hash, ref_doi, ref_openalex_id })));
  if (outside.length > 0) {
    // Only for a record stored now: one stored before (a paper back to an earlier record) has its references already.
    await client.query(
      `INSERT INTO release_references (citing_id, record_hash, ref_doi, ref_openalex_id)
         SELECT x.citing_id, x.record_hash, x.ref_doi, x.ref_openalex_id
           FROM jsonb_to_recordset($1::jsonb) AS x(citing_id text, record_hash text, ref_doi text, ref_openalex_id text)
          WHERE NOT EXISTS (SELECT 1 FROM release_references o WHERE o.citing_id = x.citing_id AND o.record_hash = x.record_hash)`,
      [JSON.stringify(outside)],
    );
  }
  await client.query(
    `INSERT INTO release_spans (paper_id, record_hash, first_seq)
       SELECT paper_id, record_hash, $2 FROM jsonb_to_recordset($1::jsonb) AS r(paper_id text, record_hash text)`,
    [JSON.stringify(fresh.map(({ paper_id, record_hash }) => ({ paper_id, record_hash }))), seq],
  );
}
