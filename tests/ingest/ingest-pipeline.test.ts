import { testConfig } from '../support/test-run';
import { createLogger } from '../../shared/logging/logger';
import { EventRepository } from '../../services/events-keys/event.repository';
import { IntelligenceEventService } from '../../services/events-keys/event.service';
import { createIngest } from '../../services/ingest-worker/ingest-factory';
import { runInProcess } from '../../services/ingest-worker/runner/run-in-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { climatePaper, japanesePaper, offTopicPaper, writeJsonl } from './ingest-fixtures';

const logger = createLogger({ level: 'silent' });
const config = testConfig({ INGEST_PAGE_SIZE: '4', INGEST_BACKOFF_MS: '0' });
const options = { concurrency: 2, attempts: 3, backoffMs: 0 };

describe('ingest pipeline (file source, real Postgres)', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  const run = async (file: string, overrides = {}) => {
    const parts = await createIngest(config, database.db, logger, overrides);
    try {
      const { runId } = await runInProcess(parts.jobs, file, undefined, 'cli', options);
      return (await parts.ingest.run(runId))!;
    } finally {
      await parts.close();
    }
  };
  const papers = async () => (await database.db.query<{ id: string; doi: string | null; topic: string; draft_score: number; lang: string; shelf: string | null; ai_summary_en: string | null; ai_summary_ja: string | null; title_ja: string | null; source: string; updated_at: Date }>('SELECT * FROM papers ORDER BY id')).rows;
  const events = async () => (await database.db.query<{ subject_id: string; status: string; event_type: string }>("SELECT subject_id, status, event_type FROM intelligence_events ORDER BY subject_id")).rows;

  it('stores what passes the gate, records what does not, dedupes, and publishes one event per new paper', async () => {
    const file = writeJsonl([
      climatePaper(1),
      climatePaper(2),
      // The same DOI written another way: a duplicate.
      climatePaper(1, { id: 'src-1-again', doi: 'https://doi.org/10.5555/GX-INGEST.1' }),
      // No DOI, the same title as paper 3: a duplicate by title.
      climatePaper(3),
      { ...climatePaper(3), id: 'src-3-copy', doi: null },
      offTopicPaper,
      japanesePaper,
      { id: 'no-title', abstract: 'carbon pricing without a title' },
      'this line is not JSON',
    ]);
    const report = await run(file);
    expect(report.status).toBe('completed');
    expect(report.figures).toEqual({ fetched: 9, duplicates: 2, rejected: 1, stored: 4, updated: 0, unchanged: 0, failed: 2 });

    const stored = await papers();
    expect(stored).toHaveLength(4);
    for (const p of stored) {
      expect(p.draft_score).toBeGreaterThanOrEqual(80);
      expect(p.topic).toBe('carbon_pricing');
      expect(p.source).toBe('file:papers.jsonl');
    }
    const ja = stored.find((p) => p.doi === null)!;
    expect(ja).toMatchObject({ lang: 'ja', shelf: 'japan_to_global', title_ja: japanesePaper.title, ai_summary_ja: japanesePaper.abstract.normalize('NFKC'), ai_summary_en: null });
    expect(ja.ai_summary_ja).toContain('(炭素税'); // NFKC: full-width brackets became ASCII
    expect(stored.find((p) => p.doi === '10.5555/gx-ingest.1')!.ai_summary_en).toContain('carbon pricing');

    const rejected = (await database.db.query<{ doi: string; score: number; reason: string }>('SELECT doi, score, reason FROM ingest_rejections')).rows;
    expect(rejected).toEqual([{ doi: offTopicPaper.doi, score: expect.any(Number), reason: expect.stringContaining('no topic term') }]);
    expect(rejected[0]!.score).toBeLessThan(80);

    const published = await events();
    expect(published.map((e) => e.subject_id)).toEqual(stored.map((p) => p.id));
    expect(published.every((e) => e.status === 'published' && e.event_type === 'paper.published')).toBe(true);
  });

  it('a re-run changes nothing; an update changes only that paper, without a second event', async () => {
    const records = [climatePaper(1), climatePaper(2), climatePaper(3)];
    await run(writeJsonl(records));
    const before = await papers();

    const again = await run(writeJsonl(records));
    expect(again.figures).toMatchObject({ fetched: 3, stored: 0, updated: 0, unchanged: 3 });
    expect(await papers()).toEqual(before);

    const changed = [...records];
    changed[1] = climatePaper(2, { abstract: `${String(records[1]!.abstract)} A revised abstract with more carbon pricing evidence.` });
    const update = await run(writeJsonl(changed));
    expect(update.figures).toMatchObject({ stored: 0, updated: 1, unchanged: 2 });
    const after = await papers();
    const moved = after.filter((p, i) => p.updated_at.getTime() !== before[i]!.updated_at.getTime());
    expect(moved.map((p) => p.doi)).toEqual(['10.5555/gx-ingest.2']);
    expect(await events()).toHaveLength(3);
  });

  it('a batch that dies after storing is retried without duplicates, and its events are still published once', async () => {
    const real = new IntelligenceEventService(new EventRepository(database.db));
    let calls = 0;
    const dying = Object.create(real) as IntelligenceEventService;
    dying.publishOnce = async (inputs) => {
      calls += 1;
      // The first attempt of every batch records its events and then dies before finishing.
      if (calls <= 2) {
        await real.publishOnce(inputs.slice(0, 1));
        throw new Error('worker died');
      }
      return real.publishOnce(inputs);
    };
    const report = await run(writeJsonl([1, 2, 3, 4, 5, 6, 7, 8].map((n) => climatePaper(n))), { events: dying });
    expect(report.status).toBe('completed');
    // Figures come from what the run did, whichever attempt did it.
    expect(report.figures).toMatchObject({ fetched: 8, stored: 8, updated: 0, unchanged: 0, failed: 0 });
    const stored = await papers();
    expect(stored).toHaveLength(8);
    const published = await events();
    expect(published.map((e) => e.subject_id)).toEqual(stored.map((p) => p.id));
    expect(published.every((e) => e.status === 'published')).toBe(true);
  });

  it('a batch that fails every attempt is kept with its records and marks the run failed', async () => {
    const scorer = { kind: 'broken', score: async () => Promise.reject(new Error('model endpoint down')) };
    const report = await run(writeJsonl([climatePaper(1), climatePaper(2)]), { scorer });
    expect(report.status).toBe('failed');
    expect(report.failed_batches).toBe(1);
    expect(report.figures).toMatchObject({ fetched: 2, failed: 2, stored: 0 });
    const kept = (await database.db.query<{ error: string; records: unknown[]; attempts: number }>('SELECT error, records, attempts FROM ingest_batches')).rows;
    expect(kept).toEqual([{ error: 'model endpoint down', records: expect.any(Array), attempts: 1 }]);
    expect(kept[0]!.records).toHaveLength(2);

    // retry-failed's path: the kept batch runs again, now with a working scorer.
    const parts = await createIngest(config, database.db, logger);
    try {
      const [batch] = await parts.ingest.failedBatches();
      await parts.ingest.reopenRun(batch!.runId);
      await parts.jobs.runBatch({ runId: batch!.runId, batchNo: batch!.batchNo, source: batch!.source, records: batch!.records }, 2, true);
      const after = (await parts.ingest.run(batch!.runId))!;
      expect(after).toMatchObject({ status: 'completed', failed_batches: 0 });
      expect(after.figures).toMatchObject({ stored: 2, failed: 0 });
    } finally {
      await parts.close();
    }
  });
});
