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

const cited = paperLine('rel-cited', { doi: '10.5555/rel-cited', title: 'Hydrogen storage in salt caverns', abstract: 'Hydrogen storage at scale.' });
const citing = paperLine('rel-citing', { title: 'Hydrogen pipelines for industry', references: ['10.5555/rel-cited', '10.9999/rel-external'], year: 2025 });
const removed = paperLine('rel-removed', { title: 'Hydrogen valleys in Japan', year: 2023 });
const added = paperLine('rel-added', { title: 'Hydrogen carriers compared', references: ['10.5555/rel-cited'], year: 2026 });

const id = (p: typeof cited) => newPaper(p).id;

/** What a first release answers, asked on both doors: the paths and the bytes. */
const publicAsks = (asOf: string) => [
  `/api/v1/papers/search?q=hydrogen&as_of=${asOf}`,
  `/api/v1/papers/search?q=hydrogen&sort=newest&facets=year&as_of=${asOf}`,
  `/api/v1/papers/${id(cited)}?as_of=${asOf}`,
  `/api/v1/papers/${id(removed)}?as_of=${asOf}`,
  `/api/v1/papers/${id(citing)}/references?as_of=${asOf}`,
  `/api/v1/papers/${id(cited)}/cited-by?as_of=${asOf}`,
  `/api/v1/papers/${id(citing)}/related?as_of=${asOf}`,
];
const apiAsks = (asOf: string) => [
  `/api/v1/papers/search?q=hydrogen&mode=keyword&as_of=${asOf}`,
  `/api/v1/papers/${id(citing)}/references?as_of=${asOf}`,
  `/api/v1/papers/${id(cited)}/cited-by?as_of=${asOf}`,
];

