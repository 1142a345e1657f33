import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { loadPapers, PaperGraphRepository, PaperRepository, type PaperInput } from '../../modules/papers';
import { toSemanticPaper } from '../../services/semantic-search/semantic-paper';
import { recordsAsLines } from '../../shared/loading/json-lines';
import type { Database, Queryable } from '../../shared/db/database';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { compactAnswerOf, connectMcp, httpOf, problemOf, type McpConnection } from '../agents/mcp-client';
import { newPaper, paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { makeTempDir, removeDir } from '../support/test-run';
import { responseValidator } from '../support/openapi-validator';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How many corpus papers cite the target: deep enough that a page by OFFSET would show its cost. */
const CITING = 20_000;
const TARGET_DOI = '10.5555/target';
const TARGET_WORK = 'W7000000001';

/** A citing paper's year: ties by the hundred, and every 40th has none (those come last). */
const yearOf = (i: number) => (i % 40 === 0 ? null : 1990 + ((i * 7) % 35));

/**
 * The citing papers: most cite the target by DOI (spelled with a resolver and capitals), every third
 * by its OpenAlex work id, and every thousandth by both (one work cited twice: listed once).
 */
function citingLine(i: number): PaperInput {
  const refs = i % 1000 === 7 ? [`https://doi.org/${TARGET_DOI.toUpperCase()}`, `openalex:${TARGET_WORK}`] : i % 3 === 0 ? [`openalex:${TARGET_WORK}`] : [`https://doi.org/${TARGET_DOI.toUpperCase()}`];
  return { id: `citing-${i}`, title: `Citing study ${i}`, lang: 'en', year: yearOf(i), references: ['10.9999/common-external', ...refs] };
}

/** The paper whose references are listed: corpus papers (one loaded later), external DOIs and work ids, the target twice. */
const A_REFERENCES = ['10.5555/later', '10.9999/external-1', 'openalex:W900001', TARGET_DOI, `https://openalex.org/${TARGET_WORK}`, '10.5555/b', 'openalex:W900002'];
const LINES = {
  target: paperLine('target', { doi: TARGET_DOI, openalex_id: TARGET_WORK, year: 2015, title: 'The target of twenty thousand citations' }),
  a: paperLine('a', { doi: '10.5555/a', year: 2024, references: A_REFERENCES }),
  b: paperLine('b', { doi: '10.5555/b', year: 2001 }),
  later: paperLine('later', { doi: '10.5555/later', year: 2023 }),
  laterWork: paperLine('later-work', { openalex_id: 'W900002', year: 2022 }),
};
const idOf = (line: PaperInput) => newPaper(line).id;

interface Page {
  paper_id: string;
  total: number;
  count: number;
  limit: number;
  next_cursor: string | null;
  results: Json[];
}

/**
 * A paper's references and cited-by on both doors (target all): a generated corpus with a known
 * citation graph — one paper cited by 20,000 others, edges to papers loaded later, external DOIs and
 * work ids, one work cited twice — read to the very end by cursor, while papers citing it are added.
 */
describe('references and cited-by on both doors', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let papers: PaperRepository;
  let internal: string;
  let keys: ReturnType<typeof testKeys>;
  let dataDir: string;
  /** Each citing paper's id and year, in the order the answer must give (the database's text order for ids). */
  let expectedCitedBy: string[];
  const yearById = new Map<string, number | null>();

  const load = async (lines: PaperInput[]) => {
    const report = await loadPapers(recordsAsLines(lines), papers);
    expect(report.rejected).toEqual([]);
  };

  /** Ids newest first: year descending, no year last, then id in the database's order (its collation). */
  async function newestFirst(db: Database, ids: string[]): Promise<string[]> {
    const ranked = (await db.query<{ id: string }>('SELECT id FROM unnest($1::text[]) AS t(id) ORDER BY id', [ids])).rows.map((r) => r.id);
    const rank = new Map(ranked.map((id, i) => [id, i]));
    return [...ids].sort((x, y) => (yearById.get(y) ?? -1) - (yearById.get(x) ?? -1) || rank.get(x)! - rank.get(y)!);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    papers = new PaperRepository(database.db);
    const citing = Array.from({ length: CITING }, (_, i) => citingLine(i));
    // One load: the citing papers before the paper they cite, so their edges resolve when it arrives.
    await load([...citing, LINES.a, LINES.b, LINES.target]);
    for (const line of [...citing, LINES.a]) yearById.set(idOf(line), line.year ?? null);
    expectedCitedBy = await newestFirst(database.db, [...citing.map(idOf), idOf(LINES.a)]);
    keys = testKeys(database.db);
    internal = (await keys.create('internal')).auth;
    // These pages do not use the vector index, which would embed all 20,000 papers first (minutes on
    // two cores, stalling every answer meanwhile): a plain file where its folder goes keeps it from starting.
    dataDir = makeTempDir('graph-data');
    fs.writeFileSync(path.join(dataDir, 'vectors'), 'not a directory');
    app = await startTestProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // Every answer from the route, none from the edge cache (which keeps a public page 60 s).
      RESPONSE_CACHE_TTL_SECONDS: '0',
      PLAN_BURST_PER_SECOND: 'internal=100000,paid=100000',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  });

  const doors = () => [
    { door: 'public', get: (path: string, query: Json = {}) => request(app.url).get(path).query(query) },
    { door: 'data API', get: (path: string, query: Json = {}) => request(app.apiUrl!).get(path).query(query).set('Authorization', internal) },
  ];
  const referencesPath = (id: string) => `/api/v1/papers/${id}/references`;
  const citedByPath = (id: string) => `/api/v1/papers/${id}/cited-by`;

  /** Every page of a walk from `cursor=*`; `between` runs after the first page. */
  async function walk(get: (path: string, query: Json) => request.Test, path: string, limit: number, between?: () => Promise<void>): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor = '*';
    for (;;) {
      const page = (await get(path, { cursor, limit }).expect(200)).body as Page;
      pages.push(page);
      expect(page.count).toBe(page.results.length);
      expect(page.count).toBeLessThanOrEqual(limit);
      if (pages.length === 1) await between?.();
      if (page.next_cursor === null) return pages;
      cursor = page.next_cursor;
    }
  }

  /** Each door's record of a stored paper, exactly as the door builds it. */
  async function recordsOf(id: string) {
    const [paper] = await papers.findByIds([id]);
    return { public: toPublicPaper(paper!, app.config.publicBaseUrl), 'data API': toSemanticPaper(paper!, { vector: null, keyword: null }) } as Record<string, Json>;
  }

  it("lists a paper's references in its order, corpus papers as records and the rest as { doi, openalex_id }, paged to the end", async () => {
    const [b, target] = await Promise.all([recordsOf(idOf(LINES.b)), recordsOf(idOf(LINES.target))]);
    for (const { door, get } of doors()) {
      const all = (await get(referencesPath(idOf(LINES.a))).expect(200)).body as Page;
      expect({ door, ...all, results: undefined }).toEqual({ door, paper_id: idOf(LINES.a), total: 7, count: 7, limit: 25, next_cursor: null, results: undefined });
      expect(all.results).toEqual([
        { doi: '10.5555/later', openalex_id: null },
        { doi: '10.9999/external-1', openalex_id: null },
        { doi: null, openalex_id: 'W900001' },
        target[door],
        target[door],
        b[door],
        { doi: null, openalex_id: 'W900002' },
      ]);
      const pages = await walk(get, referencesPath(idOf(LINES.a)), 3);
      expect(pages.map((p) => p.count)).toEqual([3, 3, 1]);
      expect(pages.flatMap((p) => p.results)).toEqual(all.results);
      expect(pages.every((p) => p.total === 7)).toBe(true);
      // A paper with no references, and the public answer cacheable like a search.
      const none = await get(referencesPath(idOf(LINES.target))).expect(200);
      expect(none.body).toEqual({ paper_id: idOf(LINES.target), total: 0, count: 0, limit: 25, next_cursor: null, results: [] });
      if (door === 'public') expect(none.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    }
  });

  it('walks all 20,001 papers citing one paper with next_cursor, newest first, each once, on both doors', async () => {
    for (const { door, get } of doors()) {
      const pages = await walk(get, citedByPath(idOf(LINES.target)), 100);
      const ids = pages.flatMap((p) => p.results.map((r) => r.id as string));
      expect({ door, pages: pages.length, total: pages[0]!.total }).toEqual({ door, pages: Math.ceil((CITING + 1) / 100), total: CITING + 1 });
      // Exactly the expected sequence: no repeat (a paper citing it twice is listed once), no gap, in order.
      expect(ids.length).toBe(expectedCitedBy.length);
      expect(ids).toEqual(expectedCitedBy);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
    // The records are the doors' own.
    const first = (await doors()[1]!.get(citedByPath(idOf(LINES.target)), { limit: 1 }).expect(200)).body as Page;
    expect(first.results).toEqual([(await recordsOf(expectedCitedBy[0]!))['data API']]);
  }, 120_000);

  it('neither repeats nor skips a paper that cited it when a walk began, while others are added between pages', async () => {
    let added = 0;
    for (const { door, get } of doors()) {
      const newcomers = Array.from({ length: 40 }, (_, i) => paperLine(`newcomer-${door}-${i}`, { year: i % 10 === 0 ? null : 1985 + i, references: [TARGET_DOI] }));
      const before = new Set(expectedCitedBy);
      let afterFirst: string[] = [];
      const pages = await walk(get, citedByPath(idOf(LINES.target)), 97, async () => {
        await load(newcomers);
        added += newcomers.length;
      });
      for (const line of newcomers) yearById.set(idOf(line), line.year ?? null);
      const ids = pages.flatMap((p) => p.results.map((r) => r.id as string));
      const firstPage = pages[0]!.results.map((r) => r.id as string);
      // After the first page the set stood still: the rest of the walk is every paper after its last key, old or new.
      const everything = await newestFirst(database.db, [...expectedCitedBy, ...newcomers.map(idOf)]);
      afterFirst = everything.slice(everything.indexOf(firstPage.at(-1)!) + 1);
      expect({ door, ids }).toEqual({ door, ids: [...firstPage, ...afterFirst] });
      expect(ids.filter((id) => before.has(id))).toEqual(expectedCitedBy);
      expect(new Set(ids).size).toBe(ids.length);
      // Some newcomers are older than where the walk stood, and it visited them.
      expect(ids.filter((id) => !before.has(id)).length).toBeGreaterThan(0);
      expect(pages.at(-1)!.total).toBe(CITING + 1 + added);
      expectedCitedBy = everything;
    }
  }, 120_000);

  it('shows an edge a later load adds at once, whichever end arrives later', async () => {
    // The cited papers arrive after the paper citing them: its references resolve to them.
    await load([LINES.later, LINES.laterWork]);
    const [later, laterWork] = await Promise.all([recordsOf(idOf(LINES.later)), recordsOf(idOf(LINES.laterWork))]);
    // A citing paper arrives after the paper it cites: it leads the cited-by pages (the newest year).
    const newest = paperLine('newest', { year: 2100, references: [`openalex:${TARGET_WORK}`] });
    await load([newest]);
    for (const { door, get } of doors()) {
      const refs = (await get(referencesPath(idOf(LINES.a)), { limit: 7 }).expect(200)).body as Page;
      expect([refs.results[0], refs.results[6]]).toEqual([later[door], laterWork[door]]);
      const cited = (await get(citedByPath(idOf(LINES.target)), { limit: 2 }).expect(200)).body as Page;
      expect({ door, first: cited.results[0]!.id, total: cited.total }).toEqual({ door, first: idOf(newest), total: expectedCitedBy.length + 1 });
      const laterCitedBy = (await get(citedByPath(idOf(LINES.later))).expect(200)).body as Page;
      expect(laterCitedBy.results.map((r) => r.id)).toEqual([idOf(LINES.a)]);
      expect(laterCitedBy.total).toBe(1);
    }
  });

  it('answers 404 for an unknown paper and 400 for a malformed id, cursor or limit, on both doors', async () => {
    const target = idOf(LINES.target);
    const references = (await doors()[0]!.get(referencesPath(idOf(LINES.a)), { limit: 2 }).expect(200)).body as Page;
    const cases: Array<[string, Json, number, string]> = [
      [referencesPath('p_doesnotexist0000'), {}, 404, 'not_found'],
      [citedByPath('p_doesnotexist0000'), {}, 404, 'not_found'],
      [citedByPath('bad.id'), {}, 400, 'invalid_id'],
      [referencesPath('x'.repeat(129)), {}, 400, 'invalid_id'],
      [citedByPath(target), { cursor: 'not-a-cursor' }, 400, 'invalid_cursor'],
      // A references cursor is not a cited-by one.
      [citedByPath(target), { cursor: references.next_cursor }, 400, 'invalid_cursor'],
      [referencesPath(target), { cursor: Buffer.from('[-1]').toString('base64url') }, 400, 'invalid_cursor'],
      // Cursors made up to pass a decoder but not a statement: numbers beyond Postgres integers, an id no paper has the form of.
      [referencesPath(target), { cursor: Buffer.from('[1e300]').toString('base64url') }, 400, 'invalid_cursor'],
      [citedByPath(target), { cursor: Buffer.from('[4294967296,"p_x"]').toString('base64url') }, 400, 'invalid_cursor'],
      [citedByPath(target), { cursor: Buffer.from('[2020,"p_\\u0000"]').toString('base64url') }, 400, 'invalid_cursor'],
      [citedByPath(target), { cursor: 'x'.repeat(10_000) }, 400, 'invalid_cursor'],
      [citedByPath(target), { cursor: '\u0000' }, 400, 'invalid_cursor'],
      [citedByPath(target), { limit: '0' }, 400, 'invalid_limit'],
      [citedByPath(target), { limit: '101' }, 400, 'invalid_limit'],
      [referencesPath(target), { limit: '2.5' }, 400, 'invalid_limit'],
      [referencesPath(target), { limit: ['2', '3'] }, 400, 'invalid_limit'],
    ];
    for (const { door, get } of doors()) {
      for (const [path, query, status, code] of cases) {
        const res = await get(path, query);
        expect({ door, path, query, status: res.status, code: res.body.code }).toEqual({ door, path, query, status, code });
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
  });

  it('charges a data-API page as one request of the allowance, and refuses one without a key', async () => {
    const key = await keys.create('paid', { daily_limit: 50 });
    const get = (path: string) => request(app.apiUrl!).get(path).set('Authorization', key.auth);
    expect((await get(citedByPath(idOf(LINES.target))).expect(200)).headers['x-ratelimit-remaining']).toBe('49');
    expect((await get(referencesPath(idOf(LINES.a))).expect(200)).headers['x-ratelimit-remaining']).toBe('48');
    expect((await get(referencesPath('p_doesnotexist0000')).expect(404)).headers['x-ratelimit-remaining']).toBe('47');
    expect((await request(app.apiUrl!).get(citedByPath(idOf(LINES.target))).expect(401)).body.code).toBe('missing_bearer');
  });

  it("answers as each door's OpenAPI document says: pages of records and external references, 400s and 404s", async () => {
    const checks = [
      [referencesPath(idOf(LINES.a)), {}],
      [referencesPath(idOf(LINES.a)), { limit: '2', cursor: '*' }],
      [citedByPath(idOf(LINES.target)), { limit: '100' }],
      [citedByPath(idOf(LINES.b)), {}],
      [citedByPath('p_doesnotexist0000'), {}],
      [citedByPath('bad.id'), {}],
      [referencesPath(idOf(LINES.a)), { cursor: 'nope' }],
      [referencesPath(idOf(LINES.a)), { limit: '500' }],
    ] as const;
    for (const { door, get } of doors()) {
      const base = door === 'public' ? app.url : app.apiUrl!;
      const validate = responseValidator((await request(base).get('/openapi.json').expect(200)).body as Json);
      for (const [path, query] of checks) {
        const res = await get(path, query);
        const observed = { method: 'GET', path, status: res.status, headers: res.headers, body: res.body, text: res.text };
        expect({ door, path, query, problems: validate(observed) }).toEqual({ door, path, query, problems: [] });
      }
    }
  });

  describe('MCP tools getReferences and getCitedBy', () => {
    const connections: McpConnection[] = [];
    afterAll(async () => {
      await Promise.all(connections.map((c) => c.close()));
    });
    const open = async (door: string) => {
      const mcp = door === 'public' ? await connectMcp(app.url) : await connectMcp(app.apiUrl!, { Authorization: internal });
      connections.push(mcp);
      return mcp;
    };

    it('answer what the GETs do, with compact records, and page by cursor on both doors', async () => {
      for (const { door, get } of doors()) {
        const mcp = await open(door);
        const { tools } = await mcp.client.listTools();
        for (const name of ['getReferences', 'getCitedBy']) expect({ door, name, found: tools.some((t) => t.name === name) }).toEqual({ door, name, found: true });
        const refs = await mcp.call('getReferences', { id: idOf(LINES.a), limit: 4 });
        const refsHttp = (await get(referencesPath(idOf(LINES.a)), { limit: 4 }).expect(200)).body as Json;
        expect(refs.structuredContent).toEqual(compactAnswerOf(refsHttp, 'results'));
        const rest = await mcp.call('getReferences', { id: idOf(LINES.a), cursor: refsHttp.next_cursor, limit: 4 });
        const restPage = rest.structuredContent as unknown as Page;
        expect(restPage.results).toHaveLength(3);
        expect(restPage.next_cursor).toBeNull();

        let cursor: string | undefined;
        const seen: string[] = [];
        for (let i = 0; i < 3; i++) {
          const result = await mcp.call('getCitedBy', { id: idOf(LINES.target), limit: 30, ...(cursor ? { cursor } : {}) });
          expect(httpOf(result).status).toBe(200);
          const page = result.structuredContent as unknown as Page;
          seen.push(...page.results.map((r) => r.id as string));
          cursor = page.next_cursor!;
        }
        const http = (await get(citedByPath(idOf(LINES.target)), { limit: 90 }).expect(200)).body as Page;
        expect(seen).toEqual(http.results.map((r) => r.id));

        expect(problemOf(await mcp.call('getCitedBy', { id: 'p_doesnotexist0000' }))).toMatchObject({ status: 404, code: 'not_found' });
        expect(problemOf(await mcp.call('getReferences', { id: 'bad.id' }))).toMatchObject({ status: 400, code: 'invalid_id' });
        expect(problemOf(await mcp.call('getCitedBy', { id: idOf(LINES.target), cursor: 'nope' }))).toMatchObject({ status: 400, code: 'invalid_cursor' });
      }
    }, 120_000);
  });

  it('reads a page of 100 by one short index range, whatever its depth (the plans Postgres ran, nested statements included)', async () => {
    const plans: Json[] = [];
    // One client of its own with auto_explain logging every statement's plan (the page functions'
    // own statements too) as notices to this client: the plans of what really ran, with its settings.
    const client = await database.db.pool.connect();
    client.on('notice', (msg) => {
      const text = String(msg.message ?? '');
      const json = text.slice(text.indexOf('{'));
      if (/paper_references/.test(text) && json.startsWith('{')) plans.push((JSON.parse(json) as { Plan: Json }).Plan);
    });
    await client.query(
      "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_format = json; SET client_min_messages = log",
    );
    const explaining = { query: (text: string, values?: unknown[]) => client.query(text, values) } as unknown as Queryable;
    const graph = new PaperGraphRepository(explaining);
    const target = idOf(LINES.target);
    let page = await graph.citedBy(target, null, 100);
    const depths = [0];
    for (let read = 100; page.next && read < 19_000; read += 100) {
      page = await graph.citedBy(target, page.next, 100);
      if (read % 6_000 === 0) depths.push(read);
    }
    const scans = (plan: Json): Json[] => [...(plan['Relation Name'] === 'paper_references' ? [plan] : []), ...((plan.Plans as Json[] | undefined) ?? []).flatMap(scans)];
    for (const depth of depths) {
      const read = scans(plans[depth / 100]!);
      expect({ depth, kinds: [...new Set(read.map((s) => `${s['Node Type']} ${s['Index Name']}`))] }).toEqual({ depth, kinds: ['Index Scan paper_references_cited_idx'] });
      // 101 entries (one to know a next page exists), and at most a few more: a paper citing it twice.
      const entries = read.reduce((sum, s) => sum + (s['Actual Rows'] as number) * (s['Actual Loops'] as number), 0);
      expect({ depth, entries: entries <= 105 }).toEqual({ depth, entries: true });
    }
    // The references of a paper: one range of the primary key.
    await graph.references(idOf(LINES.a), 2, 3);
    expect(scans(plans.at(-1)!).map((s) => `${s['Node Type']} ${s['Index Name']}`)).toEqual(['Index Scan paper_references_pkey']);
    await client.query('RESET ALL');
    client.release(true);
  });
});
