import request from 'supertest';
import { generateDemoPapers } from '../../modules/papers/demo/demo-papers';
import { parsePaperInput } from '../../modules/papers/paper-input';
import { generateDemoCompanyData } from '../../services/company-data/demo/demo-companies';
import { parseRecordInput } from '../../services/events-keys/event-bodies';
import { DEMO_EVENT_NOTE, DEMO_EVENTS, seedDemoEvents, type DemoEvent } from '../../services/events-keys/demo-events';
import { EventRepository, type IntelligenceEvent } from '../../services/events-keys/event.repository';
import { IntelligenceEventService } from '../../services/events-keys/event.service';
import { createLogger } from '../../shared/logging/logger';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { startTestProcess, type TestProcess } from '../support/test-process';

/**
 * The generated demo intelligence events (services/events-keys/demo-events.ts): what they point at,
 * and that a first start with DEMO_DATA shows them to an ordinary approved key, once.
 */

const PATH = '/api/v1/intelligence-events';
const quiet = createLogger({ level: 'silent' });
/** What an event is, without what differs between recordings (its id and its recording times). */
const content = ({ id: _id, created_at: _c, updated_at: _u, ...rest }: IntelligenceEvent) => rest;
/** The demo events as the feed serves them, newest first. */
const expected = () =>
  DEMO_EVENTS.map(({ input }) => {
    const parsed = parseRecordInput(input);
    return {
      event_type: parsed.eventType,
      status: 'published',
      subject_kind: parsed.subjectKind,
      subject_id: parsed.subjectId,
      occurred_at: parsed.occurredAt.toISOString(),
      evidence_refs: parsed.evidenceRefs,
      summary: parsed.summary,
    };
  }).reverse();

