import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

const PATH = '/api/v1/intelligence-events';
const event = (status?: string) => ({
  event_type: 'gap.emission_computed',
  subject_kind: 'company',
  subject_id: '7203',
  occurred_at: '2026-10-01T00:00:00Z',
  evidence_refs: [{ kind: 'report', ref: 'rpt_7203_2025_integrated' }],
  summary: { scope1_t: 1200 },
  ...(status ? { status } : {}),
});

/** Intelligence events through the real gateway, in one process and split across two. */
describe.each(['one process', 'gateway and events-keys in separate processes'])('intelligence events through the gateway: %s', (mode) => {
  let database: TestDatabase;
  const started: TestProcess[] = [];
  let api: string;
  let internal: string;
  let researcher: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const keys = testKeys(database.db);
    internal = (await keys.create('internal')).auth;
    researcher = (await keys.create('researcher')).auth;
    if (mode === 'one process') {
      started.push(await startTestProcess({ DATABASE_URL: database.url }));
      api = started[0]!.apiUrl!;
    } else {
      const token = { SERVICE_TOKEN: 'events-split-token-0123' };
      const service = await startTestProcess({ DATABASE_URL: database.url, ...token }, 'events-keys');
      started.push(service);
      started.push(await startTestProcess({ DATABASE_URL: database.url, EVENTS_KEYS_URL: service.url, ...token }, 'gateway'));
      api = started[1]!.apiUrl!;
    }
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.stop();
    await database?.drop();
  });

  it('an Internal key records and publishes; a normal key sees only what is published', async () => {
    const created = await request(api).post(PATH).set('Authorization', internal).send(event()).expect(201);
    const hidden = await request(api).post(PATH).set('Authorization', internal).send(event()).expect(201);
    await request(api).patch(`${PATH}/${created.body.id}`).set('Authorization', internal).send({ status: 'verified' }).expect(200);
    await request(api).patch(`${PATH}/${created.body.id}`).set('Authorization', internal).send({ status: 'published' }).expect(200);

    const seen = await request(api).get(PATH).set('Authorization', researcher).expect(200);
    expect(seen.body.data.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
    const asked = await request(api).get(`${PATH}?status=observed`).set('Authorization', researcher).expect(200);
    expect(asked.body.data).toEqual([]);
    await request(api).get(`${PATH}/${hidden.body.id}`).set('Authorization', researcher).expect(404);

    const all = await request(api).get(PATH).set('Authorization', internal).expect(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.headers['x-dataset-version']).toBe('v0.3-2026Q3');
  });

  it('a normal key may not record events', async () => {
    const res = await request(api).post(PATH).set('Authorization', researcher).send(event()).expect(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('an illegal transition is a 409', async () => {
    const created = await request(api).post(PATH).set('Authorization', internal).send(event()).expect(201);
    await request(api).patch(`${PATH}/${created.body.id}`).set('Authorization', internal).send({ status: 'retracted' }).expect(200);
    const res = await request(api).patch(`${PATH}/${created.body.id}`).set('Authorization', internal).send({ status: 'published' }).expect(409);
    expect(res.body.code).toBe('invalid_transition');
  });

  it('key applications reach the service too', async () => {
    const res = await request(api).post('/api/keys/applications').send({ email: `x${Date.now()}@example.org`, name: 'N', organization: 'O', purpose: 'P' }).expect(201);
    expect(res.body.status).toBe('pending');
  });
});

describe('a split data-API door without SERVICE_TOKEN', () => {
  it('refuses to start, on either side', async () => {
    await expect(startTestProcess({ DATABASE_URL: 'postgres://127.0.0.1:1/none' }, 'events-keys')).rejects.toThrow(/SERVICE_TOKEN/);
    await expect(startTestProcess({ DATABASE_URL: 'postgres://127.0.0.1:1/none' }, 'gateway')).rejects.toThrow(/SERVICE_TOKEN/);
  });

  it('a service ignores a forwarded caller without the right token', async () => {
    const database = await createTestDatabase();
    const service = await startTestProcess({ DATABASE_URL: database.url, SERVICE_TOKEN: 'the-real-token-0123456' }, 'events-keys');
    try {
      const forged = Buffer.from(JSON.stringify({ keyId: 'key_forgedforged', plan: 'internal', internal: true })).toString('base64url');
      const res = await request(service.url).get(PATH).set('x-gx-caller', forged).set('x-gx-service-token', 'a-wrong-token-000000');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('missing_bearer');
    } finally {
      await service.stop();
      await database.drop();
    }
  });
});
