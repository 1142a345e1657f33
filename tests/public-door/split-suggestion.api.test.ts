import request from 'supertest';
import { TOPIC_SLUGS } from '../../shared/papers/paper.schema';
import { schemaValidator } from '../support/openapi-validator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

type Query = Record<string, string>;

/**
 * The suggestion both doors' keyword search makes when an unspaced Japanese or Chinese query finds
 * nothing (`炭素税の効果` → `炭素税 効果`): target all on the generated demo corpus, whose papers hold
 * those words apart but never the phrase.
 */
describe('suggesting the words of an unspaced Japanese or Chinese query (both doors, demo corpus)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let auth = '';
  let validatePublic: ReturnType<typeof schemaValidator>;
  let validateApi: ReturnType<typeof schemaValidator>;
  const pub = (query: Query) => request(app.url).get('/api/v1/papers/search').query(query).expect(200);
  const api = (query: Query) => request(app.apiUrl!).get('/api/v1/papers/search').query({ mode: 'keyword', ...query }).set('Authorization', auth).expect(200);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PLAN_BURST_PER_SECOND: 'researcher=100000' });
    auth = (await testKeys(database.db).create('researcher')).auth;
    validatePublic = schemaValidator((await request(app.url).get('/openapi.json').expect(200)).body);
    validateApi = schemaValidator((await request(app.apiUrl!).get('/openapi.json').expect(200)).body);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  describe('the public search', () => {
    it.each([
      ['炭素税の効果', '炭素税 効果'],
      ['CO2排出量の推移', 'CO2 排出量 推移'],
      ['碳排放交易市场的影响', '碳排放 交易 市场 影响'],
    ])('answers %s with nothing, and suggests %s with its count', async (q, words) => {
      const res = await pub({ q });
      const split = await pub({ q: words });
      expect(split.body.total).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ query: q, total: 0, count: 0, results: [] });
      expect(res.body.suggestion).toEqual({ kind: 'split', q: words, total: split.body.total, reason: expect.stringContaining(`"${q}"`) });
      expect(split.body.suggestion).toBeUndefined();
      expect(validatePublic('SearchResponse', res.body)).toEqual([]);
    });

    it('counts the suggestion with the same filters, and makes none when they leave nothing', async () => {
      const counts = await Promise.all(TOPIC_SLUGS.map(async (topic) => ({ topic, total: (await pub({ q: '炭素税 効果', topic, lang: 'ja' })).body.total as number })));
      const some = counts.find((c) => c.total > 0)!;
      const none = counts.find((c) => c.total === 0)!;
      expect((await pub({ q: '炭素税の効果', topic: some.topic, lang: 'ja' })).body.suggestion).toMatchObject({ q: '炭素税 効果', total: some.total });
      expect((await pub({ q: '炭素税の効果', topic: none.topic, lang: 'ja' })).body).not.toHaveProperty('suggestion');
    });

    it.each([
      ['the query matched', { q: '炭素税' }, true],
      ['the split query finds nothing either', { q: '炭素税の量子重力' }, false],
      ['the query holds no Japanese or Chinese', { q: 'quokkazebra' }, false],
      ['the query is already split into words', { q: '炭素税 量子' }, false],
    ])('makes no suggestion when %s', async (_why, query, matched) => {
      const { body } = await pub(query);
      expect(body.total > 0).toBe(matched);
      expect(body).not.toHaveProperty('suggestion');
    });
  });

  describe('the data API in keyword mode', () => {
    it('answers with nothing and suggests the words with their count, in its own filters', async () => {
      const filters = { lang: 'ja', min_score: '85' };
      const res = await api({ q: '炭素税の効果', ...filters });
      const split = await api({ q: '炭素税 効果', ...filters });
      expect(split.body.total).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ query: '炭素税の効果', mode: 'keyword', total: 0, count: 0, data: [] });
      expect(res.body.suggestion).toEqual({ kind: 'split', q: '炭素税 効果', total: split.body.total, reason: expect.any(String) });
      expect(validateApi('SemanticSearchResponse', res.body)).toEqual([]);
      const all = await api({ q: '炭素税の効果' });
      expect(all.body.suggestion.total).toBe((await api({ q: '炭素税 効果' })).body.total);
      expect(all.body.suggestion.total).toBeGreaterThan(res.body.suggestion.total);
      // The same suggestion as the public door for the same text and no filters.
      expect(all.body.suggestion).toEqual((await pub({ q: '炭素税の効果' })).body.suggestion);
    });

    it('makes none when the query matched, for one term that splits into nothing, or in vector mode', async () => {
      for (const q of ['炭素税', 'quokkazebra']) expect((await api({ q })).body).not.toHaveProperty('suggestion');
      const vector = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: '炭素税の効果', mode: 'vector' }).set('Authorization', auth);
      expect(vector.body).not.toHaveProperty('suggestion');
    });

    it('when the split finds nothing either, suggests the most of its words that find papers together (the public search makes no suggestion)', async () => {
      const res = await api({ q: '炭素税の量子重力' });
      expect(res.body.total).toBe(0);
      expect(res.body.suggestion).toMatchObject({ kind: 'subset', q: '炭素税', dropped: expect.arrayContaining(['量子']) });
      expect(res.body.suggestion.total).toBe((await api({ q: '炭素税' })).body.total);
      expect(res.body.suggestion.reason).toContain('(its Japanese or Chinese split into words)');
      expect(validateApi('SemanticSearchResponse', res.body)).toEqual([]);
      expect((await pub({ q: '炭素税の量子重力' })).body).not.toHaveProperty('suggestion');
    });
  });
});