describe('the generated demo intelligence events', () => {
  it('are valid events, each marked as generated, with their own dedupe keys', () => {
    expect(DEMO_EVENTS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(DEMO_EVENTS.map((e) => e.dedupeKey)).size).toBe(DEMO_EVENTS.length);
    for (const { dedupeKey, input } of DEMO_EVENTS) {
      expect(() => parseRecordInput(input)).not.toThrow();
      expect(dedupeKey.startsWith('demo:')).toBe(true);
      expect(input.summary).toMatchObject({ demo: true, note: DEMO_EVENT_NOTE });
    }
    expect(new Set(DEMO_EVENTS.map((e) => e.input.event_type))).toEqual(new Set(['paper.published', 'gap.emission_computed']));
  });

  it('point at generated demo papers as the generator makes them and the store keeps them', () => {
    const events = DEMO_EVENTS.filter((e) => e.input.event_type === 'paper.published');
    const numberOf = (e: DemoEvent) => Number(e.input.evidence_refs?.find((r) => r.kind === 'doi')?.ref.slice('10.5555/gx-demo.'.length));
    const papers = generateDemoPapers({ count: Math.max(...events.map(numberOf)) });
    for (const event of events) {
      const generated = papers[numberOf(event) - 1]!;
      const parsed = parsePaperInput(generated);
      if (!parsed.ok) throw new Error(parsed.error);
      // If the demo corpus changed, write these values into services/events-keys/demo-events.ts.
      expect({ subject_id: event.input.subject_id, ...event.input.summary }).toMatchObject({
        subject_id: parsed.paper.id,
        title: generated.title,
        topic: generated.topic,
        draft_score: generated.draft_score,
        source: 'demo',
      });
      expect(event.input.evidence_refs).toEqual([
        { kind: 'doi', ref: generated.doi },
        { kind: 'url', ref: generated.source_url },
      ]);
    }
  });

  it('point at generated demo companies, their reports and their metric records', () => {
    const demo = generateDemoCompanyData();
    const reports = new Map(demo.reports.map((r) => [`rpt_${r.company_code}_${r.publication_year}_${r.type}`, r]));
    for (const { input } of DEMO_EVENTS.filter((e) => e.input.event_type === 'gap.emission_computed')) {
      const code = input.subject_id;
      const company = demo.companies.find((c) => c.code === code);
      const year = Number(input.summary?.publication_year);
      const metric = (y: number) => demo.metrics.find((m) => m.company_code === code && m.publication_year === y);
      const [current, previous] = [metric(year), metric(year - 1)];
      const total = (current?.scope1 ?? NaN) + (current?.scope2_market ?? NaN);
      const before = (previous?.scope1 ?? NaN) + (previous?.scope2_market ?? NaN);
      // If the demo company data changed, write these values into services/events-keys/demo-events.ts.
      expect(input.summary).toMatchObject({
        company: company?.name_en,
        scope1_t: current?.scope1,
        scope2_market_t: current?.scope2_market,
        scope1_2_t: total,
        previous_scope1_2_t: before,
        scope1_2_change_pct: Math.round(((total - before) / before) * 1000) / 10,
      });
      expect(company?.source).toBe('demo');
      const reportRefs = (input.evidence_refs ?? []).filter((r) => r.kind === 'report').map((r) => r.ref);
      expect(reportRefs).toEqual([current?.sources?.scope1, previous?.sources?.scope1]);
      for (const ref of reportRefs) expect({ ref, known: reports.has(ref) }).toEqual({ ref, known: true });
      const url = input.evidence_refs?.find((r) => r.kind === 'url')?.ref;
      expect(url).toBe(reports.get(reportRefs[0]!)?.source_url);
    }
  });

  describe('seeding an event index', () => {
    let database: TestDatabase;
    let service: IntelligenceEventService;
    beforeAll(async () => {
      database = await createTestDatabase();
      service = new IntelligenceEventService(new EventRepository(database.db));
    });
    afterAll(async () => {
      await database?.drop();
    });
    beforeEach(() => database.db.query('TRUNCATE intelligence_events'));

    const all = async () => (await service.list({ limit: 200 }, { internal: true })).data;

    it('publishes every demo event into an empty index, and nothing the second time', async () => {
      expect(await seedDemoEvents(service, quiet)).toBe(DEMO_EVENTS.length);
      const first = await all();
      expect(first.map(content)).toEqual(expected());
      expect(await seedDemoEvents(service, quiet)).toBe(0);
      expect(await all()).toEqual(first);
    });

    it('leaves alone an index that already holds events, and a demo event an operator retracted', async () => {
      await seedDemoEvents(service, quiet);
      const [newest] = await all();
      await service.transition(newest!.id, 'retracted');
      expect(await seedDemoEvents(service, quiet)).toBe(0);
      // Even with the other demo events gone, an index with an event of its own gets none.
      await database.db.query('DELETE FROM intelligence_events WHERE id <> $1', [newest!.id]);
      expect(await seedDemoEvents(service, quiet)).toBe(0);
      expect((await all()).map((e) => [e.id, e.status])).toEqual([[newest!.id, 'retracted']]);
    });
  });

  describe('a demo start (target all)', () => {
    let database: TestDatabase;
    let app: TestProcess | undefined;
    let key: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
      // As in the README: apply for a key, and an operator approves it (a Researcher key, not Internal).
      const applied = await request(app.apiUrl!).post('/api/keys/applications')
        .send({ email: 'newcomer@example.org', name: 'New Comer', organization: 'A Lab', purpose: 'research' }).expect(201);
      await testKeys(database.db).service.act(applied.body.key_id, 'approve', 'operator:test');
      key = `Bearer ${applied.body.key}`;
    }, 180_000);
    afterAll(async () => {
      await app?.stop();
      await database?.drop();
    });

    it('shows the published demo events to an ordinary approved key', async () => {
      const res = await request(app!.apiUrl!).get(PATH).set('Authorization', key).expect(200);
      expect(res.body.data.map(content)).toEqual(expected());
      expect(res.body).toMatchObject({ count: DEMO_EVENTS.length, next_cursor: null });
      // What they point at is there: the demo paper and the demo company.
      const paper = res.body.data.find((e: IntelligenceEvent) => e.event_type === 'paper.published');
      const stored = await request(app!.url).get(`/api/v1/papers/${paper.subject_id}`).expect(200);
      expect(stored.body).toMatchObject({ title: paper.summary.title, doi: paper.evidence_refs[0].ref });
      const company = res.body.data.find((e: IntelligenceEvent) => e.event_type === 'gap.emission_computed');
      const metrics = await request(app!.apiUrl!).get(`/api/v1/companies/${company.subject_id}/gx-metrics`).set('Authorization', key).expect(200);
      expect(metrics.body.data.find((m: { publication_year: number }) => m.publication_year === company.summary.publication_year))
        .toMatchObject({ scope1: company.summary.scope1_t, scope2_market: company.summary.scope2_market_t });
    });

    it('adds nothing on a second start', async () => {
      const before = (await request(app!.apiUrl!).get(PATH).set('Authorization', key).expect(200)).body.data;
      await app!.stop();
      app = undefined;
      app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
      const after = await request(app.apiUrl!).get(PATH).set('Authorization', key).expect(200);
      expect(after.body.data).toEqual(before);
      const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM intelligence_events');
      expect(rows[0]!.n).toBe(DEMO_EVENTS.length);
    }, 180_000);
  });

  it('are not seeded with DEMO_DATA=false', async () => {
    const database = await createTestDatabase();
    let app: TestProcess | undefined;
    try {
      app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'false' });
      const internal = (await testKeys(database.db).create('internal')).auth;
      const res = await request(app.apiUrl!).get(PATH).set('Authorization', internal).expect(200);
      expect(res.body.data).toEqual([]);
    } finally {
      await app?.stop();
      await database.drop();
    }
  }, 120_000);
});
