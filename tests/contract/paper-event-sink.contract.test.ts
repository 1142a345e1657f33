import { createEventService } from '../../services/events-keys';
import type { PaperEvent, PaperEventSink } from '../../services/ingest-worker/pipeline/paper-events.port';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const event = (id: string): PaperEvent => ({
  dedupeKey: `paper.published:${id}`,
  input: {
    event_type: 'paper.published',
    subject_kind: 'paper',
    subject_id: id,
    occurred_at: new Date('2026-11-01T00:00:00Z'),
    evidence_refs: [{ kind: 'doi', ref: `10.5555/${id}` }],
    summary: { title: `Paper ${id}`, topic: 'hydrogen', draft_score: 90, source: 'test' },
  },
});

/**
 * What ingest's PaperEventSink must do (its one adapter is the events-keys service's event index, on
 * real Postgres): publish each paper's event once per dedupe key however often a run is retried, say
 * how many were new, and leave every one published.
 */
describe('PaperEventSink contract: the intelligence-event index (events-keys)', () => {
  let database: TestDatabase;
  let sink: PaperEventSink;
  beforeEach(async () => {
    database = await createTestDatabase();
    sink = createEventService(database.db);
  });
  afterEach(async () => {
    await database.drop();
  });

  const published = async () =>
    (await database.db.query<{ subject_id: string }>("SELECT subject_id FROM intelligence_events WHERE status = 'published' ORDER BY subject_id")).rows.map((r) => r.subject_id);

  it('publishes each event once, however often the same batch is retried', async () => {
    expect(await sink.publishOnce([event('a'), event('b'), event('c')])).toBe(3);
    expect(await sink.publishOnce([event('a'), event('b'), event('c'), event('d')])).toBe(1);
    await Promise.all([sink.publishOnce([event('e')]), sink.publishOnce([event('e')])]);
    expect(await published()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('publishes nothing for no events', async () => {
    expect(await sink.publishOnce([])).toBe(0);
    expect(await published()).toEqual([]);
  });
});
