import { createDataApiClient, createPublicClient, datasetVersion, errorOf, isProblem, items, pages, ProblemError, unwrap } from '../src';
import { loadConnectedCorpus } from '../../../tests/support/connected-corpus';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testKeys } from '../../../tests/support/test-keys';
import { startTestProcess, type TestProcess } from '../../../tests/support/test-process';
import { waitFor } from '../../../tests/support/wait-for';

/**
 * The typed client against a started server (`--target all`, in this process, on a database of its
 * own holding the six `resilience` papers of the connected corpus): both doors, paging by cursor,
 * typed problems, and retries that honour the server's Retry-After with an injected sleep, so the
 * suite never waits.
 */
describe('the typed client against a started server', () => {
  let database: TestDatabase;
  let app: TestProcess;
  let id: Record<string, string>;
  let keys: ReturnType<typeof testKeys>;
  let apiKey = '';
  const allIds = () => Object.values(id).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    id = await loadConnectedCorpus(database);
    app = await startTestProcess({ DATABASE_URL: database.url, PLAN_BURST_PER_SECOND: 'demo=100000,researcher=100000' });
    keys = testKeys(database.db);
    apiKey = (await keys.create('researcher')).token;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  describe('the public door', () => {
    const client = () => createPublicClient({ baseUrl: app.url });

    it('searches: the typed page holds every match', async () => {
      const page = await unwrap(client().GET('/api/v1/papers/search', { params: { query: { q: 'resilience', limit: 50 } } }));
      expect(page.total).toBe(6);
      expect(page.results.map((paper) => paper.id).sort()).toEqual(allIds());
    });

    it('looks a paper up by id', async () => {
      const paper = await unwrap(client().GET('/api/v1/papers/{id}', { params: { path: { id: id.h2! } } }));
      expect(paper).toMatchObject({ id: id.h2, doi: '10.5555/gx-h2', title: 'Coastal resilience finance', year: 2022 });
    });

    it('pins a client to the release an answer names: its searches and lookups then carry as_of and answer as of that release', async () => {
      // The first release is cut in the background at start.
      await waitFor('the first release', async () => (await unwrap(client().GET('/api/v1/releases'))).latest !== null);
      const first = await client().GET('/api/v1/papers/search', { params: { query: { q: 'resilience', limit: 50 } } });
      const release = datasetVersion(first)!;
      expect(release).toBe(app.config.provenance.datasetVersion);
      const pinned = client().pin(release);
      const asOf = await pinned.GET('/api/v1/papers/search', { params: { query: { q: 'resilience', limit: 50 } } });
      expect(new URL(asOf.response.url).searchParams.get('as_of')).toBe(release);
      expect(datasetVersion(asOf)).toBe(release);
      expect((await unwrap(asOf)).total).toBe(6);
      const paper = await unwrap(pinned.GET('/api/v1/papers/{id}', { params: { path: { id: id.h2! } } }));
      expect(paper.id).toBe(id.h2);
      const unknown = errorOf(await client().pin('1999-01-01').GET('/api/v1/papers/search', { params: { query: { q: 'resilience' } } }));
      expect(unknown instanceof ProblemError && unknown.code).toBe('unknown_release');
    });

    it('pages the search by cursor: every match once, in the order of one whole page sorted newest first', async () => {
      const whole = await unwrap(client().GET('/api/v1/papers/search', { params: { query: { q: 'resilience', sort: 'newest', limit: 50 } } }));
      const seen: string[][] = [];
      for await (const page of pages(client(), '/api/v1/papers/search', { params: { query: { q: 'resilience', cursor: '*', limit: 2 } } })) {
        seen.push(page.results.map((paper) => paper.id));
      }
      expect(seen.map((ids) => ids.length)).toEqual([2, 2, 2]);
      expect(seen.flat()).toEqual(whole.results.map((paper) => paper.id));
    });

    it("walks a paper's references one per page with items(), in the paper's order", async () => {
      const refs: string[] = [];
      for await (const ref of items(client(), '/api/v1/papers/{id}/references', { params: { path: { id: id.h5! }, query: { limit: 1 } } })) {
        refs.push('id' in ref ? ref.id : `external ${ref.doi}`);
      }
      expect(refs).toEqual([id.h2, id.h3]);
      const citing = [];
      for await (const paper of items(client(), '/api/v1/papers/{id}/cited-by', { params: { path: { id: id.h2! } } })) citing.push(paper.id);
      expect(citing).toEqual([id.h5]);
    });

    it('throws a typed ProblemError for an invalid parameter, with the problem body and the request id', async () => {
      const err = await unwrap(client().GET('/api/v1/papers/search', { params: { query: { q: 'resilience', limit: 500 } } })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProblemError);
      if (!isProblem(err, 'invalid_limit')) throw err;
      expect(err).toMatchObject({ status: 400, code: 'invalid_limit', title: 'Bad Request' });
      expect(err.type).toMatch(/\/problems\/invalid_limit$/);
      expect(err.detail).toContain('limit');
      expect(err.requestId).toBe(err.response.headers.get('X-Request-Id'));
      expect(err.requestId).toBeTruthy();
    });

    it('reports an unknown parameter as unknown_parameter naming the accepted ones', async () => {
      // openapi-fetch infers the call's options, so an extra query key is not a type error: the server refuses it.
      const answer = await client().GET('/api/v1/papers/search', { params: { query: { q: 'resilience', limt: 5 } } });
      const err = errorOf(answer);
      expect(err).toBeInstanceOf(ProblemError);
      expect(err).toMatchObject({ status: 400, code: 'unknown_parameter' });
      expect((err as ProblemError).problem.accepted_parameters).toEqual(expect.arrayContaining(['q', 'limit', 'cursor']));
      expect(answer.error).toMatchObject({ code: 'unknown_parameter' });
    });

    it('throws not_found for an id no paper has', async () => {
      await expect(unwrap(client().GET('/api/v1/papers/{id}', { params: { path: { id: 'no-such-paper' } } }))).rejects.toMatchObject({ name: 'ProblemError', status: 404, code: 'not_found' });
    });
  });

  describe('the data API', () => {
    it('searches by keyword with the key; every answer names the release that answered (X-Dataset-Version)', async () => {
      const api = createDataApiClient({ baseUrl: app.apiUrl!, apiKey });
      const answer = await api.GET('/api/v1/papers/search', { params: { query: { q: 'resilience', mode: 'keyword', limit: 50 } } });
      expect(answer.data?.total).toBe(6);
      expect(answer.data?.data.map((paper) => paper.id).sort()).toEqual(allIds());
      expect(datasetVersion(answer)).toBe(app.config.provenance.datasetVersion);
      const err = await unwrap(api.GET('/api/v1/papers/search', { params: { query: { q: 'resilience', mode: 'keyword', limit: 0 } } })).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'invalid_limit' });
      expect(datasetVersion(err as ProblemError)).toBe(app.config.provenance.datasetVersion);
    });

    it('pages the keyword search by cursor, and follows the change feed by since until has_more is false', async () => {
      const api = createDataApiClient({ baseUrl: app.apiUrl!, apiKey });
      const found: string[] = [];
      for await (const paper of items(api, '/api/v1/papers/search', { params: { query: { q: 'resilience', mode: 'keyword', cursor: '*', limit: 4 } } })) found.push(paper.id);
      expect(found.sort()).toEqual(allIds());

      const changes: string[] = [];
      let count = 0;
      for await (const page of pages(api, '/api/v1/papers/changes', { params: { query: { limit: 2 } } }, { cursorParam: 'since' })) {
        count++;
        changes.push(...page.data.map((change) => change.paper_id));
      }
      expect([...new Set(changes)].sort()).toEqual(allIds());
      expect(count).toBeGreaterThanOrEqual(3);
    });

    it('answers a call without a key with a typed 401', async () => {
      const anonymous = createDataApiClient({ baseUrl: app.apiUrl! });
      await expect(unwrap(anonymous.GET('/api/v1/papers/search', { params: { query: { q: 'resilience' } } }))).rejects.toMatchObject({ status: 401, code: 'missing_bearer' });
    });

    it("waits the 429's Retry-After (an injected sleep), retries, and gives rate_limit_exceeded typed once the attempts are spent", async () => {
      const { token } = await keys.create('demo', { daily_limit: 1 });
      const sleeps: number[] = [];
      const retryAfter: (string | null)[] = [];
      const api = createDataApiClient({
        baseUrl: app.apiUrl!,
        apiKey: token,
        fetch: async (request) => {
          const response = await fetch(request);
          retryAfter.push(response.headers.get('Retry-After'));
          return response;
        },
        retry: { maxAttempts: 3, maxDelayMs: 2 * 86_400_000, sleep: async (ms) => void sleeps.push(ms) },
      });
      const query = { q: 'resilience', mode: 'keyword' as const };
      await unwrap(api.GET('/api/v1/papers/search', { params: { query } }));
      const err = await unwrap(api.GET('/api/v1/papers/search', { params: { query } })).catch((e: unknown) => e);
      if (!isProblem(err, 'rate_limit_exceeded')) throw err;
      expect(err.status).toBe(429);
      expect(err.problem['violated-policies']).toEqual(['daily']);
      // One success, then three 429s: the first two waited out as each asked, the last given back.
      expect(retryAfter).toHaveLength(4);
      expect(retryAfter[0]).toBeNull();
      expect(sleeps).toEqual(retryAfter.slice(1, 3).map((s) => Number(s) * 1000));
      expect(err.retryAfterSeconds).toBe(Number(retryAfter[3]));

      // Asked to wait longer than maxDelayMs (until UTC midnight): given back at once, no wait.
      const impatient: number[] = [];
      const once = createDataApiClient({ baseUrl: app.apiUrl!, apiKey: token, retry: { maxDelayMs: 500, sleep: async (ms) => void impatient.push(ms) } });
      const answer = await once.GET('/api/v1/papers/search', { params: { query } });
      expect(answer.response.status).toBe(429);
      expect(impatient).toEqual([]);
    });

    it('retries a 503 after its Retry-After and gives the answer of the retry', async () => {
      const sleeps: number[] = [];
      const sent: string[] = [];
      let unavailableOnce = true;
      const api = createDataApiClient({
        baseUrl: app.apiUrl!,
        apiKey,
        // A door that is unavailable once (as during a restart), then the real server.
        fetch: async (request) => {
          sent.push(`${request.method} ${new URL(request.url).search} ${request.headers.get('Authorization')?.slice(0, 11)}`);
          if (unavailableOnce) {
            unavailableOnce = false;
            return new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'upstream_unavailable', detail: 'restarting' }), {
              status: 503,
              headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '2' },
            });
          }
          return fetch(request);
        },
        retry: { sleep: async (ms) => void sleeps.push(ms) },
      });
      const page = await unwrap(api.GET('/api/v1/papers/search', { params: { query: { q: 'resilience', mode: 'keyword', limit: 3 } } }));
      expect(page.data).toHaveLength(3);
      expect(sleeps).toEqual([2_000]);
      expect(sent).toEqual(Array(2).fill('GET ?q=resilience&mode=keyword&limit=3 Bearer gxk_'));
    });
  });
});
