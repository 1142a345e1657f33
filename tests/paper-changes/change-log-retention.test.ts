import { ChangeFollower } from '../../shared/indexing/change-follower';
import { createLogger } from '../../shared/logging/logger';
import { loadConfig } from '../../shared/config/config';
import { LOG_ORIGIN, PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { ChangeLogPruner } from '../../services/paper-changes/change-log-pruner';
import { MapIndex } from '../indexing/map-index';
import { paperLine, parsedPaper } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/**
 * The change log's retention (PAPER_CHANGES_RETENTION_DAYS) on a real Postgres: what a pruning pass
 * drops and keeps, and that every follower of the log still ends with exactly the papers. Changes are
 * made "old" by moving their `changed_at` back, never by waiting.
 */
describe('the change log retention', () => {
  let database: TestDatabase;
  let papers: PaperRepository;
  let log: PaperChangeLog;

  beforeEach(async () => {
    database = await createTestDatabase();
    papers = new PaperRepository(database.db);
    log = new PaperChangeLog(database.db);
  });
  afterEach(async () => {
    await database?.drop();
  });

  // Papers are named here by the id of their line; Postgres keys them by an id derived from it.
  const names = new Map<string, string>();
  const idOf = (name: string) => {
    const id = parsedPaper(paperLine(name)).id;
    names.set(id, name);
    return id;
  };
  const load = (ids: string[], title = (id: string) => `Hydrogen paper ${id}`) =>
    loadPapers(recordsAsLines(ids.map((id) => (idOf(id), paperLine(id, { title: title(id) })))), papers);
  const remove = (ids: string[]) => database.db.query('DELETE FROM papers WHERE id = ANY($1::text[])', [ids.map(idOf)]);
  const age = (days: number) => database.db.query(`UPDATE paper_changes SET changed_at = now() - make_interval(days => $1)`, [days]);
  const logged = async () =>
    (await database.db.query<{ paper_id: string; op: string }>('SELECT paper_id, op FROM paper_changes ORDER BY position')).rows.map((r) => `${r.op} ${names.get(r.paper_id) ?? r.paper_id}`);
  const storedIds = async () => (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map((r) => r.id);
  const titles = (index: MapIndex) => index.ids().map((id) => `${names.get(id)}: ${index.papers.get(id)!.title}`);
  const storedTitles = async () => (await database.db.query<{ id: string; title: string }>('SELECT id, title FROM papers ORDER BY id')).rows.map((r) => `${names.get(r.id)}: ${r.title}`);
  const passes = async () => (await database.db.query<{ through: string; removals: number }>('SELECT through::text, removals FROM paper_change_prunes ORDER BY run')).rows;

  it('keeps every change younger than the retention', async () => {
    await load(['a', 'b']);
    await load(['a'], () => 'Hydrogen paper a, revised');
    await remove(['b']);
    await age(29);
    expect(await log.prune(30)).toEqual({ dropped: 0, removals: 0 });
    expect(await logged()).toEqual(['upsert a', 'upsert b', 'upsert a', 'delete b']);
  });

  it('past the retention: drops superseded changes and removals, keeps the latest change of every paper that exists', async () => {
    await load(['a', 'b', 'c']);
    await load(['a'], () => 'Hydrogen paper a, revised');
    await remove(['b']);
    await age(31);
    // A change made now is within the retention, whatever came before it.
    await load(['c'], () => 'Hydrogen paper c, revised');
    expect(await log.prune(30)).toEqual({ dropped: 4, removals: 1 });
    expect(await logged()).toEqual(['upsert a', 'upsert c']);
    expect(await passes()).toHaveLength(1);
    // A second pass finds nothing more to drop.
    expect(await log.prune(30)).toEqual({ dropped: 0, removals: 0 });
    expect(await passes()).toHaveLength(1);
  });

  it('a pass that drops no removal is not recorded as one (it costs no reader its cursor)', async () => {
    await load(['a']);
    await load(['a'], () => 'Hydrogen paper a, revised');
    await age(40);
    expect(await log.prune(30)).toEqual({ dropped: 1, removals: 0 });
    expect(await passes()).toEqual([]);
  });

  it('works in batches, each its own transaction, until nothing is left to drop', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `p${i}`);
    await load(ids);
    await load(ids, (id) => `Hydrogen paper ${id}, revised`);
    await remove(ids.slice(0, 10));
    await age(31);
    // 25 superseded first loads, 10 superseded second loads, 10 removals.
    expect(await log.prune(30, 7)).toEqual({ dropped: 45, removals: 10 });
    expect(await logged()).toEqual(ids.slice(10).map((id) => `upsert ${id}`));
    // Each batch that dropped removals is a pass of its own.
    expect((await passes()).reduce((n, p) => n + p.removals, 0)).toBe(10);
  });

  it('never drops a removal the shared indexer has not applied (its saved positions), and ignores its reindex mark', async () => {
    await load(['a', 'b']);
    await remove(['a']);
    await remove(['b']);
    const [deleteA, deleteB] = (await database.db.query<{ position: string }>(`SELECT position::text FROM paper_changes WHERE op = 'delete' ORDER BY position`)).rows.map((r) => r.position);
    await log.savePosition('elasticsearch:papers', { position: deleteA! });
    await log.savePosition('qdrant:papers', { position: deleteB! });
    // Which reindex request the indexer has handled: a request id, not a log position.
    await log.savePosition('reindex-request', { position: '0' });
    await age(31);
    expect(await log.prune(30)).toEqual({ dropped: 3, removals: 1 });
    expect(await logged()).toEqual(['delete b']);
    await log.savePosition('elasticsearch:papers', { position: deleteB! });
    expect(await log.prune(30)).toEqual({ dropped: 1, removals: 1 });
    expect(await logged()).toEqual([]);
  });

  it('a follower from the origin (a reindex, a new index) still builds exactly the papers; so does one from any old cursor', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `p${i}`);
    await load(ids);
    const early = await log.snapshotCursor();
    const earlyIndex = new MapIndex();
    await new ChangeFollower(log, papers, earlyIndex, { ...LOG_ORIGIN }).catchUp();
    await load(ids.slice(0, 6), (id) => `Hydrogen paper ${id}, revised`);
    await load(ids.slice(3, 9), (id) => `Hydrogen paper ${id}, revised twice`);
    await age(31);
    await load(['late']);
    expect((await log.prune(30)).dropped).toBeGreaterThan(0);

    const fromOrigin = new MapIndex();
    await new ChangeFollower(log, papers, fromOrigin, { ...LOG_ORIGIN }, { batchSize: 5 }).catchUp();
    expect(fromOrigin.ids()).toEqual(await storedIds());
    expect(titles(fromOrigin)).toEqual(await storedTitles());
    expect(titles(fromOrigin)).toContain('p4: Hydrogen paper p4, revised twice');

    // Nothing was removed: the follower that stopped early needs none of the changes dropped.
    const resumed = new ChangeFollower(log, papers, earlyIndex, early, { batchSize: 4 });
    await resumed.catchUp();
    expect(titles(earlyIndex)).toEqual(await storedTitles());
  });

  it('the pruner applies the retention at start, and stops cleanly', async () => {
    await load(['a']);
    await load(['a'], () => 'Hydrogen paper a, revised');
    await age(10);
    const pruner = new ChangeLogPruner(log, 7, createLogger({ level: 'silent' }));
    pruner.start();
    try {
      await waitFor('the superseded change to be dropped', async () => (await logged()).length === 1);
    } finally {
      await pruner.stop();
    }
    expect(await logged()).toEqual(['upsert a']);
  });

  it('PAPER_CHANGES_RETENTION_DAYS is 30 days unless set, a whole number from 1 to 3650', () => {
    expect(loadConfig({}).paperChanges.retentionDays).toBe(30);
    expect(loadConfig({ PAPER_CHANGES_RETENTION_DAYS: '7' }).paperChanges.retentionDays).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'week']) expect(() => loadConfig({ PAPER_CHANGES_RETENTION_DAYS: bad })).toThrow(/PAPER_CHANGES_RETENTION_DAYS/);
  });
});
