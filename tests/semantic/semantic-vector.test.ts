import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { freePort } from '../support/services';
import { createTestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess } from '../support/test-process';
import { useDemoSearchApi, vectorIndexReady } from './demo-search-api';

/** Vector and hybrid modes on the embedded defaults (lexical embedder, persisted HNSW index). */
describe('data API paper search: vector and hybrid modes', () => {
  const api = useDemoSearchApi();
  const { search } = api;

  it('vector is the default mode: nearest papers first, with their similarity', async () => {
    const res = await search({ q: 'green hydrogen production costs' }).expect(200);
    expect(res.body).toMatchObject({ mode: 'vector', count: 20, limit: 20 });
    const scores = res.body.data.map((p: { vector_score: number }) => p.vector_score);
    expect(scores.every((s: number) => s > 0 && s <= 1)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(res.body.data.every((p: { keyword_score: null }) => p.keyword_score === null)).toBe(true);
    expect(res.body.data.filter((p: { primary_topic: string }) => p.primary_topic === 'hydrogen').length).toBeGreaterThan(5);
  });

  it('applies selective filters inside the search: still `limit` results whenever that many papers match', async () => {
    const filters = { topic: 'ccus', shelf: 'curated', min_score: '90', lang: 'en' };
    const matching = (await api.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM papers WHERE topic = 'ccus' AND shelf = 'curated' AND draft_score >= 90 AND lang IN ('en', 'mul')`,
    )).rows[0]!.n;
    expect(matching).toBeGreaterThan(0);
    const res = await search({ q: 'carbon capture storage', limit: '50', ...filters }).expect(200);
    expect(res.body.count).toBe(Math.min(50, matching));
    for (const p of res.body.data) {
      expect(p).toMatchObject({ primary_topic: 'ccus', shelf: 'curated' });
      expect(p.draft_score).toBeGreaterThanOrEqual(90);
      expect(['en', 'mul']).toContain(p.lang);
    }
  });

  it('hybrid fuses keyword and vector rankings, with both scores where each side found the paper', async () => {
    const res = await search({ q: 'hydrogen production', mode: 'hybrid', limit: '30' }).expect(200);
    expect(res.body.mode).toBe('hybrid');
    const fused = res.body.data.map((p: { fused_score: number }) => p.fused_score);
    expect(fused).toEqual([...fused].sort((a, b) => b - a));
    expect(res.body.data.some((p: { keyword_score: number | null; vector_score: number | null }) => p.keyword_score !== null && p.vector_score !== null)).toBe(true);
  });
});

describe('vector search faults', () => {
  it('an unreachable vector index gives 503 vector_unavailable, and keyword mode keeps working', async () => {
    const database = await createTestDatabase();
    const app = await startTestProcess({ DATABASE_URL: database.url, QDRANT_URL: `http://127.0.0.1:${await freePort()}` });
    try {
      const auth = (await testKeys(database.db).create('researcher')).auth;
      const vector = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen' }).set('Authorization', auth).expect(503);
      expect(vector.body.code).toBe('vector_unavailable');
      await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword' }).set('Authorization', auth).expect(200);
    } finally {
      await app.stop();
      await database.drop();
    }
  });

  it('a failing embedding service gives 502 embedding_failed after its bounded retries', async () => {
    const server = http.createServer((_req, res) => { res.statusCode = 500; res.end('{"error":"model crashed"}'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const database = await createTestDatabase();
    const app = await startTestProcess({ DATABASE_URL: database.url, EMBEDDING_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    try {
      const auth = (await testKeys(database.db).create('researcher')).auth;
      const res = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen' }).set('Authorization', auth).expect(502);
      expect(res.body.code).toBe('embedding_failed');
      expect(JSON.stringify(res.body)).not.toMatch(/model crashed/);
    } finally {
      await app.stop();
      await database.drop();
      server.close();
    }
  });
});

describe('the persisted vector index', () => {
  it('reopens after a restart and answers the same, catching up with papers loaded meanwhile', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-vectors-'));
    const database = await createTestDatabase({ migrate: false });
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_DATA: 'true' };
    const query = { q: 'offshore wind power', limit: '10' };
    let app = await startTestProcess(env);
    await vectorIndexReady(app);
    const auth = (await testKeys(database.db).create('internal')).auth;
    const first = (await request(app.apiUrl!).get('/api/v1/papers/search').query(query).set('Authorization', auth).expect(200)).body.data;
    await app.stop();
    expect(fs.existsSync(path.join(dataDir, 'vector-sync.json'))).toBe(true);
    // Loaded while no server runs: the reopened index must catch up with it.
    await loadPapers(recordsAsLines([{ id: 'late-1', title: 'Zeolite membranes for ammonia cracking', lang: 'en', draft_score: 90 }]), new PaperRepository(database.db));
    try {
      app = await startTestProcess(env);
      await vectorIndexReady(app);
      const again = (await request(app.apiUrl!).get('/api/v1/papers/search').query(query).set('Authorization', auth).expect(200)).body.data;
      expect(again.map((p: { id: string }) => p.id)).toEqual(first.map((p: { id: string }) => p.id));
      const late = (await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'zeolite membranes ammonia cracking', limit: '1' }).set('Authorization', auth).expect(200)).body.data;
      expect(late[0].title).toBe('Zeolite membranes for ammonia cracking');
    } finally {
      await app.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
