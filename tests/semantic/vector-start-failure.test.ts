import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { makeTempDir, removeDir } from '../support/test-run';
import { waitFor } from '../support/wait-for';

/**
 * A vector index that cannot start is not swallowed: the cause is in readiness (not ready: another
 * replica may have its index), vector mode says 503 `vector_unavailable`, keyword mode still works.
 */
describe('a vector index that cannot start', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = makeTempDir('unwritable-vectors');
    // Where the index keeps its files stands a plain file: it can neither open nor save.
    fs.writeFileSync(path.join(dataDir, 'vectors'), 'not a directory');
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  it('is reported by /readyz with its cause, and vector mode answers 503 while keyword mode answers', async () => {
    const ready = await waitFor('the vector index to give up', async () => {
      const res = await request(app.url).get('/readyz');
      return typeof res.body.checks['vector-search'] === 'string' && res.body.checks['vector-search'] !== 'ok' && res;
    });
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.checks['vector-search']).toMatch(/^did not start: /);

    const auth = (await testKeys(database.db).create('researcher')).auth;
    const vector = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen' }).set('Authorization', auth).expect(503);
    expect(vector.body.code).toBe('vector_unavailable');
    expect(vector.body.detail).toMatch(/could not start/);
    await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword' }).set('Authorization', auth).expect(200);
    await request(app.url).get('/api/v1/papers/search').query({ q: 'hydrogen' }).expect(200);
  });
});
