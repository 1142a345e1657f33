import express, { type Express } from 'express';
import request from 'supertest';
import { PLANS, type Plan } from '../../modules/api-keys/api-key';
import { errorHandler, notFoundHandler } from '../../shared/http/base-app';
import { createLogger } from '../../shared/logging/logger';
import { EVENT_STATUSES, type EventStatus, type RecordEventInput } from '../../services/events-keys/event-params';
import { EventRepository, type IntelligenceEvent } from '../../services/events-keys/event.repository';
import { IntelligenceEventService } from '../../services/events-keys/event.service';
import { eventsRoutes } from '../../services/events-keys/events.routes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The intelligence-event index (spec 001 §2.5, §3, §4.8) against a real database. A one-line
 * middleware stands in for the data-API door: it sets the caller from `x-test-plan`.
 */

const PATH = '/api/v1/intelligence-events';
const NORMAL_PLANS = PLANS.filter((p) => p !== 'internal');
const INTERNAL = { 'x-test-plan': 'internal' };
const RESEARCHER = { 'x-test-plan': 'researcher' };

/** The lifecycle as the issue states it, written out independently of the service's table. */
const LEGAL = new Set(['observed>verified', 'verified>published', 'observed>retracted', 'verified>retracted', 'published>retracted']);
/** How a fixture reaches each status through legal transitions only. */
const ROUTE_TO: Record<EventStatus, EventStatus[]> = {
  observed: [],
  verified: ['verified'],
  published: ['verified', 'published'],
  retracted: ['verified', 'published', 'retracted'],
};

function buildApp(service: IntelligenceEventService): Express {
  const app = express();
  app.set('query parser', 'simple');
  app.use((req, _res, next) => {
    const plan = req.header('x-test-plan') as Plan | undefined;
    if (plan && PLANS.includes(plan)) req.apiCaller = { keyId: `key_test_${plan}`, plan, internal: plan === 'internal' };
    next();
  });
  app.use(eventsRoutes({ service }));
  app.use(notFoundHandler, errorHandler(createLogger({ level: 'silent' })));
  return app;
}

