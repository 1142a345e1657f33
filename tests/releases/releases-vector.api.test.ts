import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { cutDatasetRelease } from '../../modules/releases';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { newDataDirPath, removeDir, testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

const storage = paperLine('vrel-storage', { title: 'Hydrogen storage in salt caverns', abstract: 'Underground hydrogen storage at grid scale.', topic: 'hydrogen' });
const pipelines = paperLine('vrel-pipelines', { title: 'Hydrogen pipelines for industry', abstract: 'Repurposing gas pipelines for hydrogen.', topic: 'hydrogen' });
const removed = paperLine('vrel-removed', { title: 'Hydrogen valleys in Japan', abstract: 'Regional hydrogen clusters.', lang: 'ja', topic: 'hydrogen' });
const pricing = paperLine('vrel-pricing', { title: 'Carbon pricing in Japan', abstract: 'A carbon tax on fuels.', topic: 'carbon_pricing' });
const added = paperLine('vrel-added', { title: 'Hydrogen storage in ammonia carriers', abstract: 'Ammonia as a hydrogen storage medium.', topic: 'hydrogen' });

const id = (p: typeof storage) => newPaper(p).id;

/** Vector and hybrid searches as of a release, with their filters and paging. */
const asks = (asOf: string) => [
  `/api/v1/papers/search?q=hydrogen%20storage&mode=vector&as_of=${asOf}`,
  `/api/v1/papers/search?q=hydrogen%20storage&mode=vector&limit=2&offset=1&as_of=${asOf}`,
  `/api/v1/papers/search?q=hydrogen%20storage&mode=vector&topic=hydrogen&lang=en&as_of=${asOf}`,
  `/api/v1/papers/search?q=how%20is%20hydrogen%20stored&mode=hybrid&as_of=${asOf}`,
  `/api/v1/papers/search?q=hydrogen%20storage&mode=hybrid&highlight=true&limit=3&as_of=${asOf}`,
];

/** Data API search as of a release in a process with a vector index (the embedded lexical embedder and HNSW index). */
describe('dataset releases: vector and hybrid searches as of a release', () => {
  let database: TestDatabase;
  let app: TestProcess | undefined;
  let auth: string;
  const dataDir = newDataDirPath('releases-vector');
  const settings = testConfig().releases;

  const start = async () => {
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, API_KEY_CACHE_SECONDS: '0', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    return app;
  };
  /** The release's indexes and vectors, the live vector index and the ranked retrieval are all prepared in the background (503 with Retry-After meanwhile). */
  const answer = (path: string) =>
    waitFor(`${path} to answer`, async () => {
      const res = await request(app!.apiUrl!).get(path).set('Authorization', auth);
      return res.status === 503 && ['release_preparing', 'ranking_unavailable', 'vector_unavailable'].includes(res.body.code) ? undefined : res;
    });
  const askAll = async (asOf: string) => {
    const out: Array<{ path: string; status: number; version: string; body: string }> = [];
    for (const path of asks(asOf)) {
      const res = await answer(path);
      out.push({ path, status: res.status, version: res.headers['x-dataset-version'], body: res.text });
    }
    return out;
  };
  const ids = (body: string) => (JSON.parse(body) as { data: Array<{ id: string }> }).data.map((r) => r.id);

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('researcher')).auth;
    await loadPapers(recordsAsLines([storage, pipelines, removed, pricing]), new PaperRepository(database.db));
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  it('answers with the same bytes as of a release after changes, a new release and a restart; the new release answers with the changes', async () => {
    await start();
    const first = await askAll('v0.3-2026Q3');
    for (const a of first) expect([a.path, a.status, a.version]).toEqual([a.path, 200, 'v0.3-2026Q3']);
    const vector = JSON.parse(first[0]!.body) as { mode: string; data: Array<{ id: string; vector_score: number; title: string }> };
    expect(vector.mode).toBe('vector');
    expect(vector.data.map((r) => r.id).sort()).toEqual([id(storage), id(pipelines), id(removed), id(pricing)].sort());
    expect(vector.data[0]!.id).toBe(id(storage));
    const scores = vector.data.map((r) => r.vector_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Paging is a slice of the same ranking; the filters apply inside the search.
    expect(ids(first[1]!.body)).toEqual(vector.data.slice(1, 3).map((r) => r.id));
    expect(ids(first[2]!.body).sort()).toEqual([id(storage), id(pipelines)].sort());
    expect(ids(first[3]!.body)).toContain(id(storage));

    // Change a paper (its text, so its vector), add one, remove one.
    const papers = new PaperRepository(database.db);
    await loadPapers(recordsAsLines([{ ...storage, title: 'Offshore wind curtailment', abstract: 'Curtailed wind power in the North Sea.' }, added]), papers);
    await database.db.query('DELETE FROM papers WHERE id = $1', [id(removed)]);
    // The corpus now has moved on: the live search finds the change…
    await waitFor('the live vector search to see the change', async () => {
      const res = await request(app!.apiUrl!).get('/api/v1/papers/search?q=hydrogen%20storage&mode=vector').set('Authorization', auth);
      return res.status === 200 && ids(res.text).includes(id(added)) && !ids(res.text).includes(id(removed));
    });
    // …as of the release nothing moved.
    expect(await askAll('v0.3-2026Q3')).toEqual(first);

    expect(await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-28T09:00:00Z') })).toMatchObject({ release: '2026-11-28', cut: true, added: 1, changed: 1, removed: 1 });
    await waitFor('the new release to be known', async () => (await request(app!.url).get('/api/v1/releases')).headers['x-dataset-version'] === '2026-11-28');
    expect(await askAll('v0.3-2026Q3')).toEqual(first);

    // As of the new release: the change, the addition and the removal.
    const second = JSON.parse((await answer(asks('2026-11-28')[0]!)).text) as { data: Array<{ id: string; title: string }> };
    expect(second.data.map((r) => r.id)).toContain(id(added));
    expect(second.data.map((r) => r.id)).not.toContain(id(removed));
    expect(second.data.find((r) => r.id === id(storage))?.title).toBe('Offshore wind curtailment');
    expect(second.data[0]!.id).not.toBe(id(storage));
    const secondAll = await askAll('2026-11-28');

    await app!.stop();
    app = undefined;
    await start();
    expect(await askAll('v0.3-2026Q3')).toEqual(first);
    expect(await askAll('2026-11-28')).toEqual(secondAll);
  });

  it('refuses what vector and hybrid modes refuse as of a release too, and an unknown release', async () => {
    app ??= await start();
    const unknown = await request(app.apiUrl!).get('/api/v1/papers/search?q=hydrogen&mode=vector&as_of=1999-01-01').set('Authorization', auth).expect(400);
    expect(unknown.body.code).toBe('unknown_release');
    const author = await request(app.apiUrl!).get('/api/v1/papers/search?q=hydrogen&mode=hybrid&author=Sato&as_of=2026-11-28').set('Authorization', auth).expect(400);
    expect(author.body.detail).toMatch(/keyword mode only/);
  });
});
