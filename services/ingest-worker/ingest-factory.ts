import type { Config } from '../../shared/config/config';
import type { Database } from '../../shared/db/database';
import { createEmbedder } from '../../shared/embeddings/embedder.factory';
import { createKeywordIndex } from '../../shared/keyword-index/keyword-index.factory';
import type { Logger } from '../../shared/logging/logger';
import { PaperRepository } from '../../shared/papers/paper.repository';
import { createVectorIndex } from '../../shared/vector-index/vector-index.factory';
import { EventRepository } from '../events-keys/event.repository';
import { IntelligenceEventService } from '../events-keys/event.service';
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
 * (else the heuristics), the shared indexes it writes itself (Elasticsearch; Qdrant with its
 * embedder), and the events service. Process-local indexes are not written here: every process
 * holding one follows Postgres (IndexSync, VectorSync) and picks the new papers up from there.
 */
export async function createIngest(config: Config, db: Database, logger: Logger, overrides: Partial<PipelineDeps> = {}): Promise<IngestParts> {
  const chat = config.llm ? new ChatClient({ url: config.llm.url, model: config.llm.model, apiKey: config.llm.apiKey, timeoutMs: config.llm.timeoutMs, attempts: 3, backoffMs: 1_000 }) : undefined;
  const scorer = chat ? new ModelScorer(chat, config.llm!.concurrency) : new HeuristicScorer();
  const summariser = chat ? new ModelSummariser(chat, config.llm!.concurrency) : new HeuristicSummariser();
  const keywordIndex = createKeywordIndex(config);
  const keywordIndexes = keywordIndex.processLocal ? [] : [keywordIndex];
  let vector: PipelineDeps['vector'];
  if (config.qdrant) {
    vector = { embedder: createEmbedder(config), index: createVectorIndex(config) };
  }
  const closeAll = async () => {
    await keywordIndex.close();
    if (vector) {
      await vector.index.close();
      await vector.embedder.close();
    }
  };
  // An index that cannot be reached now does not stop the process (which may serve other things):
  // batches that need it fail, and are retried, until it answers.
  for (const index of [...keywordIndexes, ...(vector ? [vector.index] : [])]) {
    await index.init().catch((err: Error) => logger.error({ index: index.kind, err: err.message }, 'ingest: a shared index is unreachable; batches will retry'));
  }
  const ingest = new IngestRepository(db);
  const metrics = ingestMetrics();
  const pipeline = new IngestPipeline({
    papers: new PaperRepository(db),
    ingest,
    scorer,
    summariser,
    events: new IntelligenceEventService(new EventRepository(db)),
    keywordIndexes,
    vector,
    gate: config.ingest.gate,
    metrics,
    ...overrides,
  });
  const jobs = new IngestJobs({ pipeline, ingest, resolveSource: (spec) => resolveSource(spec, config), pageSize: config.ingest.pageSize, logger, metrics });
  return { jobs, ingest, scorer, summariser, close: closeAll };
}

/** The `since` of a scheduled run: INGEST_LOOKBACK_DAYS before today (overlap is harmless: content hashes). */
export function scheduledSince(config: Config, now = new Date()): string {
  return new Date(now.getTime() - config.ingest.lookbackDays * 86_400_000).toISOString().slice(0, 10);
}
