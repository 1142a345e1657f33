import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { makeTempDir, removeDir } from '../support/test-run';
import { waitFor } from '../support/wait-for';
import { openDoor } from './openapi-conformance.support';

/** The 503s of both doors, provoked for real, answer as the OpenAPI documents say (Retry-After included). */
describe('the documented 503s', () => {
  let database: TestDatabase;
  let auth: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    auth = (await testKeys(database.db).create('researcher')).auth;
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('a gateway whose services cannot be reached', () => {
    let gateway: TestProcess;
    beforeAll(async () => {
      const dead = `http://127.0.0.1:${await freePort()}`;
      gateway = await startTestProcess(
        { DATABASE_URL: database.url, PUBLIC_SEARCH_URL: dead, COMPANY_DATA_URL: dead, SEMANTIC_SEARCH_URL: dead, EVENTS_KEYS_URL: dead, SERVICE_TOKEN: 'conformance-token-0123' },
        'gateway',
      );
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    it('answers 503 upstream_unavailable with Retry-After on both doors', async () => {
      // The public search service is down, so the public door's document is read from a process that has it.
      const reference = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'false' }, 'public-search');
      try {
        const doc = (await request(reference.url).get('/openapi.json').expect(200)).body;
        const pub = await openDoor(gateway.url, undefined, doc);
        const search = await pub.send('GET', '/api/v1/papers/search', { query: { q: 'hydrogen' }, expect: 503 });
        expect(search.problems).toEqual([]);
        expect(search.body.code).toBe('upstream_unavailable');
      } finally {
        await reference.stop();
      }
      const api = await openDoor(gateway.apiUrl!);
      for (const p of ['/api/v1/companies', '/api/v1/papers/search', '/api/v1/intelligence-events']) {
        const res = await api.send('GET', p, { auth, query: { q: 'hydrogen' }, expect: 503 });
        expect(res.problems).toEqual([]);
        expect(res.body.code).toBe('upstream_unavailable');
      }
    });
  });

  describe('a vector index that cannot start', () => {
    let app: TestProcess;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = makeTempDir('conformance-vectors');
      fs.writeFileSync(path.join(dataDir, 'vectors'), 'not a directory');
      app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_DATA: 'false' });
    });
    afterAll(async () => {
      await app?.stop();
      removeDir(dataDir);
    });

    it('answers vector mode 503 vector_unavailable as documented', async () => {
      await waitFor('the vector index to give up', async () => {
        const checks = (await request(app.url).get('/readyz')).body.checks;
        return typeof checks['vector-search'] === 'string' && checks['vector-search'] !== 'ok';
      });
      const api = await openDoor(app.apiUrl!);
      const res = await api.send('GET', '/api/v1/papers/search', { auth, query: { q: 'hydrogen' }, expect: 503 });
      expect(res.problems).toEqual([]);
      expect(res.body.code).toBe('vector_unavailable');
    });
  });
});
