import { graphFieldsOf, type Paper } from '../../shared/papers/paper.schema';
import { RankingUnavailableError, type BuildSave, type IndexCheckpoint, type KeywordCollapse, type KeywordFilters, type KeywordHit, type KeywordIndex, type KeywordQuery, type KeywordSearchResult, type RankedQuery } from './keyword-index.port';
import { MemoryIndexState } from './memory-index-state';
import { openCheckpoint, writeBuildProgress, writeCheckpoint } from './index-files';
import { SEGMENT_PAPERS } from './memory-index-state';
import { mergeCandidates, mergeSegments } from './segment-merge';
import { readRecentTerms, RECENT_TERMS, saveRecentTerms, warmTerms } from './recent-terms';
import { rankedTerms } from './relevance';

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
  private state: MemoryIndexState;
  private rankingWanted = false;
  private preparing?: Promise<void>;
  private closed = false;

  /** `segmentPapers`: papers per frozen segment (see `SEGMENT_PAPERS`; tests make them small). */
  constructor(private readonly options: { segmentPapers?: number } = {}) {
    this.state = this.newState();
  }

  async init(): Promise<void> {}

  async upsert(papers: Paper[]): Promise<void> {
    for (const paper of papers) this.state.add(paper);
    this.compactIfWasteful();
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) this.state.remove(id);
    this.compactIfWasteful();
  }

  async rebuild(batches: AsyncIterable<Paper[]>, save?: BuildSave): Promise<void> {
    const next = this.newState();
    try {
      await this.fill(next, batches, save);
    } catch (err) {
      next.close();
      throw err;
    }
    const old = this.state;
    this.state = next; // searches see the old state until this single swap
    old.close();
  }

  /** Adds the rest of a build cut short to the content `reopen` found (no search is served from it meanwhile). */
  async resumeBuild(batches: AsyncIterable<Paper[]>, save: BuildSave): Promise<void> {
    await this.fill(this.state, batches, save);
  }

  async search(query: KeywordQuery): Promise<KeywordSearchResult> {
    const state = this.state;
    // The terms that frame a question match but are not scored (relevance.ts).
    const { scored, matchedOnly } = rankedTerms(query.terms);
    const match = state.match(scored, query.filters, matchedOnly);
    const sort = query.sort ?? 'relevance';
    const byWork = query.collapse === 'versions';
    if (byWork && query.after) throw new RangeError('collapse=versions pages by offset, not by keyset (after)');
    const { total, page } = byWork
      ? state.versions(match, sort, query.offset, query.limit, scored)
      : { total: match.total, page: query.after ? state.newest(match, 0, query.limit, query.after) : state.ordered(match, sort, query.offset, query.limit, scored) };
    const facets = query.facets?.length ? state.facets(match, query.facets, byWork) : undefined;
    // Every hit of a page is shown: decoded now, while the slots are those the search saw.
    const hits = page.map(({ slot, score }) => {
      const paper = state.paperAt(slot);
      return { id: paper.id, work_id: graphFieldsOf(paper).work_id, paper, score };
    });
    return { total, hits, ...(facets && { facets }) };
  }

  async countEach(termSets: readonly string[][], filters: KeywordFilters, collapse?: KeywordCollapse): Promise<number[]> {
    const state = this.state;
    return termSets.map((terms) => {
      const match = state.match(terms, filters);
      return collapse === 'versions' ? state.versions(match, 'relevance', 0, 0, terms).total : match.total;
    });
  }

  async rank(query: RankedQuery): Promise<KeywordHit[]> {
    const state = this.state;
    if (!state.rankingReady) {
      void this.prepareRanking();
      throw new RankingUnavailableError(RANKING_RETRY_SECONDS);
    }
    // Each paper is decoded when first read: a related-papers signal reads only those it keeps.
    return state.rank(query.text, query.filters, query.limit, query.moreLikeThis).map(({ slot, score }) => state.hitAt(slot, score));
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

  /** Opens the index saved under `dir` (see `index-files.ts`) in place of this one's content; the checkpoint it is current to, if there is one. */
  async reopen(dir: string, database: string): Promise<IndexCheckpoint | undefined> {
    const saved = openCheckpoint(dir, database, this.options.segmentPapers);
    if (!saved) return undefined;
    if (this.rankingWanted) saved.state.enableRanking();
    const old = this.state;
    this.state = saved.state;
    old.close();
    if (this.rankingWanted) void this.prepareRanking();
    return saved.at;
  }

  /** Saves what changed since the last checkpoint under `dir` (no change may be applied until it resolves). */
  async checkpoint(dir: string, at: IndexCheckpoint): Promise<void> {
    await writeCheckpoint(dir, this.state, at);
  }

  /** Adds the batches' papers; with `save`, writes each segment as it freezes, with a manifest saying how far the build got. */
  private async fill(state: MemoryIndexState, batches: AsyncIterable<Paper[]>, save?: BuildSave): Promise<void> {
    let frozen = state.frozen.length;
    for await (const batch of batches) {
      for (const paper of batch) state.add(paper);
      if (save && state.frozen.length > frozen) {
        await writeBuildProgress(save.dir, state, save.at);
        frozen = state.frozen.length;
      }
    }
  }

  /**
   * Merges the small segments checkpoints left at the end of the index into one, in the background
   * (see `segment-merge.ts`); resolves true when it did (the next checkpoint writes the merged one and
   * drops their files), false when none was due or the content changed shape meanwhile.
   */
  async mergeSegments(): Promise<boolean> {
    const state = this.state;
    const run = mergeCandidates(state.frozen, this.options.segmentPapers ?? SEGMENT_PAPERS);
    if (!run) return false;
    const merged = await mergeSegments(run, state.columns.alive, () => this.closed || this.state !== state);
    if (!merged) return false;
    if (this.state === state && !this.closed && state.replaceSegments(run, merged)) return true;
    merged.records.close();
    return false;
  }

  /** Saves the terms searched most recently under `dir` (nothing when none was: the last list stays). */
  async saveRecentTerms(dir: string): Promise<void> {
    const terms = this.state.recentTerms(RECENT_TERMS);
    if (terms.length) saveRecentTerms(dir, terms);
  }

  /** Works out the terms saved under `dir` ahead of their searches, in the background; how many it did. */
  warmRecentTerms(dir: string): Promise<number> {
    const state = this.state;
    return warmTerms(readRecentTerms(dir), (term) => state.warm(term), () => this.closed || this.state !== state);
  }

  rankingReady(): boolean {
    return this.state.rankingReady;
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
    if (state.retired < 1000 || state.retired * 4 < state.slotCount) return;
    const next = this.newState();
    for (const paper of state.livePapers()) next.add(paper);
    this.state = next;
    state.close();
  }

  /** A new state, analyzing for ranked retrieval from its first paper on when that is wanted. */
  private newState(): MemoryIndexState {
    const next = new MemoryIndexState(this.options.segmentPapers);
    if (this.rankingWanted) next.enableRanking();
    return next;
  }
}
