import fs from 'node:fs';
import path from 'node:path';
import { ChangeListener } from '../db/change-listener';
import type { Embedder } from '../embeddings/embedder.port';
import { PAPERS_CHANGED_CHANNEL, PAPERS_REINDEX_CHANNEL } from '../keyword-index/index-sync';
import type { Logger } from '../logging/logger';
import type { Paper } from '../papers/paper';
import type { PaperRepository } from '../papers/paper.repository';
import type { VectorIndex } from './vector-index.port';

const BATCH = 256;

/** The text a paper is embedded from: its titles and its summary (English preferred) or abstract. */
export function passageText(p: Paper): string {
  return [p.title, p.title_en, p.title_ja, p.ai_summary_en ?? p.ai_summary_ja ?? p.abstract]
    .filter((v, i, all): v is string => !!v && all.indexOf(v) === i)
    .join('\n');
}

/**
 * Keeps the vector index current with Postgres: embeds every paper once (passage embeddings with
 * their filter payload), then only what changes, following the same notifications as the keyword
 * index. The change sequence it has reached is saved beside the index, so a restart that reopens a
 * persisted index embeds only what changed meanwhile.
 */
export class VectorSync {
  private lastSeq = 0;
  private readonly listener: ChangeListener;

  constructor(
    private readonly repository: PaperRepository,
    private readonly index: VectorIndex,
    private readonly embedder: Embedder,
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly stateFile: string,
  ) {
    this.listener = new ChangeListener(
      databaseUrl,
      { [PAPERS_CHANGED_CHANNEL]: () => this.catchUp(), [PAPERS_REINDEX_CHANNEL]: () => this.rebuild() },
      logger,
      { pollMs: 30_000, quietMs: 50 },
    );
  }

  async start(): Promise<void> {
    const t0 = Date.now();
    await this.index.init();
    const saved = this.readState();
    if (saved !== undefined && (await this.index.count()) > 0) {
      this.lastSeq = saved;
      await this.catchUp();
      this.logger.info({ vectors: await this.index.count(), ms: Date.now() - t0 }, 'vector index reopened and caught up');
    } else {
      await this.rebuild();
    }
    await this.listener.start();
  }

  async rebuild(): Promise<void> {
    const t0 = Date.now();
    const seq = await this.repository.latestChangeSeq();
    for await (const batch of this.repository.allInBatches(BATCH)) await this.embedAndStore(batch);
    this.lastSeq = seq;
    await this.catchUp();
    this.logger.info({ vectors: await this.index.count(), embedder: this.embedder.kind, ms: Date.now() - t0 }, 'vector index built from Postgres');
  }

  async catchUp(): Promise<void> {
    for (;;) {
      const { papers, lastSeq } = await this.repository.changedSince(this.lastSeq, BATCH);
      if (papers.length === 0) break;
      await this.embedAndStore(papers);
      this.lastSeq = lastSeq;
    }
    this.writeState();
  }

  async stop(): Promise<void> {
    await this.listener.stop();
    this.writeState();
  }

  private async embedAndStore(papers: Paper[]): Promise<void> {
    const vectors = await this.embedder.embedPassages(papers.map(passageText));
    await this.index.upsert(
      papers.map((p, i) => ({ id: p.id, vector: vectors[i]!, payload: { topic: p.topic, lang: p.lang, shelf: p.shelf, draft_score: p.draft_score } })),
    );
  }

  private readState(): number | undefined {
    try {
      const seq = (JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as { seq?: unknown }).seq;
      return typeof seq === 'number' ? seq : undefined;
    } catch {
      return undefined;
    }
  }

  private writeState(): void {
    fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const tmp = `${this.stateFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ seq: this.lastSeq }));
    fs.renameSync(tmp, this.stateFile);
  }
}
