import request from 'supertest';
import { EXPORT_CSV_COLUMNS } from '../../services/semantic-search/export.routes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { asText, csvText, parseCsv } from './format-checks';

type Rec = Record<string, unknown> & { id: string };

/** `GET /api/v1/papers/export` on the data-API door: a whole keyword match set, streamed, charged per 1,000 records. */
describe('data API export of a keyword match set', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let keys: ReturnType<typeof testKeys>;
  let researcher = '';
  const QUERY = { q: 'an' };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PLAN_BURST_PER_SECOND: 'researcher=100000,demo=100000,internal=100000', API_KEY_CACHE_SECONDS: '0' });
    keys = testKeys(database.db);
    researcher = (await keys.create('researcher')).auth;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  const exported = (query: Record<string, string>, auth = researcher, accept?: string) => {
    const req = request(app.apiUrl!).get('/api/v1/papers/export').query(query).set('Authorization', auth).buffer(true).parse(asText);
    return accept ? req.set('Accept', accept) : req;
  };
  /** The JSON Lines of an export: its records and its closing line. */
  const lines = (body: string) => {
    expect(body.endsWith('\n')).toBe(true);
    const all = body.slice(0, -1).split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const closing = all.pop()!;
    expect(all.every((r) => typeof r.id === 'string')).toBe(true);
    expect('id' in closing).toBe(false);
    return { records: all as Rec[], closing };
  };
  /** The same search's JSON records, paged to the end by cursor (newest first), 50 at a time. */
  const searchedAll = async (query: Record<string, string>): Promise<{ total: number; records: Rec[] }> => {
    const records: Rec[] = [];
    let cursor = '*';
    let total = 0;
    for (;;) {
      const res = await request(app.apiUrl!).get('/api/v1/papers/search').query({ ...query, mode: 'keyword', limit: '50', cursor }).set('Authorization', researcher).expect(200);
      total = res.body.total;
      records.push(...res.body.data);
      if (!res.body.next_cursor) return { total, records };
      cursor = res.body.next_cursor;
    }
  };

  it('streams the whole match set (many steps of the index) in one call: exactly the records of the same search, newest first', async () => {
    const searched = await searchedAll(QUERY);
    // More than two steps of the stream (500 records each), fewer than a call's maximum.
    expect(searched.total).toBeGreaterThan(1_000);
    expect(searched.total).toBeLessThan(10_000);
    const res = await exported(QUERY).expect(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export-an.jsonl"');
    expect(res.headers['x-total-count']).toBe(String(searched.total));
    expect(res.headers['x-request-cost']).toBe(String(Math.ceil(searched.total / 1000)));
    const { records, closing } = lines(res.body);
    expect(closing).toEqual({ next_cursor: null, count: searched.total });
    expect(records).toEqual(searched.records);
  });

  it('charges one request of the allowance per 1,000 records, shown in its own headers and in the next answer', async () => {
    const key = (await keys.create('researcher', { monthly_limit: 100 })).auth;
    const before = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword', limit: '1' }).set('Authorization', key).expect(200);
    expect(before.headers['x-ratelimit-remaining']).toBe('99');
    const res = await exported(QUERY, key).expect(200);
    const cost = Number(res.headers['x-request-cost']);
    expect(cost).toBeGreaterThan(1);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(99 - cost));
    const after = await request(app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword', limit: '1' }).set('Authorization', key).expect(200);
    expect(after.headers['x-ratelimit-remaining']).toBe(String(99 - cost - 1));
    // A small export costs one request, like any other.
    const small = await exported({ q: 'carbon', limit: '10' }, key).expect(200);
    expect(small.headers['x-request-cost']).toBe('1');
    expect(small.headers['x-ratelimit-remaining']).toBe(String(99 - cost - 2));
  });

  it('stops at limit with a cursor that continues where it stopped, to the end, every paper once', async () => {
    const searched = await searchedAll(QUERY);
    const got: Rec[] = [];
    let cursor: string | null | undefined;
    let calls = 0;
    do {
      const res = await exported({ ...QUERY, limit: '700', ...(cursor ? { cursor } : {}) }).expect(200);
      const { records, closing } = lines(res.body);
      expect(res.headers['x-request-cost']).toBe('1');
      expect(closing.count).toBe(records.length);
      got.push(...records);
      cursor = closing.next_cursor as string | null;
      calls++;
    } while (cursor);
    expect(calls).toBe(Math.ceil(searched.total / 700));
    expect(got.map((r) => r.id)).toEqual(searched.records.map((r) => r.id));
  });

  it('streams CSV: the search\'s columns and each row\'s cursor, continued from the last row', async () => {
    const query = { q: '水素' };
    const searched = await searchedAll(query);
    const first = await exported({ ...query, format: 'csv', limit: '300' }).expect(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const a = parseCsv(first.body);
    expect(a.columns).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(a.rows).toHaveLength(300);
    const rest = parseCsv((await exported({ ...query, limit: '10000', cursor: a.rows.at(-1)!.cursor! }, researcher, 'text/csv').expect(200)).body);
    const rows = [...a.rows, ...rest.rows];
    expect(rows).toHaveLength(searched.total);
    rows.forEach((row, i) => {
      const { cursor, ...fields } = row;
      expect(cursor).toMatch(/^[\w-]+$/);
      expect(fields).toEqual(Object.fromEntries(EXPORT_CSV_COLUMNS.filter((c) => c !== 'cursor').map((c) => [c, csvText(searched.records[i]![c])])));
    });
  });

  it('streams no more than the key\'s allowance covers, and ends with a cursor for the rest', async () => {
    const key = (await keys.create('demo', { daily_limit: 3 })).auth;
    const res = await exported(QUERY, key).expect(200);
    // This request and the 2 left: 3,000 records at most, 3 requests.
    expect(res.headers['x-request-cost']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    const { records, closing } = lines(res.body);
    expect(records).toHaveLength(Math.min(3000, Number(res.headers['x-total-count'])));
    if (Number(res.headers['x-total-count']) > 3000) expect(typeof closing.next_cursor).toBe('string');
    await exported(QUERY, key).expect(429);
  });

  it('refuses what it does not take: another format, a cursor it did not give, the search\'s paging, a missing query', async () => {
    const code = async (query: Record<string, string>) => JSON.parse((await exported(query).expect(400)).body).code;
    expect(await code({ ...QUERY, format: 'bibtex' })).toBe('invalid_format');
    expect(await code({ ...QUERY, cursor: 'nope' })).toBe('invalid_cursor');
    expect(await code({ ...QUERY, offset: '10' })).toBe('unknown_parameter');
    expect(await code({ ...QUERY, mode: 'vector' })).toBe('unknown_parameter');
    expect(await code({ ...QUERY, limit: '10001' })).toBe('invalid_limit');
    expect(await code({ topic: 'hydrogen' })).toBe('missing_query');
    expect(await code({ q: 'a' })).toBe('missing_query');
    expect(await code({ q: 'carbon x' })).toBe('term_too_short');
  });

  it('exports an author\'s papers without q, and an empty match set as a closing line alone', async () => {
    const none = lines((await exported({ q: 'zzqqxx' }).expect(200)).body);
    expect(none).toEqual({ records: [], closing: { next_cursor: null, count: 0 } });
    const searched = await searchedAll({ author: 'Tanaka' });
    expect(lines((await exported({ author: 'Tanaka' }).expect(200)).body).records.map((r) => r.id)).toEqual(searched.records.map((r) => r.id));
  });
});
