import type { Paper } from '../papers/paper';
import type { KeywordIndex, KeywordQuery, KeywordSearchResult } from './keyword-index.port';
import { passesFilters } from './relevance';
import { MemoryIndexState } from './memory-index-state';

/**
 * The embedded keyword engine: an in-process, CJK-aware substring index. Private to its process;
 * processes keep it current from Postgres (see `IndexSync`).
 */
export class MemoryKeywordIndex implements KeywordIndex {
  readonly kind = 'memory';
  readonly processLocal = true;
  private state = new MemoryIndexState();

  async init(): Promise<void> {}

  async upsert(papers: Paper[]): Promise<void> {
    for (const paper of papers) this.state.add(paper);
    this.compactIfWasteful();
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) this.state.remove(id);
    this.compactIfWasteful();
  }

  async rebuild(batches: AsyncIterable<Paper[]>): Promise<void> {
    const next = new MemoryIndexState();
    for await (const batch of batches) for (const paper of batch) next.add(paper);
    this.state = next; // searches see the old state until this single swap
  }

  async search(query: KeywordQuery): Promise<KeywordSearchResult> {
    const accept = (p: Paper) => passesFilters(p, query.filters);
    const state = this.state;
    const { slots, scores } = state.match(query.terms, accept);
    const page = state.page(slots, scores, query.offset, query.limit);
    return { total: slots.length, hits: page.map((slot) => ({ paper: state.papers[slot]!, score: scores[slot]! })) };
  }

  exportPapers(): Paper[] {
    return this.state.papers.filter((p): p is Paper => p !== undefined);
  }

  async count(): Promise<number> {
    return this.state.size;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** Updated papers leave retired slots behind; rebuild once they are a quarter of the index. */
  private compactIfWasteful(): void {
    const state = this.state;
    if (state.retired < 1000 || state.retired * 4 < state.papers.length) return;
    const next = new MemoryIndexState();
    for (const paper of state.papers) if (paper) next.add(paper);
    this.state = next;
  }
}
