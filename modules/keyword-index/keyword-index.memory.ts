import type { Paper } from '../../shared/papers/paper.schema';
import { RankingUnavailableError, type KeywordHit, type KeywordIndex, type KeywordQuery, type KeywordSearchResult, type RankedQuery } from './keyword-index.port';
import { compareTies, hasFilters, passesFilters } from './relevance';
import { MemoryIndexState } from './memory-index-state';
import { countFacets } from './facet-counts';

/** Papers analyzed for ranked retrieval between two turns of the event loop while it is prepared (≈ 10 ms). */
const RANKING_CHUNK = 100;
/** What a client is told to wait while ranked retrieval is prepared (a hint; readiness shows it). */
const RANKING_RETRY_SECONDS = 5;

/**
 * The embedded keyword engine: an in-process, CJK-aware substring index. Private to its process;
 * processes keep it current from Postgres (see `IndexSync`). Ranked retrieval (`rank`) is prepared
 * only when asked (`prepareRanking`), in chunks between requests, so a process that never serves
 * it (the public search alone) spends neither the time nor the memory.
 */
export class MemoryKeywordIndex implements KeywordIndex {
  readonly kind = 'memory';
  readonly processLocal = true;
  private state = new MemoryIndexState();
  private rankingWanted = false;
  private preparing?: Promise<void>;
  private closed = false;

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
    const next = this.newState();
    for await (const batch of batches) for (const paper of batch) next.add(paper);
    this.state = next; // searches see the old state until this single swap
  }

  async search(query: KeywordQuery): Promise<KeywordSearchResult> {
    const accept = hasFilters(query.filters) ? (p: Paper) => passesFilters(p, query.filters) : undefined;
    const state = this.state;
    const { slots, scores, idfs } = state.match(query.terms, accept);
    const after = query.after;
    const page = after
      ? state.newest(slots.filter((slot) => compareTies(state.papers[slot]!, after) > 0), scores, 0, query.limit)
      : query.sort === 'newest'
        ? state.newest(slots, scores, query.offset, query.limit)
        : state.page(slots, scores, query.offset, query.limit, query.terms, idfs);
    const facets = query.facets?.length ? countFacets(slots.map((slot) => state.papers[slot]!), query.facets) : undefined;
    return { total: slots.length, hits: page.map(({ slot, score }) => ({ paper: state.papers[slot]!, score })), ...(facets && { facets }) };
  }

  async rank(query: RankedQuery): Promise<KeywordHit[]> {
    const state = this.state;
    if (!state.rankingReady) {
      void this.prepareRanking();
      throw new RankingUnavailableError(RANKING_RETRY_SECONDS);
    }
    return state.rank(query.text, (p) => passesFilters(p, query.filters), query.limit).map((r) => ({ paper: state.papers[r.slot]!, score: r.score }));
  }

  /** Resolves once ranked retrieval is ready (or the index is closed); callers may just let it run. */
  prepareRanking(): Promise<void> {
    this.rankingWanted = true;
    this.preparing ??= new Promise<void>((resolve) => {
      const step = () => {
        const state = this.state;
        state.enableRanking();
        if (this.closed || (state.advanceRanking(RANKING_CHUNK) && state === this.state)) {
          this.preparing = undefined;
          resolve();
        } else setImmediate(step);
      };
      step();
    });
    return this.preparing;
  }

  rankingReady(): boolean {
    return this.state.rankingReady;
  }

  exportPapers(): Paper[] {
    return this.state.papers.filter((p): p is Paper => p !== undefined);
  }

  async count(): Promise<number> {
    return this.state.size;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Updated papers leave retired slots behind; rebuild once they are a quarter of the index. */
  private compactIfWasteful(): void {
    const state = this.state;
    if (state.retired < 1000 || state.retired * 4 < state.papers.length) return;
    const next = this.newState();
    for (const paper of state.papers) if (paper) next.add(paper);
    this.state = next;
  }

  /** A new state, analyzing for ranked retrieval from its first paper on when that is wanted. */
  private newState(): MemoryIndexState {
    const next = new MemoryIndexState();
    if (this.rankingWanted) next.enableRanking();
    return next;
  }
}
