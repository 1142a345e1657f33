import type { Logger } from '../../shared/logging/logger';
import type { EventSummary, RecordEventInput } from './event-params';
import type { IntelligenceEventService } from './event.service';

/**
 * The generated demo intelligence events: on a first start with DEMO_DATA on and an empty event
 * index, a handful of published events so that a newcomer's first `GET /api/v1/intelligence-events`
 * with an ordinary key shows what an event looks like. They point at the generated demo data that
 * the same start loads — demo papers (`10.5555/gx-demo.*` DOIs, `source` demo) and demo companies
 * (codes starting with `0`, which no real TSE issue has) — and each says so: its summary holds
 * `demo: true` and a note, and its dedupe key starts with `demo:`.
 *
 * The facts are written out here rather than read from the generators, which belong to other parts
 * (the papers module, the company-data service); tests/demo/demo-events.test.ts checks every one
 * against the generators, so a change of the demo corpus that leaves these behind fails there.
 */

export const DEMO_EVENT_NOTE = 'Generated demo event (DEMO_DATA): it points at generated demo data, not at a real paper or company.';

/** What `IntelligenceEventService.publishOnce` takes: the dedupe key makes a second seeding a no-op. */
export interface DemoEvent {
  dedupeKey: string;
  input: RecordEventInput;
}

const demoSummary = (fields: EventSummary): EventSummary => ({ demo: true, note: DEMO_EVENT_NOTE, ...fields });

/**
 * A `paper.published` event for demo paper n (one with a DOI), shaped like the ones the ingest
 * records. `id` is the paper's stored id, the one `GET /api/v1/papers/{id}` takes: derived from its
 * DOI alone (modules/papers/paper-input.ts `paperIdFor`), so it stays as long as the DOI does.
 */
function paperPublished(n: number, id: string, occurredAt: string, paper: { title: string; topic: string; draft_score: number }): DemoEvent {
  return {
    dedupeKey: `demo:paper.published:${n}`,
    input: {
      event_type: 'paper.published',
      subject_kind: 'paper',
      subject_id: id,
      occurred_at: occurredAt,
      evidence_refs: [
        { kind: 'doi', ref: `10.5555/gx-demo.${n}` },
        { kind: 'url', ref: `https://example.org/gx-demo/${n}` },
      ],
      summary: demoSummary({ title: paper.title, topic: paper.topic, draft_score: paper.draft_score, source: 'demo' }),
    },
  };
}

interface YearFigures {
  scope1: number;
  scope2_market: number;
  /** The report each figure was taken from (`rpt_{code}_{year}_{type}`). */
  report: string;
}

/**
 * A `gap.emission_computed` event for a demo company: its Scope 1 + 2 (market-based) emissions of
 * one publication year against the year before, computed from the demo metric records.
 */
function emissionComputed(code: string, company: string, occurredAt: string, year: number, current: YearFigures, previous: YearFigures): DemoEvent {
  const total = current.scope1 + current.scope2_market;
  const before = previous.scope1 + previous.scope2_market;
  const [, , , type] = current.report.split('_');
  return {
    dedupeKey: `demo:gap.emission_computed:${code}:${year}`,
    input: {
      event_type: 'gap.emission_computed',
      subject_kind: 'company',
      subject_id: code,
      occurred_at: occurredAt,
      evidence_refs: [
        { kind: 'report', ref: current.report },
        { kind: 'report', ref: previous.report },
        { kind: 'gx_metrics', ref: `/api/v1/companies/${code}/gx-metrics?year_from=${year - 1}&year_to=${year}` },
        { kind: 'url', ref: `https://example.org/gx-demo/reports/${code}/${year}/${type}` },
      ],
      summary: demoSummary({
        company,
        publication_year: year,
        scope1_t: current.scope1,
        scope2_market_t: current.scope2_market,
        scope1_2_t: total,
        previous_scope1_2_t: before,
        scope1_2_change_pct: Math.round(((total - before) / before) * 1000) / 10,
        unit: 't-CO2e',
      }),
    },
  };
}

/** The events, oldest first; fixed times, so the feed's order is the same on every start. */
export const DEMO_EVENTS: readonly DemoEvent[] = [
  emissionComputed(
    '0002', 'Misaki Energy Resources Co., Ltd. (demo)', '2025-06-30T09:00:00Z', 2025,
    { scope1: 735230, scope2_market: 51445, report: 'rpt_0002_2025_sustainability' },
    { scope1: 740618, scope2_market: 82835, report: 'rpt_0002_2024_sustainability' },
  ),
  emissionComputed(
    '0004', 'Sakuragaoka Dairy Co., Ltd. (demo)', '2025-06-30T09:05:00Z', 2025,
    { scope1: 78897, scope2_market: 32834, report: 'rpt_0004_2025_sustainability' },
    { scope1: 81647, scope2_market: 31962, report: 'rpt_0004_2024_sustainability' },
  ),
  paperPublished(2, 'p_yjsKrQNT8_cizX7n', '2025-07-01T09:00:00Z', {
    title: 'Coal Phase-out Pathways and CO2 Emissions in Japan', topic: 'energy_transition', draft_score: 95.5,
  }),
  paperPublished(3, 'p_7C55J_J6jm_WM0F2', '2025-07-01T09:01:00Z', {
    title: 'From Pledges to Practice: The GX-ETS and Carbon Price Signals in the Steel Sector of Australia', topic: 'carbon_pricing', draft_score: 98.3,
  }),
  paperPublished(8, 'p_X0E-d8-90-PdPxsP', '2025-07-01T09:02:00Z', {
    title: 'NDCの実施状況の経済分析：米国の国内のＣＯ２排出量への含意', topic: 'policy', draft_score: 98.3,
  }),
  paperPublished(10, 'p_KLE1jSPKfi4fCD7W', '2025-07-01T09:03:00Z', {
    title: '房地产部门极端事件频率测度：关于区域降水变化的研究', topic: 'climate_science', draft_score: 87.9,
  }),
];

/**
 * Records and publishes the demo events when the event index is empty (a first start); a restart,
 * or an index that already holds events of its own, gets nothing. Two processes starting at once
 * record them once: each event has its dedupe key. Returns how many were recorded.
 */
export async function seedDemoEvents(events: IntelligenceEventService, logger: Logger): Promise<number> {
  const existing = await events.list({ limit: 1 }, { internal: true });
  if (existing.count > 0) return 0;
  const recorded = await events.publishOnce(DEMO_EVENTS);
  if (recorded > 0) logger.info({ events: recorded }, 'published generated demo intelligence events (DEMO_DATA=false to start empty)');
  return recorded;
}
