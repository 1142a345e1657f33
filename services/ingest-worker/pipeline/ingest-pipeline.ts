import { performance } from 'node:perf_hooks';
import type { NewPaper, PaperRepository } from '../../../modules/papers';
import type { RelevanceScorer, Summariser } from '../enrich/enrichment.port';
import type { SourceRecord } from '../sources/paper-source.port';
import { emptyFigures, type BatchFigures, type IngestRepository } from './ingest.repository';
import type { IngestMetrics, Stage, StageTimes } from './ingest-metrics';
import type { PaperEventSink } from './paper-events.port';
import { claimKeys, dedupe, normalise } from './normalise';

export interface PipelineDeps {
  papers: PaperRepository;
  ingest: IngestRepository;
  scorer: RelevanceScorer;
  summariser: Summariser;
  events: PaperEventSink;
  /** The quality gate: papers scoring below it are rejected (spec: 80). */
  gate: number;
  metrics?: IngestMetrics;
}

export interface BatchInput {
  runId: string;
  batchNo: number;
  source: string;
  records: SourceRecord[];
  /** 1 on the first attempt. */
  attempt: number;
}

export interface BatchResult {
  figures: BatchFigures;
  times: StageTimes;
  /** Ids of the papers that passed the gate and are stored. */
  stored: string[];
}

/**
 * One batch through the stages: normalise → dedupe → relevance score and the gate → summaries →
 * store (one statement, which records the change log in the same transaction) → a
 * `paper.published` event per new paper. Indexes are not written here: the indexer and every
 * process-local index follow the change log. Every stage is idempotent, so a batch that fails (or whose
 * worker dies) is simply run again: content hashes keep unchanged papers untouched, figures are
 * taken from what the run did to each paper whatever the attempt, events are recorded once per paper.
 */
export class IngestPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async processBatch(input: BatchInput): Promise<BatchResult> {
    const d = this.deps;
    const times: StageTimes = {};
    const timed = async <T>(stage: Stage, fn: () => Promise<T> | T): Promise<T> => {
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        const ms = performance.now() - t0;
        times[stage] = (times[stage] ?? 0) + ms;
        d.metrics?.stageSeconds.observe({ stage }, ms / 1000);
      }
    };
    const figures = emptyFigures();
    figures.fetched = input.records.length;

    const normalised = await timed('normalise', () => normalise(input.records, input.source));
    figures.failed = normalised.failed.length;

    const candidates = await timed('dedupe', async () => {
      const { unique, duplicates } = dedupe(normalised.candidates);
      figures.duplicates = duplicates;
      const withoutDoi = unique.filter((c) => c.paper.doi === null && c.titleKey !== '');
      const stored = await d.ingest.idsByTitleKey(withoutDoi.map((c) => c.titleKey));
      // A paper without a DOI whose title is already in the corpus under another identity is that paper.
      const fresh = unique.filter((c) => c.paper.doi !== null || !stored.has(c.titleKey) || stored.get(c.titleKey) === c.paper.id);
      // A paper an earlier page of this run brought is this batch's duplicate (by id; by title when it has no DOI).
      const earlier = await d.ingest.claimedEarlier(input.runId, input.batchNo, fresh.flatMap(claimKeys));
      const mine = fresh.filter((c) => !earlier.has(`id:${c.paper.id}`) && !(c.paper.doi === null && c.titleKey !== '' && earlier.has(`title:${c.titleKey}`)));
      figures.duplicates += unique.length - mine.length;
      return mine.map((c) => c.paper);
    });

    const admitted = await timed('score', async () => {
      const scores = await d.scorer.score(candidates);
      const passed: NewPaper[] = [];
      const rejected = [];
      for (const [i, paper] of candidates.entries()) {
        const r = scores[i]!;
        if (r.score < d.gate) {
          rejected.push({ paperId: paper.id, doi: paper.doi, title: paper.title, source: paper.source, score: r.score, reason: r.reason });
          continue;
        }
        passed.push({ ...paper, draft_score: r.score, topic: r.topic, tags: r.tags, shelf: r.shelf });
      }
      figures.rejected = rejected.length;
      await d.ingest.recordRejections(input.runId, rejected);
      return passed;
    });

    const papers = await timed('summarise', async () => {
      const summaries = await d.summariser.summarise(admitted);
      const existing = new Map((await d.papers.findByIds(admitted.map((p) => p.id))).map((p) => [p.id, p]));
      return admitted.map((p, i) => ({
        ...p,
        ...summaries[i]!,
        // An editor's shelf is kept: the scorer never assigns `curated`.
        shelf: existing.get(p.id)?.shelf === 'curated' ? 'curated' : p.shelf,
      }));
    });

    await timed('store', () => d.papers.upsertMany(papers));
    const outcomes = await d.ingest.classify(input.runId, papers.map((p) => p.id));
    for (const outcome of outcomes.values()) figures[outcome === 'new' ? 'stored' : outcome] += 1;

    const fresh = papers.filter((p) => outcomes.get(p.id) === 'new');
    await timed('events', () =>
      d.events.publishOnce(
        fresh.map((p) => ({
          dedupeKey: `paper.published:${p.id}`,
          input: {
            event_type: 'paper.published',
            subject_kind: 'paper',
            subject_id: p.id,
            occurred_at: new Date(),
            evidence_refs: [
              ...(p.doi ? [{ kind: 'doi', ref: p.doi }] : []),
              ...(p.source_url ? [{ kind: 'url', ref: p.source_url }] : []),
            ],
            summary: { title: (p.title ?? p.title_en ?? p.title_ja ?? '').slice(0, 200), topic: p.topic, draft_score: p.draft_score, source: p.source },
          },
        })),
      ),
    );

    const m = d.metrics;
    if (m) for (const [outcome, n] of Object.entries(figures)) if (n > 0) m.papers.inc({ outcome }, n);
    return { figures, times, stored: papers.map((p) => p.id) };
  }
}
