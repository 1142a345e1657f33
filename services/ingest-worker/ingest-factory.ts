import { cutDatasetRelease } from '../../modules/releases';
import type { Config } from '../../shared/config/config';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logging/logger';
import { PaperRepository } from '../../modules/papers';
import { createEventService } from '../events-keys';
import { ChatClient } from './enrich/chat-client';
import type { RelevanceScorer, Summariser } from './enrich/enrichment.port';
import { HeuristicScorer } from './enrich/heuristic-scorer';
import { HeuristicSummariser } from './enrich/heuristic-summariser';
import { ModelScorer, ModelSummariser } from './enrich/model-enrichment';
import { IngestPipeline, type PipelineDeps } from './pipeline/ingest-pipeline';
import { IngestRepository } from './pipeline/ingest.repository';
import { ingestMetrics } from './pipeline/ingest-metrics';
import { IngestJobs } from './runner/ingest-jobs';
import { resolveSource } from './sources/source.factory';

export interface IngestParts {
  jobs: IngestJobs;
  ingest: IngestRepository;
  scorer: RelevanceScorer;
  summariser: Summariser;
  close(): Promise<void>;
}

/**
 * Ingest's parts from configuration: the model-backed scorer and summariser when LLM_URL is set
 * (else the heuristics), and the events service. No index is written here: storing a paper records
 * it in the change log, which the indexer (shared engines) and every process-local index follow.
 */
export async function createIngest(config: Config, db: Database, logger: Logger, overrides: Partial<PipelineDeps> = {}): Promise<IngestParts> {
  const chat = config.llm ? new ChatClient({ url: config.llm.url, model: config.llm.model, apiKey: config.llm.apiKey, timeoutMs: config.llm.timeoutMs, attempts: 3, backoffMs: 1_000 }) : undefined;
  const scorer = chat ? new ModelScorer(chat, config.llm!.concurrency) : new HeuristicScorer();
  const summariser = chat ? new ModelSummariser(chat, config.llm!.concurrency) : new HeuristicSummariser();
  const ingest = new IngestRepository(db);
  const metrics = ingestMetrics();
  const pipeline = new IngestPipeline({
    papers: new PaperRepository(db),
    ingest,
    scorer,
    summariser,
    events: createEventService(db),
    gate: config.ingest.gate,
    metrics,
    ...overrides,
  });
  // A run's changes become a dataset release (nothing is cut when it changed nothing, or failed before writing any).
  const afterRun = async () => {
    const outcome = await cutDatasetRelease(db, config.releases);
    if (outcome?.cut) logger.info({ release: outcome.release, papers: outcome.papers, added: outcome.added, changed: outcome.changed, removed: outcome.removed }, 'cut a dataset release after the ingest run');
  };
  const jobs = new IngestJobs({ pipeline, ingest, resolveSource: (spec) => resolveSource(spec, config), pageSize: config.ingest.pageSize, logger, metrics, afterRun });
  return { jobs, ingest, scorer, summariser, close: async () => undefined };
}

/** The `since` of a scheduled run: INGEST_LOOKBACK_DAYS before today (overlap is harmless: content hashes). */
export function scheduledSince(config: Config, now = new Date()): string {
  return new Date(now.getTime() - config.ingest.lookbackDays * 86_400_000).toISOString().slice(0, 10);
}
