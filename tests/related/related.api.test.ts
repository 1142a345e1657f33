import request from 'supertest';
import { mulberry32 } from '../../shared/random/seeded-random';
import { freshIp, openDoor, type Door } from '../public-door/openapi-conformance.support';
import { vectorIndexReady } from '../semantic/demo-search-api';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { CLUSTER_A, ID, LATE, LATE_SINCE, loadRelatedCorpus, NAME_OF } from './related-corpus';
import { compactAnswerOf, connectMcp, httpOf, problemOf } from '../agents/mcp-client';

type Record_ = { id: string; work_id: string; year: number | null; lang: string | null; related_score: number; signals?: string[]; topic?: string | null; primary_topic?: string | null };
type Answer = { results: Record_[]; count: number; limit: number; paper_id?: string; signals_used?: string[]; signals_unavailable?: unknown[] };

const RELATED = (id: string) => `/api/v1/papers/${encodeURIComponent(id)}/related`;
const RECOMMEND = '/api/v1/papers/recommendations';
const names = (answer: Answer) => answer.results.map((r) => NAME_OF.get(r.id) ?? 'noise');

/**
 * Related papers on both doors and recommendations on the data API, on a small corpus with planted
 * structure (`related-corpus.ts`), `--target all`, every answer checked against its door's OpenAPI
 * document by an independent validator.
 */
