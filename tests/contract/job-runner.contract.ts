import { setImmediate as nextTurn } from 'node:timers/promises';
import { createLogger } from '../../shared/logging/logger';
import { IngestRepository } from '../../services/ingest-worker/pipeline/ingest.repository';
import { IngestJobs } from '../../services/ingest-worker/runner/ingest-jobs';
import { createJobRunner } from '../../services/ingest-worker/runner/job-runner.factory';
import type { JobRunner, RunnerKind } from '../../services/ingest-worker/runner/job-runner.port';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-run';
import { RECORDS_PER_PAGE, ScriptedPipeline, ScriptedSources } from './job-runner.fixtures';

/** Two tries for a batch, no pause between them: retries are counted, never waited for. */
const ATTEMPTS = 2;
const SUITE_ENV = {
  INGEST_ATTEMPTS: String(ATTEMPTS),
  INGEST_BACKOFF_MS: '0',
  INGEST_BATCH_CONCURRENCY: '1',
  INGEST_FETCH_CONCURRENCY: '1',
  INGEST_CRON: '30 4 * * 1',
  INGEST_TIMEZONE: 'Europe/Paris',
};

export interface JobRunnerAdapter {
  /** What selects this adapter in the configuration, and isolates it (REDIS_URL, a queue prefix of its own). */
  env(): Promise<Record<string, string>>;
  /** Removes what a closed runner left behind (its queues). */
  cleanup?(env: Record<string, string>): Promise<void>;
}

/** What differs between adapters, stated here and checked by the suite. */
export interface JobRunnerPromises {
  kind: RunnerKind;
  /** How often a failing fetch is tried before the run fails: every INGEST_ATTEMPTS (BullMQ), or once. */
  fetchAttempts: number;
  /** Whole runs one after another, never overlapping (in process); else only the batch concurrency holds. */
  runsOneAtATime: boolean;
  /** `retryFailed` hands failed jobs back to the queues (BullMQ), or runs the kept batches here (in process). */
  retryFailed: 'requeues' | 'runs-here';
}

/**
 * The behaviour every job-runner adapter must have (services/ingest-worker/runner/job-runner.port.ts),
 * as the ingest worker and `gx ingest` see it: through the factory, with a real Postgres (runs and
 * batches are recorded there) and a scripted source and pipeline. Waits are on events (a run's end,
 * a batch entering the pipeline), never on time.
 */
