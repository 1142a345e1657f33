import { createLogger } from '../../shared/logging/logger';
import { BullmqRunner } from '../../services/ingest-worker/runner/bullmq-runner';
import { openAlexWork, startOpenAlexServer, type OpenAlexServer } from '../ingest/openalex-server';
import { startFleet, type Fleet, type FleetShape } from '../support/fleet';
import { testKeys } from '../support/test-keys';
import { describeWithRedis } from '../support/test-redis';
import { testConfig } from '../support/test-run';
import { waitFor } from '../support/wait-for';

/**
 * The whole platform as operators run it, twice: one OS process (`gx start --target all`), and every
 * target in an OS process of its own behind the gateway. Real Postgres and Redis; the only stand-in
 * is the OpenAlex API (an external internet service). The same assertions hold for both shapes.
 */

const ABSTRACT = 'We estimate how carbon pricing and an emissions trading scheme change greenhouse gas emissions of Japanese utilities during the energy transition';
/** A word no demo paper has: what the ingest run brings in is told apart by it. */
const MARKER = 'quokkafjord';

interface SearchBody {
  total?: number;
  count?: number;
  mode?: string;
  /** The public search's papers. */
  results?: { id: string; title?: string }[];
  /** The data API's papers. */
  data?: { id: string; title?: string }[];
  code?: string;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: SearchBody }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as SearchBody };
}

describeWithRedis('the platform end to end', () => {
  describe.each<FleetShape>(['all', 'split'])('shape %s', (shape) => {
    let fleet: Fleet;
    let openAlex: OpenAlexServer;
    let auth: Record<string, string>;

    beforeAll(async () => {
      openAlex = await startOpenAlexServer([
        [1, 2, 3].map((n) => openAlexWork(n, ABSTRACT, { title: `${MARKER} emissions trading and carbon pricing under uncertainty ${n}` })),
      ]);
      fleet = await startFleet({ shape, env: { OPENALEX_URL: openAlex.url, INGEST_PAGE_SIZE: '10', INGEST_BACKOFF_MS: '100' } });
      auth = { Authorization: (await testKeys(fleet.database!.db).create('researcher')).auth };
    });
    afterAll(async () => {
      await fleet?.stop();
      await openAlex?.close();
    });

    /** A test whose failure message carries what the fleet's processes wrote (their output is kept quiet otherwise). */
    const step = (name: string, fn: () => Promise<void>) =>
      it(name, async () => {
        try {
          await fn();
        } catch (err) {
          if (err instanceof Error) err.message += `\n\nfleet output:\n${fleet?.output() || '(none)'}`;
          throw err;
        }
      });

    step('public search on the public door finds the demo papers, with CORS', async () => {
      const res = await getJson(`${fleet.publicUrl}/api/v1/papers/search?q=hydrogen&limit=5`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.results).toHaveLength(5);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });

    step('an authenticated data-API request carries the quota headers', async () => {
      const res = await getJson(`${fleet.apiUrl}/api/v1/intelligence-events`, auth);
      expect(res.status).toBe(200);
      // Researcher: 10,000 a month (spec 001 §8), one of them spent now.
      expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('9999');
      expect(res.headers.get('ratelimit')).toMatch(/^"monthly";r=9999;t=\d+$/);
      expect(res.headers.get('x-dataset-version')).toBeTruthy();
      const anonymous = await getJson(`${fleet.apiUrl}/api/v1/intelligence-events`);
      expect(anonymous.status).toBe(401);
    });

    step('company data answers with the demo companies', async () => {
      const res = await getJson(`${fleet.apiUrl}/api/v1/companies?limit=3`, auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 3 });
      expect(res.body.total).toBeGreaterThan(3);
    });

    step('vector-mode paper search on the data API answers with results', async () => {
      const res = await getJson(`${fleet.apiUrl}/api/v1/papers/search?q=${encodeURIComponent('green hydrogen production costs')}&mode=vector&limit=10`, auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mode: 'vector', count: 10 });
    });

    step('an ingest run from OpenAlex makes its new papers searchable through the public door', async () => {
      const search = `${fleet.publicUrl}/api/v1/papers/search?q=${MARKER}`;
      expect((await getJson(search)).body.total).toBe(0);
      // Queued on the fleet's Redis, as the daily schedule does; the ingest worker process runs it.
      const runner = new BullmqRunner(testConfig(fleet.env), undefined, createLogger({ level: 'silent' }));
      try {
        await runner.enqueueRun('openalex', '2026-11-19', 'api');
      } finally {
        await runner.close();
      }
      const found = await waitFor('the ingested papers to be found on the public door', async () => {
        const res = await getJson(search);
        return res.status === 200 && (res.body.total ?? 0) >= 3 && res.body;
      });
      expect(found.total).toBe(3);
      expect(found.results!.map((p) => p.title)).toEqual(expect.arrayContaining([1, 2, 3].map((n) => `${MARKER} emissions trading and carbon pricing under uncertainty ${n}`)));
      expect(openAlex.requests.length).toBeGreaterThan(0);
    });

    if (shape === 'split') {
      step('a service process that is down: the gateway answers its routes 503 at once, serves the others, and recovers on restart', async () => {
        const search = `${fleet.publicUrl}/api/v1/papers/search?q=hydrogen`;
        await fleet.kill('public-search');
        const down = await fetch(search);
        expect(down.status).toBe(503);
        expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(down.headers.get('retry-after')).toBe('1');
        expect(down.headers.get('access-control-allow-origin')).toBe('*');
        expect(((await down.json()) as SearchBody).code).toBe('upstream_unavailable');
        // The other services' routes are served meanwhile.
        expect((await getJson(`${fleet.apiUrl}/api/v1/companies?limit=1`, auth)).status).toBe(200);
        expect((await getJson(`${fleet.apiUrl}/api/v1/intelligence-events`, auth)).status).toBe(200);

        await fleet.restart('public-search');
        const up = await getJson(search);
        expect(up.status).toBe(200);
        expect(up.body.total).toBeGreaterThan(0);
      });
    }
  });
});
