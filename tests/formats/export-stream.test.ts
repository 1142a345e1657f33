import { Releases } from '../../modules/releases';
import { Database } from '../../shared/db/database';
import { testConfig } from '../support/test-run';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import type { KeywordIndex } from '../../modules/keyword-index';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { parsePaperInput } from '../../modules/papers/paper-input';
import { storedAlone } from '../../shared/papers/paper.schema';
import { errorHandler } from '../../shared/http/base-app';
import { createLogger } from '../../shared/logging/logger';
import { SemanticSearchService } from '../../services/semantic-search/semantic-search.service';
import { PaperExport } from '../../services/semantic-search/paper-export';
import { exportRoutes } from '../../services/semantic-search/export.routes';

/**
 * The export's stream under faults, on the real embedded index: a search step that fails before the
 * first byte, or after it (JSON Lines and CSV), and a client that goes away. The index is the real
 * one; only its `search` is wrapped, to count the steps and to fail the one asked.
 */
describe('the export stream under faults', () => {
  const PAGE = 20;
  let index: MemoryKeywordIndex;
  let server: http.Server;
  let unusedDb: Database | undefined;
  let port = 0;
  const faults = { failAt: 0, calls: 0, holdAt: 0, release: () => undefined as void, held: Promise.resolve() };
  let closed: Promise<{ finished: boolean }>;

  beforeAll(async () => {
    index = new MemoryKeywordIndex();
    await index.init();
    const papers = generateDemoPapers({ count: 1_200 }).map((input) => {
      const parsed = parsePaperInput(input);
      if (!parsed.ok) throw new Error(parsed.error);
      return storedAlone(parsed.paper, '2024-01-01T00:00:00.000Z');
    });
    await index.upsert(papers);
    const wrapped = new Proxy(index, {
      get(target, name, receiver) {
        if (name !== 'search') return Reflect.get(target, name, receiver);
        return async (...args: Parameters<KeywordIndex['search']>) => {
          faults.calls++;
          if (faults.calls === faults.failAt) throw new Error('the index went away');
          if (faults.calls === faults.holdAt) await faults.held;
          return target.search(...args);
        };
      },
    }) as KeywordIndex;
    const exporter = new PaperExport(new SemanticSearchService({ keywordIndex: wrapped }), { maxPerCall: 10_000, recordsPerRequest: 1_000, pageSize: PAGE });
    const app = express();
    app.use((_req, res, next) => {
      closed = new Promise((resolve) => res.once('close', () => resolve({ finished: res.writableFinished })));
      next();
    });
    // Never started: with no release known, the export reads the live index.
    unusedDb = new Database('postgres://unused@127.0.0.1:1/none', 1);
    const releases = new Releases(unusedDb, testConfig().releases, () => {
      throw new Error('no release index is needed');
    }, createLogger({ level: 'silent' }));
    app.use(exportRoutes(exporter, releases, createLogger({ level: 'silent' })));
    app.use(errorHandler(createLogger({ level: 'silent' })));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await unusedDb?.close();
    await new Promise((resolve) => server.close(resolve));
    await index.close();
  });
  beforeEach(() => {
    faults.failAt = 0;
    faults.calls = 0;
    faults.holdAt = 0;
  });

  /** A GET read to its end or its cut: status, body, and whether the body arrived whole. */
  const get = (path: string) =>
    new Promise<{ status: number; type: string; body: string; complete: boolean }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('close', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body, complete: res.complete }));
      });
      req.on('error', reject);
    });

  it('answers 503 search_unavailable when the first step fails: nothing was sent yet', async () => {
    faults.failAt = 1;
    const res = await get('/api/v1/papers/export?q=an');
    expect(res.status).toBe(503);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'search_unavailable', status: 503 });
  });

  it('answers 503 as well when a step fails before anything was sent (the first records still wait in the writer)', async () => {
    faults.failAt = 2;
    const res = await get('/api/v1/papers/export?q=an&format=csv');
    expect([res.status, JSON.parse(res.body).code]).toEqual([503, 'search_unavailable']);
  });

  it('ends JSON Lines with an error line in place of the closing line when a later step fails', async () => {
    faults.failAt = 6;
    const res = await get('/api/v1/papers/export?q=an');
    expect([res.status, res.complete]).toEqual([200, true]);
    const lines = res.body.trimEnd().split('\n').map((l) => JSON.parse(l));
    const last = lines.pop();
    expect(lines).toHaveLength(5 * PAGE);
    expect(lines.every((l) => typeof l.id === 'string')).toBe(true);
    expect(last).toMatchObject({ error: { code: 'search_unavailable', status: 503, count: 5 * PAGE } });
    expect(last).not.toHaveProperty('next_cursor');
  });

  it('cuts a CSV stream short when a later step fails, so the client sees an incomplete body', async () => {
    faults.failAt = 6;
    const res = await get('/api/v1/papers/export?q=an&format=csv');
    expect(res.status).toBe(200);
    expect(res.body.startsWith('\ufeffid,')).toBe(true);
    expect(res.complete).toBe(false);
  });

  it('stops reading the index once the client goes away', async () => {
    const all = await get('/api/v1/papers/export?q=an&limit=10000');
    const steps = faults.calls;
    expect(steps).toBeGreaterThan(10);
    expect(all.complete).toBe(true);
    // The 6th step waits until the client has gone (it has the first records by then): then the stream must not ask for a 7th.
    faults.calls = 0;
    faults.holdAt = 6;
    faults.held = new Promise<void>((resolve) => (faults.release = resolve));
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/papers/export?q=an&limit=10000', agent: false }, (res) => {
        res.once('data', () => req.destroy());
      });
      req.on('error', () => undefined);
      req.on('close', () => resolve());
    });
    expect(await closed).toEqual({ finished: false });
    faults.release();
    // What the handler does once released needs no I/O (the client is gone): a few turns of the event loop see it through.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(faults.calls).toBe(6);
  });
});