describe('intelligence events', () => {
  let database: TestDatabase;
  let service: IntelligenceEventService;
  let app: Express;

  const list = (query: Record<string, string | string[]>, headers: Record<string, string> = INTERNAL) =>
    request(app).get(PATH).query(query).set(headers);
  const post = (body: unknown, headers: Record<string, string> = INTERNAL) => request(app).post(PATH).set(headers).send(body as object);
  const patch = (id: string, body: unknown, headers: Record<string, string> = INTERNAL) =>
    request(app).patch(`${PATH}/${id}`).set(headers).send(body as object);

  const input = (over: Partial<RecordEventInput> = {}): RecordEventInput => ({
    event_type: 'gap.emission_computed',
    subject_kind: 'company',
    subject_id: '7203',
    occurred_at: '2025-04-01T00:00:00Z',
    evidence_refs: [{ kind: 'emission_record', ref: 'em_7203_2024_scope1' }],
    summary: { scope1_t: 12345.6, year: 2024 },
    ...over,
  });

  /** Records an event through the service and walks it to `status` through legal transitions. */
  async function seed(status: EventStatus, over: Partial<RecordEventInput> = {}): Promise<IntelligenceEvent> {
    let event = await service.record(input(over));
    for (const to of ROUTE_TO[status]) event = await service.transition(event.id, to);
    return event;
  }

  const reset = () => database.db.query('TRUNCATE intelligence_events');
  const ids = (res: request.Response): string[] => res.body.data.map((e: IntelligenceEvent) => e.id);
  const newestFirst = (a: IntelligenceEvent, b: IntelligenceEvent) =>
    a.occurred_at === b.occurred_at ? (a.id < b.id ? 1 : -1) : a.occurred_at < b.occurred_at ? 1 : -1;

  /** Every event a list yields, following next_cursor to the end. */
  async function walk(query: Record<string, string>, headers: Record<string, string>): Promise<{ ids: string[]; pages: number }> {
    const out: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await list(cursor ? { ...query, cursor } : query, headers).expect(200);
      expect(res.body.count).toBe(res.body.data.length);
      out.push(...ids(res));
      cursor = res.body.next_cursor;
      pages++;
      expect(pages).toBeLessThan(500);
    } while (cursor !== null);
    return { ids: out, pages };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new IntelligenceEventService(new EventRepository(database.db));
    app = buildApp(service);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('recording and reading one event', () => {
    beforeAll(reset);

    it('records an event (201, Location, status observed) and serves it by id', async () => {
      const res = await post(input({ occurred_at: '2025-04-01T09:00:00+09:00' })).expect(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.location).toBe(`${PATH}/${res.body.id}`);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^evt_[A-Za-z0-9_-]{20}$/),
        event_type: 'gap.emission_computed',
        status: 'observed',
        subject_kind: 'company',
        subject_id: '7203',
        occurred_at: '2025-04-01T00:00:00.000Z',
        evidence_refs: [{ kind: 'emission_record', ref: 'em_7203_2024_scope1' }],
        summary: { scope1_t: 12345.6, year: 2024 },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
      const got = await request(app).get(`${PATH}/${res.body.id}`).set(INTERNAL).expect(200);
      expect(got.body).toEqual(res.body);
    });

    it('accepts status observed, epoch seconds, and no evidence or summary', async () => {
      const { evidence_refs: _e, summary: _s, ...bare } = input({ status: 'observed', occurred_at: 1743465600 });
      const res = await post(bare).expect(201);
      expect(res.body).toMatchObject({ status: 'observed', occurred_at: '2025-04-01T00:00:00.000Z', evidence_refs: [], summary: {} });
    });

    it('answers 400 invalid_id for a malformed id and 404 not_found for an unknown one', async () => {
      for (const bad of ['abc', 'evt_short', 'evt_aaaaaaaaaaaaaaaaaaaaa', 'evt_aaaaaaaaaaaaaaaaaaa!', 'EVT_aaaaaaaaaaaaaaaaaaaa']) {
        const res = await request(app).get(`${PATH}/${encodeURIComponent(bad)}`).set(INTERNAL).expect(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body.code).toBe('invalid_id');
      }
      const res = await request(app).get(`${PATH}/evt_AAAAAAAAAAAAAAAAAAAA`).set(INTERNAL).expect(404);
      expect(res.body.code).toBe('not_found');
    });

    it('fails closed (500, nothing served) when no authenticated caller reached the routes', async () => {
      await seed('published');
      const res = await request(app).get(PATH).expect(500);
      expect(res.body.code).toBe('internal_error');
      expect(res.body.data).toBeUndefined();
    });

    it('keeps other methods and paths 404 problem+json', async () => {
      const created = await seed('observed');
      expect((await request(app).delete(`${PATH}/${created.id}`).set(INTERNAL).expect(404)).body.code).toBe('not_found');
      expect((await request(app).put(PATH).set(INTERNAL).expect(404)).body.code).toBe('not_found');
    });
  });

  describe('body validation (POST)', () => {
    const expectCode = async (res: request.Test, code: string) => {
      const r = await res.expect(400);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(r.body).toMatchObject({ status: 400, code });
      expect(typeof r.body.detail).toBe('string');
    };

    it('answers invalid_body for a body that is not a JSON object, or too large', async () => {
      await expectCode(request(app).post(PATH).set(INTERNAL).set('Content-Type', 'application/json').send('{"event_type": '), 'invalid_body');
      await expectCode(request(app).post(PATH).set(INTERNAL).set('Content-Type', 'application/json').send('null'), 'invalid_body');
      await expectCode(request(app).post(PATH).set(INTERNAL).set('Content-Type', 'application/json').send('"text"'), 'invalid_body');
      await expectCode(post([input()]), 'invalid_body');
      // One rule across the data API: a JSON object is read whatever the Content-Type says.
      await request(app).post(PATH).set(INTERNAL).set('Content-Type', 'text/plain').send(JSON.stringify(input())).expect(201);
      await expectCode(request(app).post(PATH).set(INTERNAL), 'invalid_body');
      const big = { ...input(), summary: { note: 'x'.repeat(17 * 1024) } };
      await expectCode(post(big), 'invalid_body');
    });

    it.each(['event_type', 'subject_kind', 'subject_id', 'occurred_at'] as const)('answers missing_field:%s', async (field) => {
      const body: Record<string, unknown> = { ...input() };
      delete body[field];
      await expectCode(post(body), `missing_field:${field}`);
      await expectCode(post({ ...input(), [field]: null }), `missing_field:${field}`);
    });

    it.each([
      ['event_type', 'Paper.Published'],
      ['event_type', 'paper'],
      ['event_type', 'paper..published'],
      ['event_type', '.paper'],
      ['event_type', `a.${'b'.repeat(100)}`],
      ['event_type', 42],
      ['subject_kind', 'Company'],
      ['subject_kind', ''],
      ['subject_kind', 'a'.repeat(41)],
      ['subject_id', 'has space'],
      ['subject_id', ''],
      ['subject_id', 'x'.repeat(201)],
      ['subject_id', 7203],
      ['occurred_at', 'yesterday'],
      ['occurred_at', '2025-02-30T00:00:00Z'],
      ['occurred_at', true],
      ['occurred_at', 1e15],
      ['status', 'published'],
      ['status', 'verified'],
      ['status', 'draft'],
    ] as Array<[string, unknown]>)('answers invalid_field:%s for %j', async (field, value) => {
      await expectCode(post({ ...input(), [field]: value }), `invalid_field:${field}`);
    });

    it('rejects fields an event does not have, so raw data cannot ride along', async () => {
      await expectCode(post({ ...input(), raw_readings: [1, 2, 3] }), 'invalid_field:raw_readings');
      await expectCode(post({ ...input(), id: 'evt_AAAAAAAAAAAAAAAAAAAA' }), 'invalid_field:id');
    });

    it('bounds evidence_refs: at most 20 references of {kind, ref} with ref up to 500 characters', async () => {
      const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'paper', ref: `p_${i}` }));
      expect((await post(input({ evidence_refs: refs(20) })).expect(201)).body.evidence_refs).toHaveLength(20);
      await expectCode(post(input({ evidence_refs: refs(21) })), 'invalid_field:evidence_refs');
      const url = `https://example.org/${'a'.repeat(480)}`;
      expect(url.length).toBe(500);
      await post(input({ evidence_refs: [{ kind: 'url', ref: url }] })).expect(201);
      await expectCode(post(input({ evidence_refs: [{ kind: 'url', ref: `${url}b` }] })), 'invalid_field:evidence_refs');
      const bad: unknown[] = [
        'p_1',
        {},
        [{ kind: 'paper' }],
        [{ ref: 'p_1' }],
        [{ kind: 'paper', ref: 'p_1', data: { scope1: 123 } }],
        [{ kind: 'Paper', ref: 'p_1' }],
        [{ kind: 'paper', ref: '' }],
        [{ kind: 'paper', ref: 'two words' }],
        [{ kind: 'paper', ref: 5 }],
        [{ kind: 'url', ref: 'not-a-url' }],
        [{ kind: 'paper', ref: 'p_1' }, { kind: 'paper', ref: 'p_1' }],
        ['p_1'],
      ];
      for (const value of bad) await expectCode(post({ ...input(), evidence_refs: value }), 'invalid_field:evidence_refs');
    });

    it('bounds summary: a flat object of at most 2 KiB as JSON', async () => {
      const fill = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) });
      expect(Buffer.byteLength(JSON.stringify(fill(2048)))).toBe(2048);
      await post(input({ summary: fill(2048) })).expect(201);
      await expectCode(post(input({ summary: fill(2049) })), 'invalid_field:summary');
      // Bytes, not characters: 700 three-byte characters are over 2 KiB.
      await expectCode(post(input({ summary: { note: '排'.repeat(700) } })), 'invalid_field:summary');
      const ok = await post(input({ summary: { s: 'a', n: -1.5, b: true, z: null } })).expect(201);
      expect(ok.body.summary).toEqual({ s: 'a', n: -1.5, b: true, z: null });
      for (const value of [[1, 2], 'text', 3, { readings: [1, 2, 3] }, { nested: { a: 1 } }, { ['k'.repeat(65)]: 1 }]) {
        await expectCode(post({ ...input(), summary: value }), 'invalid_field:summary');
      }
    });

    it('applies the same validation to code that records through the service', async () => {
      await expect(service.record({ ...input(), subject_id: 'has space' })).rejects.toMatchObject({ status: 400, code: 'invalid_field:subject_id' });
      await expect(service.record({ ...input(), summary: { a: [1] } as never })).rejects.toMatchObject({ code: 'invalid_field:summary' });
    });

    it('has the database refuse malformed rows from any other writer', async () => {
      const insert = (id: string, status: string, type = 'paper.published') =>
        database.db.query(
          `INSERT INTO intelligence_events (id, event_type, status, subject_kind, subject_id, occurred_at) VALUES ($1, $2, $3, 'paper', 'p_1', now())`,
          [id, type, status],
        );
      await expect(insert('evt_AAAAAAAAAAAAAAAAAAAA', 'draft')).rejects.toThrow(/check constraint/);
      await expect(insert('bad_id', 'observed')).rejects.toThrow(/check constraint/);
      await expect(insert('evt_AAAAAAAAAAAAAAAAAAAA', 'observed', 'Not A Type')).rejects.toThrow(/check constraint/);
    });
  });

  describe('transitions', () => {
    beforeAll(reset);

    it.each(EVENT_STATUSES.flatMap((from) => EVENT_STATUSES.map((to) => [from, to] as const)))(
      'from %s to %s: applied when legal, otherwise 409 invalid_transition naming both',
      async (from, to) => {
        const event = await seed(from);
        const res = await patch(event.id, { status: to });
        if (LEGAL.has(`${from}>${to}`)) {
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ id: event.id, status: to, created_at: event.created_at });
          expect(res.body.updated_at >= event.updated_at).toBe(true);
        } else {
          expect(res.status).toBe(409);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(res.body).toMatchObject({ status: 409, code: 'invalid_transition', from, to });
          expect(res.body.detail).toContain(from);
          expect(res.body.detail).toContain(to);
        }
        const stored = await service.get(event.id, { internal: true });
        expect(stored.status).toBe(LEGAL.has(`${from}>${to}`) ? to : from);
      },
    );

    it('walks observed → verified → published → retracted, after which nothing moves it', async () => {
      const { body: created } = await post(input()).expect(201);
      for (const to of ['verified', 'published', 'retracted']) {
        expect((await patch(created.id, { status: to }).expect(200)).body.status).toBe(to);
      }
      for (const to of EVENT_STATUSES) {
        const res = await patch(created.id, { status: to }).expect(409);
        expect(res.body.detail).toMatch(/final/);
      }
    });

    it('lets exactly one of several concurrent identical transitions win', async () => {
      for (let round = 0; round < 8; round++) {
        const event = await seed(round % 2 === 0 ? 'observed' : 'verified');
        const to = round % 2 === 0 ? 'verified' : 'published';
        const results = await Promise.all(Array.from({ length: 5 }, () => patch(event.id, { status: to })));
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
        expect((await service.get(event.id, { internal: true })).status).toBe(to);
      }
    });

    it('lets exactly one of two concurrent retractions win', async () => {
      const event = await seed('published');
      const [a, b] = await Promise.all([patch(event.id, { status: 'retracted' }), patch(event.id, { status: 'retracted' })]);
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    });

    it('validates the PATCH body and id', async () => {
      const event = await seed('observed');
      const codeOf = async (res: request.Test, status = 400) => (await res.expect(status)).body.code;
      expect(await codeOf(patch(event.id, {}))).toBe('missing_field:status');
      expect(await codeOf(patch(event.id, { status: null }))).toBe('missing_field:status');
      expect(await codeOf(patch(event.id, { status: 'done' }))).toBe('invalid_field:status');
      expect(await codeOf(patch(event.id, { status: 'VERIFIED' }))).toBe('invalid_field:status');
      expect(await codeOf(patch(event.id, { status: 'verified', note: 'x' }))).toBe('invalid_field:note');
      expect(await codeOf(patch(event.id, ['verified']))).toBe('invalid_body');
      expect(await codeOf(request(app).patch(`${PATH}/${event.id}`).set(INTERNAL).set('Content-Type', 'application/json').send('{'))).toBe('invalid_body');
      expect(await codeOf(patch('nope', { status: 'verified' }))).toBe('invalid_id');
      expect(await codeOf(patch('evt_AAAAAAAAAAAAAAAAAAAA', { status: 'verified' }), 404)).toBe('not_found');
      expect((await service.get(event.id, { internal: true })).status).toBe('observed');
    });

    it.each(NORMAL_PLANS)('refuses POST and PATCH to a %s key with 403 forbidden, before reading the body', async (plan) => {
      const headers = { 'x-test-plan': plan };
      const event = await seed('verified');
      for (const res of [
        await post(input(), headers),
        await post('{not json', headers),
        await patch(event.id, { status: 'published' }, headers),
        await patch(event.id, { status: 'retracted' }, headers),
        await patch('evt_AAAAAAAAAAAAAAAAAAAA', { status: 'retracted' }, headers),
      ]) {
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body.code).toBe('forbidden');
      }
      expect((await service.get(event.id, { internal: true })).status).toBe('verified');
    });
  });

  describe('list filters', () => {
    /** Keys name fixture events; times are distinct so the expected order is plain. */
    const FIXTURE: Array<[string, EventStatus, Partial<RecordEventInput>]> = [
      ['a', 'published', { event_type: 'paper.published', subject_kind: 'paper', subject_id: 'p_1', occurred_at: '2025-01-01T00:00:00Z' }],
      ['b', 'observed', { event_type: 'paper.published', subject_kind: 'paper', subject_id: 'p_2', occurred_at: '2025-01-02T12:00:00Z' }],
      ['c', 'verified', { event_type: 'gap.emission_computed', subject_kind: 'company', subject_id: '7203', occurred_at: '2025-01-03T00:00:00.500Z' }],
      ['d', 'published', { event_type: 'article.published', subject_kind: 'company', subject_id: '7203', occurred_at: '2025-01-04T09:00:00Z' }],
      ['e', 'retracted', { event_type: 'gap.emission_computed', subject_kind: 'company', subject_id: '6758', occurred_at: '2025-01-05T00:00:00Z' }],
      ['f', 'published', { event_type: 'article.published', subject_kind: 'article', subject_id: 'https://news.example.org/a/1', occurred_at: '2025-01-06T00:00:00Z' }],
    ];
    const keyOf = new Map<string, string>();
    const keys = (res: request.Response) => ids(res).map((id) => keyOf.get(id));

    beforeAll(async () => {
      await reset();
      for (const [key, status, over] of FIXTURE) keyOf.set((await seed(status, over)).id, key);
    });

    it('lists every status to an internal key, newest first, in the documented envelope', async () => {
      const res = await list({}).expect(200);
      expect(keys(res)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
      expect(res.body).toMatchObject({ count: 6, limit: 50, next_cursor: null });
      expect(Object.keys(res.body).sort()).toEqual(['count', 'data', 'limit', 'next_cursor']);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it.each([
      [{ event_type: 'paper.published' }, ['b', 'a']],
      [{ event_type: 'gap.emission_computed' }, ['e', 'c']],
      [{ event_type: 'nothing.here' }, []],
      [{ status: 'published' }, ['f', 'd', 'a']],
      [{ status: 'observed' }, ['b']],
      [{ status: 'verified' }, ['c']],
      [{ status: 'retracted' }, ['e']],
      [{ subject_kind: 'company' }, ['e', 'd', 'c']],
      [{ subject_id: '7203' }, ['d', 'c']],
      [{ subject_kind: 'company', subject_id: '7203' }, ['d', 'c']],
      [{ subject_kind: 'paper', subject_id: '7203' }, []],
      [{ subject_id: 'https://news.example.org/a/1' }, ['f']],
      [{ event_type: 'gap.emission_computed', status: 'verified', subject_kind: 'company' }, ['c']],
      [{ occurred_from: '2025-01-04T09:00:00Z' }, ['f', 'e', 'd']],
      [{ occurred_to: '2025-01-04T09:00:00Z' }, ['d', 'c', 'b', 'a']],
      [{ occurred_from: '2025-01-04T09:00:00Z', occurred_to: '2025-01-04T09:00:00Z' }, ['d']],
      [{ occurred_from: '2025-01-02', occurred_to: '2025-01-04' }, ['c', 'b']],
      [{ occurred_from: '2025-01-02T21:00:00+09:00' }, ['f', 'e', 'd', 'c', 'b']],
      [{ occurred_from: '2025-01-02T21:00:00.001+09:00' }, ['f', 'e', 'd', 'c']],
      [{ occurred_to: '2025-01-02T07:00:00-05:00' }, ['b', 'a']],
      [{ occurred_to: '2025-01-03T00:00:00.499Z' }, ['b', 'a']],
      [{ occurred_to: '2025-01-03T00:00:00.5Z' }, ['c', 'b', 'a']],
      [{ occurred_from: '2025-01-03T00:00:00.500999999Z' }, ['f', 'e', 'd', 'c']],
      [{ occurred_from: '2025-01-02T12:00Z' }, ['f', 'e', 'd', 'c', 'b']],
      [{ occurred_from: '2025-01-02T12:00:00' }, ['f', 'e', 'd', 'c', 'b']],
      [{ occurred_from: '1735819200' }, ['f', 'e', 'd', 'c', 'b']], // 2025-01-02T12:00:00Z
      [{ occurred_from: '1735819200.001' }, ['f', 'e', 'd', 'c']],
      [{ occurred_from: '1735862400', occurred_to: '1735981200' }, ['d', 'c']], // 01-03T00:00 to 01-04T09:00
      [{ occurred_from: '2025-01-03T00:00:00Z', occurred_to: '1735981200' }, ['d', 'c']],
      [{ event_type: 'article.published', occurred_to: '2025-01-05' }, ['d']],
    ] as Array<[Record<string, string>, string[]]>)('filters %j', async (query, expected) => {
      expect(keys(await list(query).expect(200))).toEqual(expected);
    });

    it('reads an unescaped + offset (a space once decoded) as +', async () => {
      const res = await request(app).get(`${PATH}?occurred_from=2025-01-02T21:00:00+09:00`).set(INTERNAL).expect(200);
      expect(keys(res)).toEqual(['f', 'e', 'd', 'c', 'b']);
    });

    it('ignores empty parameters and refuses unknown ones', async () => {
      const res = await list({ event_type: '', status: '', subject_kind: '', subject_id: '', occurred_from: '', occurred_to: '', limit: '', cursor: '' }).expect(200);
      expect(keys(res)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
      expect(res.body.limit).toBe(50);
      const refused = await list({ offset: '5', q: 'x' }).expect(400);
      expect(refused.body).toMatchObject({
        code: 'unknown_parameter',
        accepted_parameters: ['event_type', 'status', 'subject_kind', 'subject_id', 'occurred_from', 'occurred_to', 'limit', 'cursor'],
      });
      expect(refused.body.detail).toMatch(/^offset, q are not parameters of this endpoint; accepted: event_type, /);
    });

    it.each([
      ['event_type', ['Paper.Published', 'paper', 'paper.', 'a b.c', `a.${'b'.repeat(100)}`]],
      ['status', ['draft', 'Published', 'published,observed']],
      ['subject_kind', ['Company', '1company', 'a-b', 'a'.repeat(41)]],
      ['subject_id', ['has space', 'x'.repeat(201), 'tab\there']],
      ['occurred_from', ['yesterday', '2025-13-01', '2025-02-29', '2025-01-01T24:00:00Z', '2025-01-01T00:00:60Z', '2025-01-01T00:00:00+24:00', '1e9', '1234567890123', '12345.6789', '2025/01/01']],
      ['occurred_to', ['tomorrow', '2025-01-32', '-99999999999999']],
      ['limit', ['0', '201', '-1', '1.5', 'ten', '1e2', ' 5']],
      ['cursor', ['not-base64!', 'AAAA', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["2025-01-01T00:00:00.000Z","evt_x"]').toString('base64url'), Buffer.from('["2025-01-01","evt_AAAAAAAAAAAAAAAAAAAA"]').toString('base64url'), 'x'.repeat(201)]],
    ] as Array<[string, string[]]>)('answers invalid_%s for bad values and for repeats', async (name, values) => {
      for (const value of values) {
        const res = await list({ [name]: value }).expect(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 400, code: `invalid_${name}` });
      }
      const repeated = await list({ [name]: [values[0]!, values[0]!] }).expect(400);
      expect(repeated.body.code).toBe(`invalid_${name}`);
      // Invalid filters are errors for normal keys too, not silently empty lists.
      expect((await list({ [name]: values[0]! }, RESEARCHER).expect(400)).body.code).toBe(`invalid_${name}`);
    });

    it('answers invalid_time_range when occurred_from is after occurred_to', async () => {
      for (const [from, to] of [['2025-01-05', '2025-01-04'], ['1735862401', '1735862400'], ['2025-01-03T00:00:00.001Z', '2025-01-03T09:00:00+09:00']]) {
        expect((await list({ occurred_from: from!, occurred_to: to! }).expect(400)).body.code).toBe('invalid_time_range');
      }
    });

    it('takes limit from 1 to 200, 50 by default', async () => {
      expect((await list({ limit: '1' }).expect(200)).body).toMatchObject({ count: 1, limit: 1 });
      expect((await list({ limit: '200' }).expect(200)).body).toMatchObject({ count: 6, limit: 200, next_cursor: null });
      expect((await list({ limit: '6' }).expect(200)).body).toMatchObject({ count: 6, next_cursor: null });
      expect((await list({ limit: '5' }).expect(200)).body.next_cursor).toEqual(expect.any(String));
    });
  });

  describe('newest-first keyset paging', () => {
    /** 41 events on 6 instants: most share their occurred_at, so order within a tie is by id. */
    const INSTANTS = ['2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z', '2025-03-02T00:00:00.001Z', '2025-03-03T00:00:00Z', '2025-03-04T00:00:00Z', '2025-03-05T00:00:00Z'];
    let all: IntelligenceEvent[];

    beforeAll(async () => {
      await reset();
      all = [];
      for (let i = 0; i < 41; i++) {
        const status = EVENT_STATUSES[i % 4]!;
        all.push(await seed(status, { occurred_at: INSTANTS[(i * 7) % INSTANTS.length]!, event_type: i % 3 ? 'paper.published' : 'article.published' }));
      }
      all.sort(newestFirst);
    });

    it.each([1, 2, 3, 7, 40, 41, 200])('pages through everything with limit %i: no duplicates, no gaps, null at the end', async (limit) => {
      const { ids: seen, pages } = await walk({ limit: String(limit) }, INTERNAL);
      expect(seen).toEqual(all.map((e) => e.id));
      expect(pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
    });

    it('pages through a filtered list and through a normal key’s (published only) list', async () => {
      const filtered = all.filter((e) => e.event_type === 'paper.published' && e.occurred_at >= '2025-03-02T00:00:00.000Z');
      expect((await walk({ event_type: 'paper.published', occurred_from: '2025-03-02', limit: '3' }, INTERNAL)).ids).toEqual(filtered.map((e) => e.id));
      const published = all.filter((e) => e.status === 'published');
      expect((await walk({ limit: '2' }, RESEARCHER)).ids).toEqual(published.map((e) => e.id));
    });

    it('keeps its place when newer events arrive between pages', async () => {
      const first = await list({ limit: '10' }).expect(200);
      await seed('observed', { occurred_at: '2025-03-09T00:00:00Z' });
      await seed('observed', { occurred_at: INSTANTS[5]! });
      let cursor: string | null = first.body.next_cursor;
      const seen = ids(first);
      while (cursor) {
        const res = await list({ limit: '10', cursor }).expect(200);
        seen.push(...ids(res));
        cursor = res.body.next_cursor;
      }
      const original = all.map((e) => e.id);
      expect(seen.filter((id) => original.includes(id))).toEqual(original);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });

  describe('visibility', () => {
    const TYPES = ['paper.published', 'gap.emission_computed'];
    const SUBJECTS: Array<[string, string]> = [['paper', 'p_1'], ['company', '7203']];
    const TIMES = ['2025-05-01T00:00:00Z', '2025-05-02T00:00:00Z', '2025-05-03T00:00:00Z'];
    let events: IntelligenceEvent[];

    beforeAll(async () => {
      await reset();
      events = [];
      for (const status of EVENT_STATUSES) {
        for (const event_type of TYPES) {
          for (const [subject_kind, subject_id] of SUBJECTS) {
            for (const occurred_at of TIMES) events.push(await seed(status, { event_type, subject_kind, subject_id, occurred_at }));
          }
        }
      }
      // Published once, then retracted: was visible, must not be any more.
      events.push(await seed('retracted', { event_type: 'paper.published', subject_kind: 'paper', subject_id: 'p_1', occurred_at: TIMES[1] }));
      events.sort(newestFirst);
    });

    const matches = (e: IntelligenceEvent, q: Record<string, string>) =>
      (!q.event_type || e.event_type === q.event_type) &&
      (!q.status || e.status === q.status) &&
      (!q.subject_kind || e.subject_kind === q.subject_kind) &&
      (!q.subject_id || e.subject_id === q.subject_id) &&
      (!q.occurred_from || e.occurred_at >= new Date(q.occurred_from).toISOString()) &&
      (!q.occurred_to || e.occurred_at <= new Date(q.occurred_to).toISOString());

    /** Every combination of every filter (absent or each value), with two time windows. */
    const combinations: Array<Record<string, string>> = [];
    for (const status of [undefined, ...EVENT_STATUSES]) {
      for (const event_type of [undefined, ...TYPES]) {
        for (const subject of [undefined, ...SUBJECTS]) {
          const windows: Array<Record<string, string>> = [{}, { occurred_from: TIMES[1]!, occurred_to: TIMES[1]! }, { occurred_from: TIMES[0]! }];
          for (const window of windows) {
            combinations.push({
              ...(status ? { status } : {}),
              ...(event_type ? { event_type } : {}),
              ...(subject ? { subject_kind: subject[0], subject_id: subject[1] } : {}),
              ...window,
            });
          }
        }
      }
    }

    it.each(NORMAL_PLANS)('a %s key sees only published events, whatever the filters', async (plan) => {
      const headers = { 'x-test-plan': plan };
      for (const query of combinations) {
        const res = await list({ ...query, limit: '200' }, headers).expect(200);
        const expected = events.filter((e) => e.status === 'published' && matches(e, query));
        expect({ query, ids: ids(res) }).toEqual({ query, ids: expected.map((e) => e.id) });
        expect(res.body.data.every((e: IntelligenceEvent) => e.status === 'published')).toBe(true);
      }
    });

    it('a normal key asking for a hidden status gets an empty list, not an error', async () => {
      for (const status of ['observed', 'verified', 'retracted']) {
        expect((await list({ status }, RESEARCHER).expect(200)).body).toEqual({ data: [], count: 0, limit: 50, next_cursor: null });
      }
    });

    it('a normal key paging with small pages still sees only published events', async () => {
      const { ids: seen } = await walk({ limit: '1' }, RESEARCHER);
      expect(seen).toEqual(events.filter((e) => e.status === 'published').map((e) => e.id));
    });

    it('a normal key cannot reach a hidden event through a cursor built from it', async () => {
      const hidden = events.find((e) => e.status !== 'published')!;
      const res = await list({ limit: '200' }, INTERNAL).expect(200);
      const at = ids(res).indexOf(hidden.id);
      const cursor = (await list({ limit: String(at + 1) }, INTERNAL).expect(200)).body.next_cursor;
      const after = await list({ cursor, limit: '200' }, RESEARCHER).expect(200);
      expect(after.body.data.every((e: IntelligenceEvent) => e.status === 'published')).toBe(true);
    });

    it.each(NORMAL_PLANS)('a %s key gets 404 not_found for every hidden event by id, exactly like an unknown id', async (plan) => {
      const headers = { 'x-test-plan': plan };
      const unknown = (await request(app).get(`${PATH}/evt_AAAAAAAAAAAAAAAAAAAA`).set(headers).expect(404)).body;
      for (const e of events) {
        const res = await request(app).get(`${PATH}/${e.id}`).set(headers);
        if (e.status === 'published') {
          expect(res.status).toBe(200);
          expect(res.body).toEqual(e);
        } else {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ ...unknown, detail: unknown.detail.replace('evt_AAAAAAAAAAAAAAAAAAAA', e.id), instance: `${PATH}/${e.id}` });
        }
      }
    });

    it('an internal key sees every event, by list and by id', async () => {
      expect((await walk({ limit: '7' }, INTERNAL)).ids).toEqual(events.map((e) => e.id));
      for (const query of combinations) {
        const res = await list({ ...query, limit: '200' }).expect(200);
        expect(ids(res)).toEqual(events.filter((e) => matches(e, query)).map((e) => e.id));
      }
      for (const e of events) expect((await request(app).get(`${PATH}/${e.id}`).set(INTERNAL).expect(200)).body).toEqual(e);
    });

    it('hides an event again the moment it is retracted', async () => {
      const event = await seed('published', { occurred_at: '2025-05-09T00:00:00Z' });
      await request(app).get(`${PATH}/${event.id}`).set(RESEARCHER).expect(200);
      expect(ids(await list({}, RESEARCHER))).toContain(event.id);
      await patch(event.id, { status: 'retracted' }).expect(200);
      await request(app).get(`${PATH}/${event.id}`).set(RESEARCHER).expect(404);
      expect(ids(await list({}, RESEARCHER))).not.toContain(event.id);
    });
  });
});
