import fs from 'node:fs';
import path from 'node:path';
import { Database } from '../../shared/db/database';
import { responseValidator } from '../support/openapi-validator';
import { testKeys } from '../support/test-keys';
import { waitFor } from '../support/wait-for';
import { runGx, startGx, tempDataDir, type GxServer } from '../lifecycle/gx-child';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Only a detector of a hung request: a test fails when an answer takes this long, it measures nothing. */
const HUNG_MS = 20_000;
/** The bound on one statement given to gx (DATABASE_QUERY_TIMEOUT_MS), short so that the stall answers soon. */
const QUERY_TIMEOUT_MS = 1_500;

/**
 * `gx start --target all` on a PostgreSQL of its own (DATABASE_URL: a shared backend), which is
 * stopped (fast shutdown) and paused (SIGSTOP) under it, and brought back, while gx keeps running.
 * Throughout: the public search answers from its in-process index, `/readyz` is 200 `degraded` on
 * `database`, and every data-API answer that needs the database is a prompt 503
 * `database_unavailable` problem+json as the door's OpenAPI document describes it — never a 500, never
 * a hang. Afterwards everything answers again by itself, and the index catches up with what was
 * written meanwhile and after.
 */
describe('a database outage under gx start (DATABASE_URL)', () => {
  let postgres: PrivatePostgres;
  let db: Database;
  let dataDir: string;
  let gx: GxServer;
  let metered: string;
  let internal: string;
  let validate: ReturnType<typeof responseValidator>;
  let company: string;
  let paper: string;
  let validatePublic: ReturnType<typeof responseValidator>;
  let scratch: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres('outage-pg');
    dataDir = tempDataDir('gx-outage-');
    scratch = tempDataDir('gx-outage-files-');
    gx = await startGx({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      DEMO_DATA: 'true',
      // Every search is answered by the index, none by the edge cache.
      RESPONSE_CACHE_TTL_SECONDS: '0',
      PUBLIC_RATE_LIMIT: '0',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      // Keys are looked up again after a second, so the outage reaches the key store too.
      API_KEY_CACHE_SECONDS: '1',
      SHUTDOWN_TIMEOUT_MS: '2000',
      // The requests in flight below are many a second: no burst limit in the way.
      PLAN_BURST_PER_SECOND: 'trial=5,demo=5,researcher=10,paid=10000,internal=10000',
    });
    db = new Database(postgres.url, 2);
    const keys = testKeys(db);
    // No Redis: a metered key's allowance is counted in Postgres; an Internal key has none.
    metered = (await keys.create('paid', { daily_limit: 100_000 })).auth;
    internal = (await keys.create('internal')).auth;
    validate = responseValidator((await (await fetch(`${api('')}/openapi.json`)).json()) as Json);
    // The vector index is built in the background after a start: wait, so that `degraded` names the database alone.
    await waitFor('gx to be ready', async () => (await readiness()).body.status === 'ready', 200);
    company = ((await (await dataApi('/api/v1/companies?limit=1', internal)).json()) as Json).data[0].code;
    paper = ((await (await dataApi('/api/v1/papers/search?q=hydrogen&mode=keyword&limit=1', internal)).json()) as Json).data[0].id;
    validatePublic = responseValidator((await (await fetch(pub('/openapi.json'))).json()) as Json);
  }, 240_000);

  afterAll(async () => {
    postgres?.resume();
    if (gx && gx.child.exitCode === null && gx.child.signalCode === null) gx.child.kill('SIGTERM');
    await gx?.exited;
    await db?.close();
    await postgres?.remove();
    for (const dir of [dataDir, scratch]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const pub = (p: string) => `http://127.0.0.1:${gx.ports.public}${p}`;
  const api = (p: string) => `http://127.0.0.1:${gx.ports.api}${p}`;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, signal: AbortSignal.timeout(HUNG_MS) });
  const dataApi = (p: string, auth: string) => get(api(p), { authorization: auth });
  const readiness = async () => {
    const res = await get(pub('/readyz'));
    return { status: res.status, body: (await res.json()) as { status: string; checks: Json; degraded?: string[] } };
  };
  const search = async (q: string) => {
    const res = await get(pub(`/api/v1/papers/search?q=${encodeURIComponent(q)}`));
    return { status: res.status, body: (await res.json()) as { total: number; results: { title: string }[] } };
  };
  const metric = async (name: string) => {
    const text = await (await get(`http://127.0.0.1:${gx.ports.metrics}/metrics`)).text();
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  };

  /** Every GET route of the data API, some answered from memory (the company list, the metric search), most from Postgres. */
  const routes = () => [
    '/api/v1/intelligence-events',
    '/api/v1/companies',
    `/api/v1/companies/${company}`,
    `/api/v1/companies/${company}/reports`,
    `/api/v1/companies/${company}/gx-metrics`,
    '/api/v1/gx-metrics',
    '/api/v1/papers/search?q=hydrogen&mode=keyword',
    '/api/v1/papers/changes',
    `/api/v1/papers/${paper}/references`,
    `/api/v1/papers/${paper}/cited-by`,
    '/api/v1/admin/keys',
  ];

  /** Sends a request and checks its answer against the data-API door's OpenAPI document. */
  async function observe(method: 'GET' | 'POST', p: string, auth?: string, body?: object) {
    const headers: Record<string, string> = { ...(auth ? { authorization: auth } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
    const res = await fetch(api(p), { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(HUNG_MS) });
    const text = await res.text();
    const json = (() => {
      try {
        return JSON.parse(text) as Json;
      } catch {
        return undefined;
      }
    })();
    const problems = validate({ method, path: p.split('?')[0]!, status: res.status, headers: Object.fromEntries(res.headers), body: json, text });
    return { status: res.status, code: json?.code as string | undefined, headers: res.headers, json, problems, route: `${method} ${p}` };
  }

  /** A GET of the public door, checked against its OpenAPI document. */
  async function observePublic(p: string) {
    const res = await get(pub(p));
    const text = await res.text();
    const json = JSON.parse(text) as Json;
    const problems = validatePublic({ method: 'GET', path: p.split('?')[0]!, status: res.status, headers: Object.fromEntries(res.headers), body: json, text });
    return { status: res.status, code: json.code as string | undefined, headers: res.headers, json, problems, route: `GET ${p}` };
  }

  /** The public door's pages read from Postgres: a paper's references and cited-by. */
  const publicGraphRoutes = () => [`/api/v1/papers/${paper}/references`, `/api/v1/papers/${paper}/cited-by?limit=5`];

  /** A 503 `database_unavailable` with Retry-After, the door's headers and a documented body. */
  function expectDatabaseUnavailable(answer: Awaited<ReturnType<typeof observe>>) {
    expect({ route: answer.route, status: answer.status, code: answer.code, problems: answer.problems }).toEqual({
      route: answer.route,
      status: 503,
      code: 'database_unavailable',
      problems: [],
    });
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.headers.get('x-request-id')).toBe(answer.json!.request_id);
    expect(answer.headers.get('x-dataset-version')).toBeTruthy();
  }

  it('serves everything while the database answers', async () => {
    for (const p of routes()) expect({ p, status: (await dataApi(p, internal)).status }).toEqual({ p, status: 200 });
    expect((await dataApi('/api/v1/intelligence-events', metered)).status).toBe(200);
    const found = await search('hydrogen');
    expect(found.status).toBe(200);
    expect(found.body.total).toBeGreaterThan(0);
    expect(await metric('gx_db_reachable')).toBe(1);
  });

  describe('stopped (fast shutdown) with requests in flight', () => {
    beforeAll(async () => {
      // Requests keep going out while the server shuts down: each gets an answer, a 200 from
      // before or a 503 after, never a 500 and never silence.
      const inFlight: Promise<Awaited<ReturnType<typeof observe>>>[] = [];
      let sending = true;
      const sender = (async () => {
        while (sending) {
          for (const p of ['/api/v1/intelligence-events', `/api/v1/companies/${company}`, '/api/v1/papers/changes']) inFlight.push(observe('GET', p, internal));
          inFlight.push(observe('GET', '/api/v1/intelligence-events', metered));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await postgres.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      sending = false;
      await sender;
      const answers = await Promise.all(inFlight);
      const seen = new Map<string, number>();
      for (const a of answers) {
        const outcome = a.status === 200 ? '200' : `${a.status} ${a.code}`;
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
      }
      expect([...seen.keys()].filter((k) => k !== '200' && k !== '503 database_unavailable')).toEqual([]);
      expect(seen.get('503 database_unavailable')).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status === 503).flatMap((a) => a.problems)).toEqual([]);
    }, 60_000);

    it('answers every data-API request that needs the database 503 database_unavailable, as documented', async () => {
      // A metered key's allowance is counted in Postgres: every route refuses it.
      for (const p of routes()) expectDatabaseUnavailable(await observe('GET', p, metered));
      // An Internal key (no allowance), once its cached verification is over, is looked up in Postgres.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      for (const p of routes()) expectDatabaseUnavailable(await observe('GET', p, internal));
      // A write, with no key at all: nothing is stored, and it says so.
      expectDatabaseUnavailable(
        await observe('POST', '/api/keys/applications', undefined, { email: 'outage@example.org', name: 'Outage', organization: 'Lab', purpose: 'testing an outage' }),
      );
    });

    it("answers the public door's references and cited-by 503 database_unavailable with Retry-After, as its document says", async () => {
      for (const p of publicGraphRoutes()) {
        const answer = await observePublic(p);
        expect({ route: answer.route, status: answer.status, code: answer.code, problems: answer.problems }).toEqual({ route: answer.route, status: 503, code: 'database_unavailable', problems: [] });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('keeps the public search answering from its in-process index', async () => {
      for (const q of ['hydrogen', 'carbon pricing', '水素']) {
        const found = await search(q);
        expect({ q, status: found.status }).toEqual({ q, status: 200 });
        expect(found.body.total).toBeGreaterThan(0);
      }
    });

    it('reports the database degraded on /readyz, still 200, and unreachable in the metrics', async () => {
      const { status, body } = await readiness();
      expect({ status, state: body.status, degraded: body.degraded }).toEqual({ status: 200, state: 'degraded', degraded: ['database'] });
      expect(body.checks.database).not.toBe('ok');
      expect(await metric('gx_db_reachable')).toBe(0);
    });
  });

  describe('started again', () => {
    beforeAll(async () => {
      await postgres.start();
    }, 60_000);

    it('answers again without a restart of gx, and the index catches up with a paper written afterwards', async () => {
      await waitFor('the data API to answer 200', async () => (await dataApi('/api/v1/intelligence-events', metered)).status === 200, 200);
      for (const p of routes()) expect({ p, status: (await dataApi(p, internal)).status }).toEqual({ p, status: 200 });
      for (const p of publicGraphRoutes()) expect({ p, status: (await observePublic(p)).status }).toEqual({ p, status: 200 });
      await waitFor('/readyz to say ready', async () => (await readiness()).body.status === 'ready', 200);
      expect(await metric('gx_db_reachable')).toBe(1);

      const file = path.join(scratch, 'after-outage.jsonl');
      fs.writeFileSync(file, `${JSON.stringify({ id: 'outage-1', title: 'Zeolite membranes after the outage', year: 2025, source: 'test', lang: 'en' })}\n`);
      const loaded = await runGx(['load', 'papers', file], { DATABASE_URL: postgres.url, DATA_DIR: scratch });
      expect({ code: loaded.code, stderr: loaded.stderr.split('\n').filter((l) => l && !l.startsWith('{')) }).toEqual({ code: 0, stderr: [] });
      await waitFor('the public search to find the new paper', async () => (await search('zeolite membranes')).body.results.some((r) => r.title === 'Zeolite membranes after the outage'), 100);
      // The listeners said once that they lost the database, and that they are back.
      expect(gx.logs.some((l) => l.msg === 'change listener reconnected; catching up')).toBe(true);
      expect(gx.logs.filter((l) => l.level === 'not-json')).toEqual([]);
    });
  });

  describe('paused (SIGSTOP: connections open, nothing answers)', () => {
    beforeAll(() => postgres.pause());
    afterAll(() => postgres.resume());

    it('answers the data API a prompt 503 database_unavailable rather than hanging', async () => {
      const answers = await Promise.all([
        observe('GET', '/api/v1/intelligence-events', metered),
        observe('GET', '/api/v1/papers/changes', internal),
        observe('GET', `/api/v1/companies/${company}`, internal),
        observe('GET', `/api/v1/papers/${paper}/cited-by`, internal),
      ]);
      for (const answer of answers) expectDatabaseUnavailable(answer);
      for (const p of publicGraphRoutes()) expect((await observePublic(p)).code).toBe('database_unavailable');
    });

    it('keeps the public search answering, and /readyz 200 degraded on the database', async () => {
      const found = await search('emission');
      expect(found.status).toBe(200);
      expect(found.body.total).toBeGreaterThan(0);
      const { status, body } = await readiness();
      expect({ status, state: body.status, degraded: body.degraded }).toEqual({ status: 200, state: 'degraded', degraded: ['database'] });
    });
  });

  describe('resumed (SIGCONT)', () => {
    it('answers again, and the index follows new writes', async () => {
      await waitFor('the data API to answer 200', async () => (await dataApi('/api/v1/intelligence-events', metered)).status === 200, 200);
      await waitFor('/readyz to say ready', async () => (await readiness()).body.status === 'ready', 200);
      const file = path.join(scratch, 'after-pause.jsonl');
      fs.writeFileSync(file, `${JSON.stringify({ id: 'pause-1', title: 'Perovskite tandem cells after the pause', year: 2025, source: 'test', lang: 'en' })}\n`);
      expect((await runGx(['load', 'papers', file], { DATABASE_URL: postgres.url, DATA_DIR: scratch })).code).toBe(0);
      await waitFor('the public search to find the new paper', async () => (await search('perovskite tandem')).body.results.some((r) => r.title === 'Perovskite tandem cells after the pause'), 100);
    });
  });
});
