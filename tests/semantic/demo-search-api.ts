import request from 'supertest';
import { schemaValidator } from '../support/openapi-validator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';

/**
 * Waits until the process's vector index has been opened or built, and hybrid mode's ranked index
 * prepared (both start in the background; until then vector and hybrid modes answer 503 with
 * Retry-After, as a client would see it).
 */
export function vectorIndexReady(app: TestProcess): Promise<true> {
  return waitFor('the vector index to be ready', async () => {
    const res = await fetch(`${app.url}/readyz`);
    const checks = ((await res.json()) as { checks: Record<string, unknown> }).checks;
    const started = (state: unknown) => state === 'ok' || (typeof state === 'object' && (state as { state: string }).state !== 'starting');
    return started(checks['vector-search']) && started(checks['semantic-search'] ?? 'ok');
  }, 50);
}

export interface DemoSearchApi {
  database: TestDatabase;
  app: TestProcess;
  /** `GET /api/v1/papers/search` on the data-API door with a Researcher key. */
  search(query: Record<string, string>): request.Test;
  /** Checks a body against a schema of the data API's served OpenAPI document: the problems found. */
  validateApi(schemaName: string, body: unknown): string[];
}

/**
 * `--target all` on the generated demo corpus with a Researcher key whose burst limit no suite
 * reaches, started before the suite's tests and stopped after them.
 */
export function useDemoSearchApi(): DemoSearchApi {
  let auth = '';
  const api = {
    search: (query: Record<string, string>) => request(api.app.apiUrl!).get('/api/v1/papers/search').query(query).set('Authorization', auth),
  } as DemoSearchApi;
  beforeAll(async () => {
    api.database = await createTestDatabase({ migrate: false });
    api.app = await startTestProcess({ DATABASE_URL: api.database.url, DEMO_DATA: 'true', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    auth = (await testKeys(api.database.db).create('researcher')).auth;
    api.validateApi = schemaValidator((await request(api.app.apiUrl!).get('/openapi.json').expect(200)).body);
    await vectorIndexReady(api.app);
  });
  afterAll(async () => {
    await api.app?.stop();
    await api.database?.drop();
  });
  return api;
}