describe('related papers and recommendations', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let pub: Door;
  let api: Door;
  let auth = '';
  let corpus: string[] = [];
  /** What the paper store says of each paper: its work, and when it was added. */
  const stored = new Map<string, { work_id: string; created_at: Date; topic: string | null; lang: string | null; year: number | null }>();

  beforeAll(async () => {
    database = await createTestDatabase();
    corpus = await loadRelatedCorpus(database.db);
    const { rows } = await database.db.query<{ id: string; work_id: string; created_at: Date; topic: string | null; lang: string | null; year: number | null }>(
      'SELECT id, work_id, created_at, topic, lang, year FROM papers',
    );
    for (const r of rows) stored.set(r.id, r);
    auth = (await testKeys(database.db).create('researcher')).auth;
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'researcher=100000' });
    await vectorIndexReady(app);
    pub = await openDoor(app.url);
    api = await openDoor(app.apiUrl!);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  const onPublic = async (id: string, query: Record<string, string> = {}, expect = 200) => {
    const res = await pub.send('GET', RELATED(id), { query, expect, ip: freshIp(), as: '/api/v1/papers/{id}/related' });
    expect_(res.problems);
    return res.body as Answer & { code?: string };
  };
  const onApi = async (id: string, query: Record<string, string> = {}, expect = 200) => {
    const res = await api.send('GET', RELATED(id), { query, expect, auth, as: '/api/v1/papers/{id}/related' });
    expect_(res.problems);
    return res.body as Answer & { code?: string };
  };
  const recommend = async (body: unknown, expect = 200) => {
    const res = await api.send('POST', RECOMMEND, { body, expect, auth });
    expect_(res.problems);
    return res.body as Answer & { code?: string; unknown_ids?: string[] };
  };
  const expect_ = (problems: string[]) => expect(problems).toEqual([]);

  /** Every result is another work than the papers given, each work once. */
  const expectOtherWorks = (answer: Answer, given: string[]) => {
    const givenWorks = new Set(given.map((id) => stored.get(id)!.work_id));
    for (const r of answer.results) {
      expect(given).not.toContain(r.id);
      expect(givenWorks.has(stored.get(r.id)!.work_id)).toBe(false);
    }
    const works = answer.results.map((r) => stored.get(r.id)!.work_id);
    expect(new Set(works).size).toBe(works.length);
  };

  describe('never the paper itself nor another version of it', () => {
    it('groups the preprint and its journal version as one work', () => {
      expect(stored.get(ID.P!)!.work_id).toBe(stored.get(ID.P2!)!.work_id);
    });

    it.each(['P', 'P2', 'A0', 'A5', 'X', 'Y', 'Q'])('%s on both doors', async (name) => {
      const id = ID[name]!;
      for (const answer of [await onPublic(id, { limit: '50' }), await onApi(id, { limit: '50' })]) {
        expect(answer.paper_id).toBe(id);
        expect(answer.count).toBe(answer.results.length);
        expectOtherWorks(answer, [id]);
      }
    });

    it('for noise papers too, on both doors', async () => {
      for (const id of corpus.filter((id) => !NAME_OF.has(id)).slice(0, 8)) {
        expectOtherWorks(await onPublic(id, { limit: '50' }), [id]);
        expectOtherWorks(await onApi(id, { limit: '50' }), [id]);
      }
    });
  });

  describe('the planted neighbours rank in the top k', () => {
    it('data API: the papers sharing references come first, found by bibliographic coupling', async () => {
      const answer = await onApi(ID.A0!, { limit: '5' });
      expect(new Set(names(answer))).toEqual(new Set(CLUSTER_A.slice(1)));
      for (const r of answer.results) expect(r.signals).toContain('bibliographic_coupling');
      expect(answer.signals_used).toEqual(['vector', 'bibliographic_coupling', 'co_citation', 'lexical']);
      expect(answer.signals_unavailable).toBeUndefined();
    });

    it('data API: a paper cited together with this one by the same papers is found by co-citation, though no word is shared', async () => {
      const answer = await onApi(ID.X!, { limit: '3' });
      const y = answer.results.find((r) => r.id === ID.Y);
      expect(y?.signals).toContain('co_citation');
      const back = await onApi(ID.Y!, { limit: '3' });
      expect(back.results.find((r) => r.id === ID.X)?.signals).toContain('co_citation');
    });

    it('public door: the papers worded alike come first, from the keyword index alone', async () => {
      const answer = await onPublic(ID.A0!, { limit: '6' });
      expect(names(answer).filter((n) => CLUSTER_A.includes(n)).length).toBeGreaterThanOrEqual(4);
      expect(answer.results.map((r) => r.related_score)).toEqual([...answer.results.map((r) => r.related_score)].sort((a, b) => b - a));
    });

    it('both doors: a paper worded like a preprint comes first, its journal version never', async () => {
      for (const answer of [await onPublic(ID.P!, { limit: '3' }), await onApi(ID.P!, { limit: '3' })]) {
        expect(names(answer)).toContain('Q');
        expect(names(answer)).not.toContain('P2');
      }
    });
  });

  describe('filters hold for every result', () => {
    const FILTERS: Record<string, string>[] = [
      { topic: 'hydrogen' },
      { lang: 'ja' },
      { lang: 'en' },
      { year_from: '2021' },
      { year_to: '2020' },
      { year_from: '2020', year_to: '2022' },
      { since: LATE_SINCE },
      { since: '2025-06-01T09:00:00+09:00', lang: 'en' },
      { topic: 'hydrogen', year_from: '2020', since: LATE_SINCE },
    ];
    const passes = (id: string, f: Record<string, string>) => {
      const p = stored.get(id)!;
      return (
        (f.topic === undefined || p.topic === f.topic) &&
        (f.lang === undefined || [f.lang, 'mul'].includes(p.lang ?? '')) &&
        (f.year_from === undefined || (p.year !== null && p.year >= Number(f.year_from))) &&
        (f.year_to === undefined || (p.year !== null && p.year <= Number(f.year_to))) &&
        (f.since === undefined || p.created_at.getTime() >= Date.parse(f.since.replace(' ', '+')))
      );
    };

    it.each(FILTERS)('%j, on both doors', async (filters) => {
      for (const id of [ID.A0!, ID.X!, ID.P!, ...corpus.filter((i) => !NAME_OF.has(i)).slice(0, 4)]) {
        for (const answer of [await onPublic(id, { ...filters, limit: '50' }), await onApi(id, { ...filters, limit: '50' })]) {
          for (const r of answer.results) expect({ id: r.id, passes: passes(r.id, filters) }).toEqual({ id: r.id, passes: true });
          expectOtherWorks(answer, [id]);
        }
      }
    });

    // On the public door the index applies `since` inside its ranking once the keyword index knows the
    // filter (KeywordFilters.addedSince); every result is checked against it in any case.
    it('since keeps only the papers added at or after it, and finds the late ones of the cluster', async () => {
      for (const answer of [await onApi(ID.A0!, { since: LATE_SINCE }), await onPublic(ID.A0!, { since: LATE_SINCE })]) {
        for (const name of names(answer)) expect(LATE).toContain(name);
        expect(names(answer)).toEqual(expect.arrayContaining(['A3', 'A4']));
      }
    });
  });

  describe('recommendations', () => {
    it('are like the positives: the cluster of a positive comes first', async () => {
      const answer = await recommend({ positive: [ID.A0, ID.A1], limit: 4 });
      expect(new Set(names(answer))).toEqual(new Set(['A2', 'A3', 'A4', 'A5']));
      expect(answer).toMatchObject({ positive: [ID.A0, ID.A1], negative: [], count: 4, limit: 4 });
    });

    it('never return a given paper nor another version of one, whatever the sets (seeded random sets)', async () => {
      const random = mulberry32(27);
      const pick = (n: number, from: string[]) => Array.from({ length: n }, () => from[Math.floor(random() * from.length)]!);
      const planted = Object.values(ID);
      for (let round = 0; round < 12; round++) {
        const pool = random() < 0.5 ? planted : corpus;
        const positive = pick(1 + Math.floor(random() * 3), pool);
        const negative = pick(Math.floor(random() * 3), corpus).filter((id) => !positive.includes(id));
        const filters = random() < 0.3 ? { lang: 'en', year_from: 2020 } : {};
        const answer = await recommend({ positive, negative, limit: 50, ...filters });
        expectOtherWorks(answer, [...positive, ...negative]);
        for (const r of answer.results) {
          if ('year_from' in filters) expect(stored.get(r.id)!.year).toBeGreaterThanOrEqual(2020);
          expect(r.signals!.length).toBeGreaterThan(0);
        }
      }
    });

    it('push the neighbours of the negatives down', async () => {
      const rankOfY = (answer: Answer) => answer.results.findIndex((r) => r.id === ID.Y);
      const liked = await recommend({ positive: [ID.A0], limit: 50 });
      const mixed = await recommend({ positive: [ID.A0], negative: [ID.X], limit: 50 });
      expect(rankOfY(liked)).toBeGreaterThanOrEqual(0);
      const before = liked.results[rankOfY(liked)]!.related_score;
      const after = rankOfY(mixed) < 0 ? -Infinity : mixed.results[rankOfY(mixed)]!.related_score;
      expect(after).toBeLessThan(before);
      expect(rankOfY(mixed) < 0 || rankOfY(mixed) > rankOfY(liked)).toBe(true);
    });

    it('cost one request of the key\'s allowance', async () => {
      const key = await testKeys(database.db).create('researcher');
      const first = await request(app.apiUrl!).post(RECOMMEND).set('Authorization', key.auth).send({ positive: [ID.A0] }).expect(200);
      const second = await request(app.apiUrl!).post(RECOMMEND).set('Authorization', key.auth).send({ positive: [ID.A0] }).expect(200);
      expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    });

    it.each([
      ['missing_field:positive', {}],
      ['missing_field:positive', { positive: null }],
      ['missing_field:positive', { positive: [] }],
      ['invalid_field:positive', { positive: 'p_1' }],
      ['invalid_field:positive', { positive: [1] }],
      ['invalid_id', { positive: ['not an id'] }],
      ['invalid_id', { positive: ['A0'], negative: ['x/y'] }],
      ['invalid_field:negative', { positive: ['p_1'], negative: 'p_2' }],
      ['too_many_ids', { positive: Array.from({ length: 60 }, (_, i) => `p_${i}`), negative: Array.from({ length: 41 }, (_, i) => `q_${i}`) }],
      ['conflicting_ids', { positive: ['p_1', 'p_2'], negative: ['p_2'] }],
      ['invalid_limit', { positive: ['p_1'], limit: 0 }],
      ['invalid_limit', { positive: ['p_1'], limit: 51 }],
      ['invalid_limit', { positive: ['p_1'], limit: 2.5 }],
      ['invalid_topic', { positive: ['p_1'], topic: 'nope' }],
      ['invalid_lang', { positive: ['p_1'], lang: 'fr' }],
      ['invalid_year_from', { positive: ['p_1'], year_from: 99 }],
      ['invalid_year_to', { positive: ['p_1'], year_from: 2024, year_to: 2020 }],
      ['invalid_since', { positive: ['p_1'], since: 'yesterday' }],
      ['invalid_field:mode', { positive: ['p_1'], mode: 'vector' }],
    ])('answer 400 %s for %j', async (code, body) => {
      expect((await recommend(body, 400)).code).toBe(code);
    });

    it('answer 400 unknown_paper naming the ids no paper has', async () => {
      const answer = await recommend({ positive: [ID.A0, 'p_doesnotexist000'], negative: ['p_norhisoneeither'] }, 400);
      expect(answer).toMatchObject({ code: 'unknown_paper', unknown_ids: ['p_doesnotexist000', 'p_norhisoneeither'] });
    });

    it('answer 400 invalid_body for a body that is not a JSON object', async () => {
      const res = await api.send('POST', RECOMMEND, { raw: '[1,2]', expect: 400, auth });
      expect_(res.problems);
      expect(res.body.code).toBe('invalid_body');
    });
  });

  describe('agents', () => {
    it('public door: getRelatedPapers answers what GET /api/v1/papers/{id}/related does, its records compact', async () => {
      const mcp = await connectMcp(app.url);
      try {
        const { tools } = await mcp.client.listTools();
        expect(tools.find((t) => t.name === 'getRelatedPapers')!.inputSchema.required).toEqual(['id']);
        const args = { id: ID.A0!, limit: 5, lang: 'en', since: '2024-01-01' };
        const result = await mcp.call('getRelatedPapers', args);
        expect(result.isError).toBeFalsy();
        const http = await request(app.url).get(RELATED(ID.A0!)).query({ limit: 5, lang: 'en', since: '2024-01-01' }).expect(200);
        expect(result.structuredContent).toEqual(compactAnswerOf(http.body, 'results'));
        expect(problemOf(await mcp.call('getRelatedPapers', { id: 'p_doesnotexist000' })).code).toBe('not_found');
      } finally {
        await mcp.close();
      }
    });

    it('data API: getRelatedPapers and recommendPapers answer what their HTTP requests do, each call charged as one request', async () => {
      const key = await testKeys(database.db).create('researcher');
      const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
      try {
        const related = await mcp.call('getRelatedPapers', { id: ID.X!, limit: 4 });
        const relatedHttp = await request(app.apiUrl!).get(RELATED(ID.X!)).query({ limit: 4 }).set('Authorization', key.auth).expect(200);
        expect(related.structuredContent).toEqual(compactAnswerOf(relatedHttp.body, 'results'));
        const body = { positive: [ID.A0!, ID.P!], negative: [ID.X!], limit: 6, year_from: 2020 };
        const recommended = await mcp.call('recommendPapers', body);
        expect(recommended.isError).toBeFalsy();
        const recommendedHttp = await request(app.apiUrl!).post(RECOMMEND).send(body).set('Authorization', key.auth).expect(200);
        expect(recommended.structuredContent).toEqual(compactAnswerOf(recommendedHttp.body, 'results'));
        // related (tool), related (HTTP), recommend (tool), recommend (HTTP): one each.
        expect(Number(httpOf(recommended).headers['x-ratelimit-remaining'])).toBe(Number(relatedHttp.headers['x-ratelimit-remaining']) - 1);
        expect(Number(recommendedHttp.headers['x-ratelimit-remaining'])).toBe(Number(relatedHttp.headers['x-ratelimit-remaining']) - 2);
        const unknown = problemOf(await mcp.call('recommendPapers', { positive: ['p_doesnotexist000'] }));
        expect(unknown).toMatchObject({ code: 'unknown_paper', unknown_ids: ['p_doesnotexist000'] });
        expect(problemOf(await mcp.call('recommendPapers', { positive: [] })).code).toBe('missing_field:positive');
      } finally {
        await mcp.close();
      }
    });
  });

  describe('errors of related papers', () => {
    it.each([
      ['invalid_limit', { limit: '0' }],
      ['invalid_limit', { limit: '51' }],
      ['invalid_topic', { topic: 'nope' }],
      ['invalid_lang', { lang: 'fr' }],
      ['invalid_year_from', { year_from: '20x' }],
      ['invalid_year_to', { year_from: '2024', year_to: '2020' }],
      ['invalid_since', { since: 'yesterday' }],
      ['invalid_since', { since: '2025-02-30' }],
    ])('400 %s for %j on both doors', async (code, query) => {
      expect((await onPublic(ID.A0!, query, 400)).code).toBe(code);
      expect((await onApi(ID.A0!, query, 400)).code).toBe(code);
    });

    it('400 invalid_id for a malformed id, 404 not_found for an unknown one, on both doors', async () => {
      expect((await onPublic('not an id', {}, 400)).code).toBe('invalid_id');
      expect((await onApi('not an id', {}, 400)).code).toBe('invalid_id');
      expect((await onPublic('p_doesnotexist000', {}, 404)).code).toBe('not_found');
      expect((await onApi('p_doesnotexist000', {}, 404)).code).toBe('not_found');
    });

    it('the data API needs a key', async () => {
      await request(app.apiUrl!).get(RELATED(ID.A0!)).expect(401);
      await request(app.apiUrl!).post(RECOMMEND).send({ positive: [ID.A0] }).expect(401);
    });
  });
});
