import request from 'supertest';
import { PaperChangeLog } from '../../modules/papers/change-log';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { PLAN_ALLOWANCES } from '../../services/gateway/plan-allowance';
import { CHANGE_LIMITS } from '../../services/paper-changes/change-params';
import { paperSchema } from '../../shared/papers/paper.schema';
import { connectMcp, httpOf, problemOf } from '../agents/mcp-client';
import { openDoor, type Door } from '../public-door/openapi-conformance.support';
import { paperLine, parsedPaper } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

const PATH = '/api/v1/papers/changes';
type Item = { cursor: string; op: 'upsert' | 'delete'; paper_id: string; changed_at: string; paper: Record<string, unknown> | null };
type Page = { data: Item[]; count: number; limit: number; next_cursor: string; has_more: boolean };

/**
 * `GET /api/v1/papers/changes` through the data-API door of a whole process (target all) on a real
 * Postgres: paging and order, its 400s, 401, the 410 of an expired cursor, the quota, and the MCP
 * tool. Every answer is also checked against the door's own OpenAPI document.
 */
describe('the paper change feed (GET /api/v1/papers/changes)', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let papers: PaperRepository;
  let log: PaperChangeLog;
  let door: Door;
  let internal: string;
  const keys = () => testKeys(database.db);

  beforeAll(async () => {
    database = await createTestDatabase();
    papers = new PaperRepository(database.db);
    log = new PaperChangeLog(database.db);
    internal = (await keys().create('internal')).auth;
    app = await startTestProcess({
      DATABASE_URL: database.url,
      API_KEY_CACHE_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'trial=1000,demo=1000,researcher=1000,paid=1000,internal=100000',
    });
    door = await openDoor(app.apiUrl!);
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** A request checked against the OpenAPI document; its body. */
  async function get(query: Record<string, string>, status: number, auth = internal): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const res = await door.send('GET', PATH, { query, auth, expect: status });
    expect(res.problems).toEqual([]);
    return res.body;
  }
  const page = (since: string | undefined, limit: number): Promise<Page> => get({ ...(since === undefined ? {} : { since }), limit: String(limit) }, 200);

  const load = (names: string[], title = (n: string) => `Carbon pricing paper ${n}`) =>
    loadPapers(recordsAsLines(names.map((n) => paperLine(n, { title: title(n) }))), papers);
  const idOf = (name: string) => parsedPaper(paperLine(name)).id;
  const remove = (names: string[]) => database.db.query('DELETE FROM papers WHERE id = ANY($1::text[])', [names.map(idOf)]);
  const stored = async () =>
    new Map((await database.db.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM papers')).rows.map((r) => [r.id, r.updated_at.toISOString()]));
  const loggedIds = async () => (await database.db.query<{ paper_id: string }>('SELECT paper_id FROM paper_changes ORDER BY position')).rows.map((r) => r.paper_id);
  const age = (days: number) => database.db.query(`UPDATE paper_changes SET changed_at = now() - make_interval(days => $1)`, [days]);

  /** Reads from `since` to the end, `limit` at a time, applying each change to `mirror`. */
  async function drain(since: string | undefined, limit: number, mirror = new Map<string, string>()) {
    const items: Item[] = [];
    let cursor = since;
    for (;;) {
      const p = await page(cursor, limit);
      expect(p.count).toBe(p.data.length);
      expect(p.count).toBeLessThanOrEqual(limit);
      for (const item of p.data) {
        items.push(item);
        if (item.op === 'upsert') mirror.set(item.paper_id, item.paper!.updated_at as string);
        else mirror.delete(item.paper_id);
      }
      cursor = p.next_cursor;
      if (!p.has_more) return { items, mirror, cursor: p.next_cursor };
      expect(p.count).toBe(limit);
    }
  }

  it('refuses a request without a valid key (401), like every /api/v1 endpoint', async () => {
    expect((await get({}, 401, '')).code).toBe('missing_bearer');
    expect((await get({}, 401, 'Bearer gxk_not-a-real-key-at-all-0123456789abcdefghijk')).code).toBe('invalid_api_key');
  });

  it('pages through every change in commit order, each with the paper as it is now, and ends with exactly the papers of Postgres', async () => {
    await load(['a', 'b', 'c', 'd', 'e']);
    await load(['b', 'd'], (n) => `Carbon pricing paper ${n}, revised`);
    await remove(['c']);
    await load(['f']);

    const { items, mirror, cursor } = await drain(undefined, 3);
    expect(items.map((i) => i.paper_id)).toEqual(await loggedIds());
    expect(mirror).toEqual(await stored());
    // Every change of a paper carries its record as it is now (here: b's revised title, twice).
    const b = items.filter((i) => i.paper_id === idOf('b'));
    expect(b.map((i) => [i.op, i.paper!.title])).toEqual([
      ['upsert', 'Carbon pricing paper b, revised'],
      ['upsert', 'Carbon pricing paper b, revised'],
    ]);
    // c was removed: its upsert is given as a removal too, and its record is null.
    expect(items.filter((i) => i.paper_id === idOf('c')).map((i) => [i.op, i.paper])).toEqual([
      ['delete', null],
      ['delete', null],
    ]);
    // The full stored record, the topic named primary_topic as in the search record.
    const f = items.find((i) => i.paper_id === idOf('f'))!;
    expect(Object.keys(f.paper!)).toEqual(Object.keys(paperSchema.shape).map((k) => (k === 'topic' ? 'primary_topic' : k)));
    expect(f.paper).toMatchObject({ id: idOf('f'), title: 'Carbon pricing paper f', lang: 'en', year: 2024 });
    expect(Date.parse(f.changed_at)).not.toBeNaN();

    // Caught up: nothing more, and the same cursor again; `0` is the beginning, as no since is.
    const idle = await page(cursor, 3);
    expect({ data: idle.data, has_more: idle.has_more, next_cursor: idle.next_cursor }).toEqual({ data: [], has_more: false, next_cursor: cursor });
    expect(await page('0', 2)).toEqual(await page(undefined, 2));

    // An item's cursor continues right after that item (a checkpoint in the middle of a page).
    const middle = items[4]!;
    expect((await page(middle.cursor, 2)).data).toEqual(items.slice(5, 7));

    // A change made later is the next thing the caught-up cursor reads.
    await load(['g']);
    const next = await page(cursor, 3);
    expect(next.data.map((i) => [i.op, i.paper_id])).toEqual([['upsert', idOf('g')]]);
    expect(next.has_more).toBe(false);
  });

  it.each([
    [{ since: 'abc' }, 'invalid_since'],
    [{ since: '-1' }, 'invalid_since'],
    [{ since: '12' }, 'invalid_since'],
    [{ since: '1.2.3' }, 'invalid_since'],
    [{ since: '01.0' }, 'invalid_since'],
    [{ since: '9223372036854775808.0' }, 'invalid_since'],
    [{ limit: '0' }, 'invalid_limit'],
    [{ limit: String(CHANGE_LIMITS.limitMax + 1) }, 'invalid_limit'],
    [{ limit: '2.5' }, 'invalid_limit'],
    [{ limit: 'ten' }, 'invalid_limit'],
    [{ since: 'abc', limit: '0' }, 'invalid_since'],
  ])('%j is 400 %s, with what the value must be', async (query, code) => {
    const problem = await get(query, 400);
    expect(problem).toMatchObject({ status: 400, code, title: 'Bad Request' });
    expect(problem.detail).toMatch(code === 'invalid_since' ? /^since must be 0 \(the beginning\) or a cursor from a previous answer/ : /^limit must be a whole number from 1 to 500/);
  });

  it('a parameter given twice is 400 with its code', async () => {
    const res = await request(app.apiUrl!).get(`${PATH}?since=0&since=0`).set('Authorization', internal).expect(400);
    expect(res.body.code).toBe('invalid_since');
  });

  it('limit defaults to 100; the answer is never cached', async () => {
    const res = await request(app.apiUrl!).get(PATH).set('Authorization', internal).expect(200);
    expect(res.body.limit).toBe(CHANGE_LIMITS.limitDefault);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-dataset-version']).toBeDefined();
  });

  it('is charged to the key like any request', async () => {
    const key = await keys().create('trial');
    const first = await request(app.apiUrl!).get(PATH).query({ limit: 1 }).set('Authorization', key.auth).expect(200);
    expect(first.headers['x-ratelimit-remaining']).toBe(String(PLAN_ALLOWANCES.trial.daily! - 1));
    const refused = await request(app.apiUrl!).get(PATH).query({ since: 'x' }).set('Authorization', key.auth).expect(400);
    expect(refused.headers['x-ratelimit-remaining']).toBe(String(PLAN_ALLOWANCES.trial.daily! - 2));
  });

  it('a cursor behind a removal the retention dropped is 410 cursor_expired; one that kept up is not; starting over gives exactly the papers', async () => {
    await load(['r1', 'r2', 'r3']);
    const first = await drain(undefined, 50);
    const behind = first.cursor;
    await remove(['r2']);
    await load(['r1'], (n) => `Carbon pricing paper ${n}, revised`);
    const keptUp = await drain(behind, 50, new Map(first.mirror));
    // A reader in the middle of a read from the beginning.
    const reading = await page(undefined, 1);
    await age(31);
    expect((await log.prune(30)).removals).toBeGreaterThan(0);

    const gone = await get({ since: behind }, 410);
    expect(gone).toMatchObject({ status: 410, code: 'cursor_expired', title: 'Gone' });
    expect(gone.detail).toMatch(/keeps every change for 30 days.*Start over: discard your copy and read from the beginning \(since=0/);
    // The reader that had read past the removal goes on, and misses nothing.
    const after = await drain(keptUp.cursor, 50, keptUp.mirror);
    expect(after.items).toEqual([]);
    expect(after.mirror).toEqual(await stored());
    // A reader half-way through a read from the beginning when a removal after its cursor was
    // dropped may hold that paper: it starts over too.
    expect((await get({ since: reading.next_cursor }, 410)).code).toBe('cursor_expired');
    // Starting over: the beginning names every paper that exists, once each, as it is now.
    const again = await drain(undefined, 4);
    expect(again.mirror).toEqual(await stored());
    expect(new Set(again.items.map((i) => i.paper_id)).size).toBe(again.items.length);
    expect(again.items.every((i) => i.op === 'upsert')).toBe(true);
    // Cursors issued after the pass hold, whatever the pass dropped before them.
    await load(['r4']);
    expect((await page(again.items[0]!.cursor, 50)).data.map((i) => i.paper_id)).toEqual(again.items.slice(1).map((i) => i.paper_id).concat(idOf('r4')));
  });

  it('a cursor this database never issued is 410 cursor_expired too (start over)', async () => {
    const head = (await drain(undefined, CHANGE_LIMITS.limitMax)).cursor;
    const [position, run] = head.split('.');
    for (const since of [`${BigInt(position!) + 1000n}.${run}`, `${position}.${BigInt(run!) + 5n}`]) {
      const gone = await get({ since }, 410);
      expect(gone.code).toBe('cursor_expired');
      expect(gone.detail).toMatch(/ahead of this database's change log/);
    }
  });

  it('a reader from the beginning while only superseded changes are dropped goes on without a 410', async () => {
    await load(['s1', 's2', 's3']);
    await load(['s1', 's2', 's3'], (n) => `Carbon pricing paper ${n}, revised`);
    const first = await page(undefined, 2);
    await age(31);
    const pass = await log.prune(30);
    expect(pass).toMatchObject({ removals: 0 });
    expect(pass.dropped).toBeGreaterThan(0);
    const rest = await drain(first.next_cursor, 3);
    const mirror = new Map(first.data.filter((i) => i.op === 'upsert').map((i) => [i.paper_id, i.paper!.updated_at as string]));
    for (const item of rest.items) {
      if (item.op === 'upsert') mirror.set(item.paper_id, item.paper!.updated_at as string);
      else mirror.delete(item.paper_id);
    }
    expect(mirror).toEqual(await stored());
  });

  it('has its MCP tool, listPaperChanges: the same answer as the GET, charged like it, its errors the same', async () => {
    const key = await keys().create('trial');
    const mcp = await connectMcp(app.apiUrl!, { Authorization: key.auth });
    try {
      const { tools } = await mcp.client.listTools();
      const tool = tools.find((t) => t.name === 'listPaperChanges')!;
      expect(tool.description).toContain('next_cursor');
      expect((tool.inputSchema.properties as Record<string, Record<string, unknown>>).limit).toMatchObject({ type: 'integer', minimum: 1, maximum: CHANGE_LIMITS.limitMax, default: CHANGE_LIMITS.limitDefault });

      const result = await mcp.call('listPaperChanges', { limit: 3 });
      expect(result.isError).toBeFalsy();
      expect(httpOf(result).headers['x-ratelimit-remaining']).toBe(String(PLAN_ALLOWANCES.trial.daily! - 1));
      const viaHttp = await request(app.apiUrl!).get(PATH).query({ limit: 3 }).set('Authorization', key.auth).expect(200);
      expect(result.structuredContent).toEqual(viaHttp.body);
      const next = await mcp.call('listPaperChanges', { since: viaHttp.body.next_cursor, limit: 3 });
      expect(next.structuredContent).toEqual((await request(app.apiUrl!).get(PATH).query({ since: viaHttp.body.next_cursor, limit: 3 }).set('Authorization', key.auth).expect(200)).body);

      const bad = await request(app.apiUrl!).get(PATH).query({ since: 'nope' }).set('Authorization', key.auth).expect(400);
      expect(problemOf(await mcp.call('listPaperChanges', { since: 'nope' }))).toMatchObject({ status: 400, code: 'invalid_since', detail: bad.body.detail });
      expect(problemOf(await mcp.call('listPaperChanges', { since: '999999999.0' }))).toMatchObject({ status: 410, code: 'cursor_expired' });
    } finally {
      await mcp.close();
    }
  });

  it('is in the data-API OpenAPI document with its parameters, their codes and the 410', async () => {
    const doc = (await request(app.apiUrl!).get('/openapi.json').expect(200)).body;
    const op = doc.paths[PATH].get;
    expect(op.operationId).toBe('listPaperChanges');
    expect(op.parameters.map((p: { name: string; schema: Record<string, unknown> }) => [p.name, p.schema['x-error-code']])).toEqual([
      ['since', 'invalid_since'],
      ['limit', 'invalid_limit'],
    ]);
    expect(op.parameters[1].schema).toMatchObject({ type: 'integer', minimum: 1, maximum: CHANGE_LIMITS.limitMax, default: CHANGE_LIMITS.limitDefault });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '410', '429']));
    expect(op.description).toMatch(/Retention/);
  });
});