export function jobRunnerContract(adapter: JobRunnerAdapter, promises: JobRunnerPromises): void {
  let database: TestDatabase;
  let env: Record<string, string>;
  let events: string[];
  let sources: ScriptedSources;
  let pipeline: ScriptedPipeline;
  let jobs: IngestJobs;
  let runner: JobRunner;
  let open: JobRunner[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    env = await adapter.env();
    events = [];
    sources = new ScriptedSources(events);
    pipeline = new ScriptedPipeline(events);
    const logger = createLogger({ level: 'silent' });
    jobs = new IngestJobs({ pipeline, ingest: new IngestRepository(database.db), resolveSource: sources.resolve, pageSize: RECORDS_PER_PAGE, logger });
    runner = createJobRunner(testConfig({ ...SUITE_ENV, ...env }), logger, jobs);
    open = [runner];
    await runner.start();
  });
  afterEach(async () => {
    for (const r of open.splice(0)) await r.close();
    await adapter.cleanup?.(env);
    await database?.drop();
  });

  const closeRunner = async () => {
    open = open.filter((r) => r !== runner);
    await runner.close();
  };

  it(`is the ${promises.kind} runner, chosen by the configuration`, () => {
    expect(runner.kind).toBe(promises.kind);
  });

  it('reports the daily schedule it registered: its cron, its time zone and its next time', async () => {
    const { runner: kind, schedule } = await runner.status();
    expect(kind).toBe(promises.kind);
    expect(schedule).toMatchObject({ cron: '30 4 * * 1', timezone: 'Europe/Paris' });
    const next = new Date(schedule!.next!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.toLocaleString('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' })).toBe('Monday 04:30');
  });

  it('a run enqueued is fetched once, and each of its batches goes through the pipeline once', async () => {
    const runId = await runner.enqueueRun('pages:3', undefined, 'api');
    const run = await jobs.runEnded(runId);
    expect(run).toMatchObject({ id: runId, source: 'pages:3', trigger: 'api', status: 'completed', batches: 3, failed_batches: 0 });
    expect(run.figures).toMatchObject({ fetched: 3 * RECORDS_PER_PAGE, stored: 3 * RECORDS_PER_PAGE, failed: 0 });
    expect(sources.fetches.get('pages:3')).toBe(1);
    expect(pipeline.callsOf(runId).map((c) => c.batchNo).sort()).toEqual([1, 2, 3]);
  });

  it(`a batch that keeps failing is tried INGEST_ATTEMPTS times, then recorded failed with its error; retryFailed ${promises.retryFailed === 'requeues' ? 'requeues it' : 'runs it here'} and the run completes`, async () => {
    const runId = await runner.enqueueRun('poison:3:2', undefined, 'api');
    const failed = await jobs.runEnded(runId);
    expect(failed).toMatchObject({ status: 'failed', batches: 3, failed_batches: 1 });
    expect(pipeline.callsOf(runId).filter((c) => c.batchNo === 2).map((c) => c.attempt)).toEqual([1, 2]);
    expect(pipeline.callsOf(runId).filter((c) => c.batchNo !== 2)).toHaveLength(2);
    const batch = await database.db.query('SELECT status, error FROM ingest_batches WHERE run_id = $1 AND batch_no = 2', [runId]);
    expect(batch.rows).toEqual([{ status: 'failed', error: 'the model is down' }]);

    pipeline.heal();
    const outcome = await runner.retryFailed();
    if (promises.retryFailed === 'requeues') expect(outcome).toEqual({ requeued: 1 });
    else expect(outcome).toEqual({ ran: [{ runId, batchNo: 2, figures: expect.objectContaining({ stored: RECORDS_PER_PAGE }) }] });
    const retried = await jobs.runEnded(runId);
    expect(retried).toMatchObject({ status: 'completed', failed_batches: 0 });
    expect(pipeline.callsOf(runId).filter((c) => c.batchNo === 2)).toHaveLength(ATTEMPTS + 1);
  });

  it(`a source that cannot be fetched: tried ${promises.fetchAttempts === 1 ? 'once' : 'INGEST_ATTEMPTS times'}, then the run ends failed with its error`, async () => {
    const runId = await runner.enqueueRun('unreachable', undefined, 'api');
    const run = await jobs.runEnded(runId);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('fetching from unreachable failed: the source is unreachable');
    expect(sources.fetches.get('unreachable')).toBe(promises.fetchAttempts);
    expect(pipeline.calls).toEqual([]);
  });

  it(`holds at most INGEST_BATCH_CONCURRENCY batches (1 here) at once${promises.runsOneAtATime ? ', and runs one run after the other' : ''}`, async () => {
    const first = await runner.enqueueRun('pages:3:a', undefined, 'api');
    const second = await runner.enqueueRun('pages:3:b', undefined, 'api');
    const runs = await Promise.all([jobs.runEnded(first), jobs.runEnded(second)]);
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(pipeline.calls).toHaveLength(6);
    expect(pipeline.maxActive).toBe(1);
    if (promises.runsOneAtATime) {
      // Each run's fetch and batches are one unbroken stretch of the event log.
      const owner = events.map((e) => (e.includes('pages:3:a') ? 'a' : 'b'));
      expect(owner.filter((o, i) => i === 0 || o !== owner[i - 1])).toEqual(['a', 'b']);
    }
  });

  it('close() lets the batch in progress finish, takes no more work, and leaves nothing running', async () => {
    const release = pipeline.hold();
    const entered = pipeline.nextEntry();
    const runId = await runner.enqueueRun('pages:3', undefined, 'api');
    expect(await entered).toMatchObject({ runId, batchNo: 1 });

    const closing = closeRunner().then(() => events.push('closed'));
    // Turns of the event loop, not time: a close that did not wait for the batch would be done by now.
    for (let i = 0; i < 20; i++) await nextTurn();
    expect(events).not.toContain('closed');
    release();
    await closing;

    // Closed last, after the batch (a fetch in progress, BullMQ's own job, may also finish meanwhile).
    expect(events.at(-1)).toBe('closed');
    expect(events).toContain('batch done pages:3 1');
    expect(pipeline.active).toBe(0);
    expect(pipeline.calls).toHaveLength(1);
    await expect(runner.enqueueRun('pages:1', undefined, 'api')).rejects.toThrow();
    for (let i = 0; i < 20; i++) await nextTurn();
    expect(pipeline.calls).toHaveLength(1);
  });
}
