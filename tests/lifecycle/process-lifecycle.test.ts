import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { searchRoutes } from '../../services/public-search/search.routes';
import { PaperSearchService } from '../../services/public-search/paper-search.service';
import { testConfig } from '../support/test-run';
import { errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { requestId } from '../../shared/http/request-id';
import { ElasticsearchKeywordIndex } from '../../modules/keyword-index/keyword-index.elasticsearch';
import { createLogger } from '../../shared/logging/logger';
import { Database } from '../../shared/db/database';
import { Releases } from '../../modules/releases';
import { createFrozenKeywordIndex } from '../../modules/keyword-index';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess } from '../support/test-process';

describe('process lifecycle', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('on shutdown, finishes a request in flight and then refuses new connections', async () => {
    const app = await startTestProcess({ DATABASE_URL: database.url });
    const body = JSON.stringify({ email: 'in-flight@example.org', name: 'N', organization: 'O', purpose: 'research' });
    const req = http.request({
      host: '127.0.0.1',
      port: new URL(app.apiUrl!).port,
      path: '/api/keys/applications',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
    });
    // In flight: the server has the request (it answered "100 Continue") but not yet its body.
    await new Promise<void>((resolve) => {
      req.once('continue', resolve);
      req.flushHeaders();
    });
    const stopping = app.stop();
    req.end(body);
    expect(await answered).toBe(201);
    await stopping;
    await expect(request(app.url).get('/healthz')).rejects.toThrow();
  });

  it('with no DATABASE_URL, starts a private PostgreSQL under DATA_DIR and keeps its data across restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-data-'));
    fs.chmodSync(dataDir, 0o777);
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'true' };
    const first = await startTestProcess(env);
    const total = (await request(first.url).get('/api/v1/papers/search').query({ q: '水素' }).expect(200)).body.total;
    expect(total).toBeGreaterThan(0);
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    const second = await startTestProcess({ ...env, DEMO_DATA: 'false' });
    expect((await request(second.url).get('/api/v1/papers/search').query({ q: '水素' }).expect(200)).body.total).toBe(total);
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with an empty corpus when DEMO_DATA=false', async () => {
    const app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'false' });
    expect((await request(app.url).get('/api/v1/papers/search').query({ q: 'climate' }).expect(200)).body.total).toBe(0);
    await app.stop();
  });

  it('answers 503 search_unavailable, not 500, when the search engine cannot be reached', async () => {
    const config = testConfig({ ELASTICSEARCH_URL: `http://127.0.0.1:${await freePort()}` });
    const logger = createLogger({ level: 'silent' });
    const index = new ElasticsearchKeywordIndex(config.elasticsearch!);
    const db = new Database(database.url, 2);
    const releases = new Releases(db, config.releases, (name, identity) => createFrozenKeywordIndex(config, name, identity), logger);
    const app = express();
    app.use(requestId);
    app.use(searchRoutes({ service: new PaperSearchService(index, 'https://x.example'), releases, publicBaseUrl: 'https://x.example', logger }));
    app.use(notFoundHandler, errorHandler(logger));
    const res = await request(app).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(503);
    expect(res.body).toMatchObject({ code: 'search_unavailable', status: 503 });
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|at .*\.js/);
    await index.close();
    await db.close();
  });
});