describe('dataset releases: answers as of a release', () => {
  let database: TestDatabase;
  let app: TestProcess | undefined;
  let auth: string;
  const dataDir = newDataDirPath('releases');
  const settings = testConfig().releases;

  const start = async () => {
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, API_KEY_CACHE_SECONDS: '0', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    return app;
  };
  /** A release's search index is prepared in the background (503 release_preparing until then), and its ranked retrieval on first use (503 ranking_unavailable). */
  const answer = (base: string, path: string, headers: Record<string, string> = {}) =>
    waitFor(`${path} to answer`, async () => {
      const res = await request(base).get(path).set(headers);
      return res.status === 503 && ['release_preparing', 'ranking_unavailable'].includes(res.body.code) ? undefined : res;
    });
  const askAll = async (asOf: string) => {
    const out: Array<{ path: string; status: number; version: string; body: string }> = [];
    for (const path of publicAsks(asOf)) {
      const res = await answer(app!.url, path);
      out.push({ path, status: res.status, version: res.headers['x-dataset-version'], body: res.text });
    }
    for (const path of apiAsks(asOf)) {
      const res = await answer(app!.apiUrl!, path, { Authorization: auth });
      out.push({ path, status: res.status, version: res.headers['x-dataset-version'], body: res.text });
    }
    // Batch lookups, a paper named by its DOI among them, and one added after the release (null as of it).
    const ids = [id(cited), 'doi:10.5555/rel-cited', id(removed), id(added), id(citing)];
    for (const base of [app!.url, app!.apiUrl!]) {
      const res = await request(base).post(`/api/v1/papers/batch?as_of=${asOf}`).set('Authorization', auth).send({ ids });
      out.push({ path: `${base === app!.url ? 'public' : 'api'} batch`, status: res.status, version: res.headers['x-dataset-version'], body: res.text });
    }
    return out;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('researcher')).auth;
    await loadPapers(recordsAsLines([cited, citing, removed]), new PaperRepository(database.db));
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  it('cuts the first release at start under the old dataset version, then answers as of it with the same bytes after changes, a new release and a restart', async () => {
    await start();
    const releases = await waitFor('the first release', async () => {
      const res = await request(app!.url).get('/api/v1/releases').expect(200);
      return res.body.latest ? res : undefined;
    });
    expect(releases.body).toMatchObject({ latest: 'v0.3-2026Q3', oldest_kept: 'v0.3-2026Q3', data: [{ id: 'v0.3-2026Q3', papers: 3, added: 3, changed: 0, removed: 0, kept_until: null }] });
    expect(releases.headers['x-dataset-version']).toBe('v0.3-2026Q3');
    // The data API's door lists the same releases.
    expect((await request(app!.apiUrl!).get('/api/v1/releases').set('Authorization', auth).expect(200)).body.latest).toBe('v0.3-2026Q3');

    const first = await askAll('v0.3-2026Q3');
    for (const a of first) {
      expect([a.path, a.status, a.version]).toEqual([a.path, 200, 'v0.3-2026Q3']);
    }
    const search = JSON.parse(first[0]!.body) as { total: number; results: Array<{ id: string }> };
    expect(search.total).toBe(3);
    const batch = JSON.parse(first.at(-1)!.body) as { results: Array<{ id: string } | null> };
    expect(batch.results.map((r) => r?.id ?? null)).toEqual([id(cited), id(cited), id(removed), null, id(citing)]);

    // Change one paper, add one, remove one: the corpus now moves on, as_of the release does not.
    const papers = new PaperRepository(database.db);
    await loadPapers(recordsAsLines([{ ...cited, title: 'Hydrogen storage in salt caverns, revised' }, added]), papers);
    await database.db.query('DELETE FROM papers WHERE id = $1', [id(removed)]);
    await waitFor('the unreleased changes to show', async () => (await request(app!.url).get('/api/v1/releases')).headers['x-dataset-version'] === 'v0.3-2026Q3+unreleased');
    expect(await askAll('v0.3-2026Q3')).toEqual(first);
    // The edge cache keeps an answer as of a release with the release it names, whatever the corpus is now.
    const hit = await request(app!.url).get(publicAsks('v0.3-2026Q3')[0]!).expect(200);
    expect([hit.headers['x-cache'], hit.headers['x-dataset-version']]).toEqual(['HIT', 'v0.3-2026Q3']);

    const second = await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-28T09:00:00Z') });
    expect(second).toEqual({ release: '2026-11-28', cut: true, papers: 3, added: 1, changed: 1, removed: 1 });
    // Nothing changed since: no release is cut.
    expect(await cutDatasetRelease(database.db, settings)).toMatchObject({ release: '2026-11-28', cut: false });
    await waitFor('the new release to be current', async () => (await request(app!.url).get('/api/v1/releases')).headers['x-dataset-version'] === '2026-11-28');
    expect(await askAll('v0.3-2026Q3')).toEqual(first);

    // As of the new release: the change, the addition and the removal.
    const now = JSON.parse((await answer(app!.url, '/api/v1/papers/search?q=hydrogen&as_of=2026-11-28')).text) as { results: Array<{ id: string; title: string }> };
    expect(now.results.map((r) => r.id).sort()).toEqual([id(added), id(cited), id(citing)].sort());
    expect(now.results.find((r) => r.id === id(cited))!.title).toBe('Hydrogen storage in salt caverns, revised');
    expect((await request(app!.url).get(`/api/v1/papers/${id(removed)}?as_of=2026-11-28`).expect(404)).body.code).toBe('not_found');
    const citedBy = JSON.parse((await answer(app!.url, `/api/v1/papers/${id(cited)}/cited-by?as_of=2026-11-28`)).text) as { total: number; results: Array<{ id: string }> };
    expect(citedBy.results.map((r) => r.id)).toEqual([id(added), id(citing)]);
    expect(citedBy.total).toBe(2);
    const nowBatch = await request(app!.url).post('/api/v1/papers/batch?as_of=2026-11-28').send({ ids: [id(removed), id(added)] }).expect(200);
    expect(nowBatch.body.results.map((r: { id: string } | null) => r?.id ?? null)).toEqual([null, id(added)]);

    await app!.stop();
    app = undefined;
    await start();
    expect(await askAll('v0.3-2026Q3')).toEqual(first);
  });

  it('refuses a malformed release id, names the latest for an unknown one, and answers 410 naming the oldest kept once a release expired', async () => {
    app ??= await start();
    const malformed = await request(app.url).get('/api/v1/papers/search?q=hydrogen&as_of=..bad').expect(400);
    expect(malformed.body.code).toBe('invalid_as_of');
    expect(malformed.headers['content-type']).toMatch(/application\/problem\+json/);
    const unknown = await request(app.apiUrl!).get('/api/v1/papers/search?q=hydrogen&mode=keyword&as_of=1999-01-01').set('Authorization', auth).expect(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_release' });
    expect(unknown.body.detail).toMatch(/latest is 2026-11-28/);
    expect((await request(app.apiUrl!).get('/api/v1/papers/search?q=hydrogen&mode=vector&as_of=1999-01-01').set('Authorization', auth).expect(400)).body.code).toBe('unknown_release');

    // A year and more after the next release was cut, the first one is past its retention.
    await loadPapers(recordsAsLines([paperLine('rel-later', { title: 'Hydrogen later' })]), new PaperRepository(database.db));
    const later = new Date(Date.now() + (settings.retentionDays + 1) * 86_400_000);
    expect(await cutDatasetRelease(database.db, settings, { now: later })).toMatchObject({ cut: true });
    // (Asked in forms not asked before: the edge cache keeps an answer as of a release up to RESPONSE_CACHE_TTL_SECONDS.)
    const gone = await waitFor('the first release to expire', async () => {
      const res = await request(app!.url).get(`/api/v1/papers/${id(cited)}/cited-by?as_of=v0.3-2026Q3&limit=7`);
      return res.status === 410 ? res : undefined;
    });
    expect(gone.body).toMatchObject({ code: 'release_expired', oldest_kept: '2026-11-28' });
    const list = await request(app.url).get('/api/v1/releases').expect(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([later.toISOString().slice(0, 10), '2026-11-28']);
    // What the expired release alone held is gone; the kept ones still answer.
    const kept = await answer(app.url, `/api/v1/papers/${id(removed)}/references?as_of=v0.3-2026Q3&limit=7`);
    expect(kept.status).toBe(410);
    const stillKept = await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM release_records WHERE paper_id = $1", [id(removed)]);
    expect(stillKept.rows[0]!.n).toBe(0);
    expect((await answer(app.url, `/api/v1/papers/${id(cited)}/references?as_of=2026-11-28&limit=7`)).status).toBe(200);
  });
});
