import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { cutDatasetRelease } from '../../modules/releases';
import { ID, LATE_SINCE, loadRelatedCorpus, NAME_OF } from '../related/related-corpus';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { newDataDirPath, removeDir, testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

const FIRST = 'v0.3-2026Q3';
const SHARED_REFS = ['h1', 'h2', 'h3', 'h4', 'h5'].map((n) => `10.8888/ext.${n}`);
/** A paper added after the first release, coupled with cluster A by all five of its shared references. */
const newcomer = paperLine('N', { doi: '10.9999/related.n', title: 'Electrolyser membranes for offshore hydrogen', topic: 'hydrogen', tags: ['electrolyser'], references: SHARED_REFS });
/** A1 as changed after the first release: none of cluster A's references any more, and new words. */
const a1Changed = paperLine('A1', { doi: '10.9999/related.a1', title: 'Tidal energy resource assessment in the Seto Inland Sea', topic: 'energy_transition', references: ['10.8888/own.tidal'] });

type Ask = { method: 'get' | 'post'; path: string; body?: object };
/** Related papers (with filters) and recommendations, as of a release. */
const asks = (asOf: string): Ask[] => [
  { method: 'get', path: `/api/v1/papers/${ID.A0}/related?limit=8&as_of=${asOf}` },
  { method: 'get', path: `/api/v1/papers/${ID.A0}/related?limit=5&topic=hydrogen&since=${LATE_SINCE}&as_of=${asOf}` },
  { method: 'get', path: `/api/v1/papers/${ID.X}/related?limit=5&as_of=${asOf}` },
  { method: 'post', path: `/api/v1/papers/recommendations?as_of=${asOf}`, body: { positive: [ID.A0, ID.X], negative: [ID.P], limit: 8 } },
];

/** The data API's related papers and recommendations as of a release: the same bytes while the corpus moves on, and after a restart. */
describe('dataset releases: related papers and recommendations as of a release', () => {
  let database: TestDatabase;
  let app: TestProcess | undefined;
  let auth: string;
  const dataDir = newDataDirPath('related-as-of');
  const settings = testConfig().releases;

  const start = async () => {
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, API_KEY_CACHE_SECONDS: '0', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    return app;
  };
  const send = (ask: Ask) => {
    const req = ask.method === 'get' ? request(app!.apiUrl!).get(ask.path) : request(app!.apiUrl!).post(ask.path).send(ask.body);
    return req.set('Authorization', auth);
  };
  /** The release's index and vectors, the live vector index and the ranked retrieval are prepared in the background (503 meanwhile). */
  const answer = (ask: Ask) =>
    waitFor(`${ask.path} to answer`, async () => {
      const res = await send(ask);
      if (res.status === 503 && ['release_preparing', 'ranking_unavailable', 'vector_unavailable'].includes(res.body.code)) return undefined;
      // Live answers leave out a signal still starting: wait for all four, as a release's always has them.
      if (res.status === 200 && res.body.signals_unavailable) return undefined;
      return res;
    });
  const askAll = async (asOf: string) => {
    const out: Array<{ path: string; status: number; version: string; body: string }> = [];
    for (const ask of asks(asOf)) {
      const res = await answer(ask);
      out.push({ path: ask.path, status: res.status, version: res.headers['x-dataset-version'], body: res.text });
    }
    return out;
  };
  const names = (body: string) =>
    (JSON.parse(body) as { results: Array<{ id: string }> }).results.map((r) => (r.id === newPaper(newcomer).id ? 'N' : (NAME_OF.get(r.id) ?? r.id)));
  /** What a fused answer ranks and why: its papers, their fused scores and signals (the vector scores themselves come from two engines, HNSW and an exact scan). */
  const ranking = (body: string) => {
    const answer = JSON.parse(body) as { results: Array<{ id: string; related_score: number; signals: string[] }>; signals_used: string[] };
    return { used: answer.signals_used, results: answer.results.map((r) => [r.id, r.related_score, r.signals]) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('researcher')).auth;
    await loadRelatedCorpus(database.db);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  it('ranks as the corpus did when nothing changed since the release, and gives the same bytes after changes, a new release and a restart', async () => {
    await start();
    await waitFor('the first release', async () => (await request(app!.url).get('/api/v1/releases')).body.data?.length === 1);
    const first = await askAll(FIRST);
    for (const a of first) expect([a.path, a.status, a.version]).toEqual([a.path, 200, FIRST]);
    // Nothing changed since the release: as of it, the same papers, fused scores and signals as now.
    for (const [n, ask] of asks(FIRST).entries()) {
      const live = await answer({ ...ask, path: ask.path.replace(`as_of=${FIRST}`, '').replace(/[?&]$/, '') });
      expect(ranking(first[n]!.body)).toEqual(ranking(live.text));
    }
    expect(JSON.parse(first[0]!.body).signals_used).toEqual(expect.arrayContaining(['vector', 'bibliographic_coupling', 'co_citation', 'lexical']));
    expect(names(first[0]!.body)).toEqual(expect.arrayContaining(['A1', 'A2']));
    expect(names(first[2]!.body)).toContain('Y');

    // The corpus moves on: A1 changed (out of cluster A), a coupled paper added, a co-citing one removed.
    await loadPapers(recordsAsLines([a1Changed, newcomer]), new PaperRepository(database.db));
    await database.db.query('DELETE FROM papers WHERE id = $1', [ID.C0]);
    await waitFor('the live answer to see the changes', async () => {
      const res = await answer({ method: 'get', path: `/api/v1/papers/${ID.A0}/related?limit=8` });
      const now = names(res.text);
      return now.includes('N') && !now.includes('A1') ? true : undefined;
    });
    expect(await askAll(FIRST)).toEqual(first);

    expect(await cutDatasetRelease(database.db, settings, { now: new Date('2026-11-28T09:00:00Z') })).toMatchObject({ release: '2026-11-28', cut: true, added: 1, changed: 1, removed: 1 });
    await waitFor('the new release to be known', async () => (await request(app!.url).get('/api/v1/releases')).headers['x-dataset-version'] === '2026-11-28');
    expect(await askAll(FIRST)).toEqual(first);
    // As of the new release: the changes.
    const second = await askAll('2026-11-28');
    expect(names(second[0]!.body)).toContain('N');
    expect(names(second[0]!.body)).not.toContain('A1');

    await app!.stop();
    app = undefined;
    await start();
    expect(await askAll(FIRST)).toEqual(first);
    expect(await askAll('2026-11-28')).toEqual(second);
  });

  it('answers as of a release what that release held: a paper added later is unknown there, an unknown release is refused', async () => {
    app ??= await start();
    const added = newPaper(newcomer).id;
    const missing = await answer({ method: 'get', path: `/api/v1/papers/${added}/related?as_of=${FIRST}` });
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
    const unknown = await answer({ method: 'post', path: `/api/v1/papers/recommendations?as_of=${FIRST}`, body: { positive: [added] } });
    expect([unknown.status, unknown.body.code, unknown.body.unknown_ids]).toEqual([400, 'unknown_paper', [added]]);
    // Removed since, it is there as of the release.
    expect((await answer({ method: 'get', path: `/api/v1/papers/${ID.C0}/related?as_of=${FIRST}` })).status).toBe(200);
    for (const ask of [
      { method: 'get' as const, path: `/api/v1/papers/${ID.A0}/related?as_of=1999-01-01` },
      { method: 'post' as const, path: '/api/v1/papers/recommendations?as_of=1999-01-01', body: { positive: [ID.A0] } },
    ]) {
      const res = await send(ask);
      expect([res.status, res.body.code]).toEqual([400, 'unknown_release']);
    }
    const malformed = await send({ method: 'post', path: '/api/v1/papers/recommendations?as_of=%20bad', body: { positive: [ID.A0] } });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'invalid_as_of']);
  });

  it('in a process whose vector index did not start, answers from the other signals and names the vector one unavailable', async () => {
    await app?.stop();
    app = undefined;
    // A file where the vector index's directory should be: the index cannot start in this process.
    const broken = newDataDirPath('related-as-of-no-vectors');
    fs.mkdirSync(broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'vectors'), 'not a directory');
    const noVectors = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: broken, API_KEY_CACHE_SECONDS: '0', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    try {
      const related = await waitFor('related papers as of the release', async () => {
        const res = await request(noVectors.apiUrl!).get(`/api/v1/papers/${ID.A0}/related?limit=8&as_of=${FIRST}`).set('Authorization', auth);
        return res.status === 503 && ['release_preparing', 'ranking_unavailable'].includes(res.body.code) ? undefined : res;
      });
      expect(related.status).toBe(200);
      expect(related.body.signals_used).toEqual(['bibliographic_coupling', 'co_citation', 'lexical']);
      expect(related.body.signals_unavailable).toEqual([{ signal: 'vector', reason: expect.stringMatching(/did not start/) }]);
      expect(names(related.text)).toEqual(expect.arrayContaining(['A1', 'A2']));
      // Vector mode as of the release says why, as it does about the corpus now.
      const vector = await request(noVectors.apiUrl!).get(`/api/v1/papers/search?q=membrane&mode=vector&as_of=${FIRST}`).set('Authorization', auth);
      expect([vector.status, vector.body.code]).toEqual([503, 'vector_unavailable']);
    } finally {
      await noVectors.stop();
      removeDir(broken);
    }
  });
});
