import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { scratchDir, testConfig } from '../support/test-run';
import { createLogger } from '../../shared/logging/logger';
import { IngestRepository } from '../../services/ingest-worker/pipeline/ingest.repository';
import { BullmqRunner, DAILY_SCHEDULER, FETCH_QUEUE } from '../../services/ingest-worker/runner/bullmq-runner';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { waitFor } from '../support/wait-for';
import { climatePaper, writeJsonl } from './ingest-fixtures';

const logger = createLogger({ level: 'silent' });

/**
 * `gx start --target ingest-worker` as a child process; resolves once it logged that it started.
 * Each worker has a DATA_DIR of its own, as each pod does (one process owns a DATA_DIR).
 */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('node', [path.resolve(__dirname, '../../bin/gx.js'), 'start', '--target', 'ingest-worker'], {
    env: { ...process.env, SERVICE_PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info', DATA_DIR: scratchDir('ingest-worker'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if ((JSON.parse(line) as { msg?: string }).msg === 'started') resolve();
    });
    child.once('exit', (code) => reject(new Error(`the ingest worker exited early with ${code}`)));
  });
  return child;
}

/** An OpenAI-compatible chat endpoint answering relevance (score 90) or summaries; `hang` leaves requests unanswered. */
async function startModelServer() {
  const state = { hang: false, requests: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.requests++;
      if (state.hang) return; // never answers: the worker is mid-batch
      const schema = (JSON.parse(body) as { response_format: { json_schema: { name: string } } }).response_format.json_schema.name;
      const content =
        schema === 'paper_relevance'
          ? { score: 90, topic: 'carbon_pricing', tags: ['carbon pricing'], shelf: 'none', reason: 'about carbon pricing' }
          : { ai_summary_en: 'A model summary.', ai_summary_ja: 'モデルの要約。', title_en: null, title_ja: 'カーボンプライシング' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(content) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describeWithRedis('ingest on BullMQ (real Redis, real Postgres, worker processes)', () => {
  let database: TestDatabase;
  let redisUrl: string;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    redisUrl = await freshRedisUrl();
    model = await startModelServer();
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await model?.close();
    await database?.drop();
  });

  const env = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LLM_URL: model.url,
    LLM_TIMEOUT_MS: '60000',
    INGEST_CRON: '30 4 * * 1',
    INGEST_TIMEZONE: 'Europe/Paris',
    INGEST_PAGE_SIZE: '5',
    INGEST_LOCK_MS: '1500',
    INGEST_BACKOFF_MS: '100',
  });

  it('registers the daily schedule with its cron and time zone, once however many workers start', async () => {
    // Each one kept as soon as it runs, so afterAll stops it even when the next fails to start.
    const a = await startWorker(env());
    workers.push(a);
    const b = await startWorker(env());
    workers.push(b);
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(FETCH_QUEUE, { connection, prefix: 'gx' });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: DAILY_SCHEDULER, pattern: '30 4 * * 1', tz: 'Europe/Paris' });
      // The next run is a Monday at 04:30 in Paris.
      const next = new Date(schedulers[0]!.next!);
      expect(next.toLocaleString('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' })).toBe('Monday 04:30');
    } finally {
      await queue.close();
      connection.disconnect(); // BullMQ leaves a connection it was given open
    }
    for (const w of [a, b]) {
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('a worker killed mid-batch: its job is taken over, and nothing is lost or stored twice', async () => {
    const first = await startWorker(env());
    workers.push(first);
    const config = testConfig(env());
    const runner = new BullmqRunner(config, undefined, logger);
    const ingest = new IngestRepository(database.db);
    try {
      model.state.hang = true;
      const runId = await runner.enqueueRun(writeJsonl(Array.from({ length: 12 }, (_, i) => climatePaper(i + 1))), undefined, 'api');
      // The worker is waiting on the model for a batch: kill it there.
      await waitFor('the worker to ask the model', async () => (model.state.requests > 0 ? true : undefined));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      model.state.hang = false;

      const second = await startWorker(env());
      workers.push(second);
      const run = await waitFor('the run to finish', async () => {
        const r = await ingest.run(runId);
        return r && r.status !== 'running' ? r : undefined;
      });
      expect(run).toMatchObject({ status: 'completed', batches: 3, failed_batches: 0 });
      expect(run.figures).toMatchObject({ fetched: 12, stored: 12, failed: 0 });
      const stored = await database.db.query<{ n: number; summary: string | null }>('SELECT count(*)::int AS n, min(ai_summary_en) AS summary FROM papers');
      expect(stored.rows[0]).toEqual({ n: 12, summary: 'A model summary.' });
      const events = await database.db.query<{ n: number; distinct_subjects: number }>("SELECT count(*)::int AS n, count(DISTINCT subject_id)::int AS distinct_subjects FROM intelligence_events WHERE event_type = 'paper.published' AND status = 'published'");
      expect(events.rows[0]).toEqual({ n: 12, distinct_subjects: 12 });
      const depths = await runner.depths();
      expect(depths[FETCH_QUEUE]).toMatchObject({ failed: 0, active: 0 });
    } finally {
      await runner.close();
    }
  }, 60_000);
});
