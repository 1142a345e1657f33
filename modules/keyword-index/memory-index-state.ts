import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Paper } from '../../shared/papers/paper.schema';
import type { FacetCounts, FacetName, KeywordFilters, KeywordHit, KeywordSort, SortKey } from './keyword-index.port';
import { versionsPage } from './versions-page';
import { hasFilters, isCjkTerm, searchTextOf, type SearchText } from './relevance';
import { askedNameKey } from '../../shared/text/person-name';
import { RankedPostings } from './ranked-postings';
import { FrozenSegment } from './frozen-segment';
import { MatchSet, orderedPage, relevancePage } from './match-set';
import { PaperRecords } from './paper-records';
import { ScoredTerm, scoreTerm, type LiveLengths } from './scored-term';
import type { Segment } from './segment';
import { SegmentBuilder } from './segment-builder';
import { SlotBits } from './slot-bits';
import { SlotColumns } from './slot-columns';
import { termEvidence, type TermEvidence } from './term-evidence';
import type { RankedSlot } from './top-slots';

/** Papers in the open segment before it is frozen (a frozen segment's structures are a tenth of the open one's). */
export const SEGMENT_PAPERS = 65_536;
/** Memory for kept term evidence and scores (bytes each); a broad term over 300,000 papers takes about 10 MB. */
const CACHE_BYTES = 256 * 1024 * 1024;

export type ScoredSlot = RankedSlot;

/**
 * The data of the embedded keyword index: papers in slots, in segments (see `Segment`): frozen ones
 * in typed arrays, as written to disk, and the open one new papers go to. What each slot holds
 * besides its text lives in typed columns (`SlotColumns`); the papers themselves are records, decoded
 * only to be shown. A query term's evidence in a frozen segment is worked out once (`termEvidence`)
 * and its scores once per generation of the index (`ScoredTerm`), so a search costs a count over
 * the terms' bitmaps and a walk of the best matches (`MatchSet`), not a visit of every posting.
 *
 * Updating a paper retires its slot and gives it a new one; retired slots are skipped at query time
 * and dropped when the owner rebuilds the state.
 */
export class MemoryIndexState {
  readonly columns: SlotColumns;
  readonly slotById = new Map<string, number>();
  readonly frozen: FrozenSegment[] = [];
  private open: SegmentBuilder;
  /** The next slot to fill. */
  slotCount: number;
  retired = 0;
  /** Counts every change of content: scores kept from an older generation are worked out again. */
  generation = 0;
  private readonly live: LiveLengths = { papers: 0, body: 0, cjk: 0, other: 0, cjkSlots: 0, otherSlots: 0 };
  private readonly evidence = new LRUCache<string, TermEvidence>({ maxSize: CACHE_BYTES, sizeCalculation: (e) => e.slots.length * 36 + 64 });
  private readonly scored = new LRUCache<string, ScoredTerm>({ maxSize: CACHE_BYTES, sizeCalculation: (s) => s.bytes + 64 });
  /** The slots recent filters admit, for one generation (a few distinct filters come back again and again). */
  private readonly filters = new LRUCache<string, { generation: number; bits: SlotBits }>({ max: 64 });
  /** Recently shown papers, and the normalised text of recently rescored ones (see `textOf`). */
  private readonly papers = new LRUCache<number, Paper>({ max: 5_000 });
  private readonly texts = new LRUCache<number, SearchText>({ max: 10_000 });
  /**
   * The analyzed terms of ranked (any-term) retrieval, over the same slots: made only once asked
   * for (`enableRanking`), in a process that serves it, and filled for slots below `rankedUpTo`.
   */
  private ranked?: RankedPostings;
  private rankedUpTo = 0;

  constructor(
    private readonly segmentPapers = SEGMENT_PAPERS,
    columns = new SlotColumns(),
    frozen: FrozenSegment[] = [],
    slotCount = 0,
  ) {
    this.columns = columns;
    this.frozen.push(...frozen);
    this.slotCount = slotCount;
    this.open = new SegmentBuilder(slotCount);
    for (let slot = 0; slot < slotCount; slot++) {
      if (!columns.alive[slot]) continue;
      this.slotById.set(columns.ids[slot]!, slot);
      this.count(slot, 1);
    }
    this.retired = slotCount - this.slotById.size;
  }

  get size(): number {
    return this.slotById.size;
  }

  /** Papers in the open segment (not yet frozen). */
  get openPapers(): number {
    return this.open.paperCount;
  }

  add(paper: Paper): void {
    this.remove(paper.id);
    const slot = this.slotCount++;
    const text = searchTextOf(paper);
    if (this.ranked && this.rankedUpTo === slot) {
      this.ranked.add(slot, text);
      this.rankedUpTo++;
    }
    this.columns.set(slot, paper, this.open.add(slot, paper, text));
    this.slotById.set(paper.id, slot);
    this.count(slot, 1);
    this.generation++;
    if (this.open.paperCount >= this.segmentPapers) this.freeze();
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.count(slot, -1);
    this.columns.retire(slot);
    if (slot >= this.open.start) this.open.drop(slot);
    this.slotById.delete(id);
    this.papers.delete(slot);
    this.texts.delete(slot);
    this.retired++;
    this.generation++;
  }

  /** Freezes the open segment (its papers as records in memory) and opens a new one; the frozen one, if it held any. */
  freeze(): FrozenSegment | undefined {
    if (this.open.paperCount === 0) return undefined;
    const { starts, bytes } = PaperRecords.encode(this.open.storedPapers());
    const segment = new FrozenSegment(`${this.open.start}-${randomBytes(4).toString('hex')}`, this.open.start, this.open.end, this.open.freeze(), PaperRecords.inMemory(starts, bytes));
    this.frozen.push(segment);
    this.open = new SegmentBuilder(this.slotCount);
    return segment;
  }

  /**
   * Puts `merged` in place of `run` (adjacent frozen segments it was merged from; see
   * `segment-merge.ts`), if they are still in place; true when it did. Scores are worked out again.
   */
  replaceSegments(run: readonly FrozenSegment[], merged: FrozenSegment): boolean {
    const at = this.frozen.indexOf(run[0]!);
    if (at < 0 || run.some((segment, i) => this.frozen[at + i] !== segment)) return false;
    this.frozen.splice(at, run.length, merged);
    for (const segment of run) segment.records.close();
    this.generation++;
    return true;
  }

  /** The terms searched most recently, the latest first (what a restart works out ahead of its searches: `warm`). */
  recentTerms(limit: number): string[] {
    const terms: string[] = [];
    for (const term of this.scored.keys()) {
      if (terms.length >= limit) break;
      terms.push(term);
    }
    return terms;
  }

  /** Works out a term's evidence and scores now, so its first search finds them. */
  warm(term: string): void {
    if (!this.scored.has(term)) this.scoredTerm(term);
  }

  /** A live slot's paper. */
  paperAt(slot: number): Paper {
    let paper = this.papers.get(slot);
    if (!paper) {
      paper = this.segmentOf(slot).paper(slot)!;
      this.papers.set(slot, paper);
    }
    return paper;
  }

  /** A live slot as a hit: its id and work from the columns, its paper decoded when first read. */
  hitAt(slot: number, score: number): KeywordHit {
    const id = this.columns.ids[slot]!;
    let paper: Paper | undefined;
    const paperAt = () => (paper ??= this.paperAt(slot));
    return {
      id,
      work_id: this.columns.sharedWork(slot) ?? id,
      score,
      get paper() {
        return paperAt();
      },
    };
  }

  /** Every live paper, in slot order. */
  *livePapers(): Generator<Paper> {
    for (let slot = 0; slot < this.slotCount; slot++) if (this.columns.alive[slot]) yield this.segmentOf(slot).paper(slot)!;
  }

  /**
   * Every live paper that holds all terms (`relevance.ts`), those scored and those `matchedOnly`, and
   * passes the filters, with its score (the scored terms'). No term: with an author, every live
   * paper the filters admit (a search by author alone); else none.
   */
  match(terms: string[], filters: KeywordFilters, matchedOnly: string[] = []): MatchSet {
    const filter = terms.length === 0 && filters.author === undefined ? undefined : this.filterBits(filters);
    // A term that is matched but not scored narrows the matches as a filter does.
    const required = matchedOnly.map((term) => this.scoredTerm(term).bits);
    return new MatchSet(this.scoredUntilDisjoint(terms), required.length ? SlotBits.intersection(filter ? [filter, ...required] : required) : filter);
  }

  /**
   * The terms' scores in query order, stopping after the first terms no paper holds together: the AND
   * of the rest is empty too, and a set of those terms alone answers every question about it (no
   * match, no page, no facet). A long query (the data API's keyword mode takes as many terms as 1,000
   * characters hold) then costs the terms up to the point where they part, not all of them.
   */
  private scoredUntilDisjoint(terms: string[]): ScoredTerm[] {
    const scored: ScoredTerm[] = [];
    let common: Int32Array | undefined;
    for (const term of terms) {
      const next = this.scoredTerm(term);
      scored.push(next);
      if (scored.length === terms.length) break;
      common = common ? andInto(common, next.bits.words) : next.bits.words.slice();
      if (common.length === 0) break;
    }
    return scored;
  }

  /** Counts the whole match set by each facet; `byWork`, its works (`collapse=versions`). */
  facets(match: MatchSet, facets: readonly FacetName[], byWork = false): FacetCounts {
    return this.columns.facets(match.all().slots, facets, byWork);
  }

  /** Orders matches by relevance (see `relevancePage`) and returns a page. */
  page(match: MatchSet, offset: number, limit: number, terms: string[]): ScoredSlot[] {
    return relevancePage(match, this.tieRank(), offset, limit, terms, (slot) => this.textOf(slot));
  }

  /** Orders matches newest first (the tie order alone); with `after`, only those after that key. */
  newest(match: MatchSet, offset: number, limit: number, after?: SortKey): ScoredSlot[] {
    return orderedPage(match, this.tieRank(), offset, limit, { keep: after && ((slot) => this.columns.after(slot, after)) });
  }

  /** A page of the matches in the order asked for: relevance, newest first or most cited first. */
  ordered(match: MatchSet, sort: KeywordSort, offset: number, limit: number, terms: string[]): ScoredSlot[] {
    return sort === 'newest' ? this.newest(match, offset, limit) : sort === 'cited_by' ? this.citedFirst(match, offset, limit) : this.page(match, offset, limit, terms);
  }

  /** A page of works (`collapse=versions`, see `versionsPage`) in the order asked for, and how many works match. */
  versions(match: MatchSet, sort: KeywordSort, offset: number, limit: number, terms: string[]): { total: number; page: ScoredSlot[] } {
    return versionsPage(match, this.columns, (n) => this.ordered(match, sort, 0, n, terms), offset, limit);
  }

  /** Orders matches most cited first (`citationsKnown`, unknown last), then the tie order. */
  citedFirst(match: MatchSet, offset: number, limit: number): ScoredSlot[] {
    return orderedPage(match, this.tieRank(), offset, limit, { key: this.columns.columns.cited });
  }

  /** Starts ranked retrieval: papers added from now on are analyzed at once, those before by `advanceRanking`. */
  enableRanking(): void {
    this.ranked ??= new RankedPostings();
  }

  /** Analyzes up to `budget` more of the papers added before ranking was enabled; true once every one is. */
  advanceRanking(budget: number): boolean {
    const ranked = this.ranked;
    if (!ranked) return false;
    for (let end = Math.min(this.slotCount, this.rankedUpTo + budget); this.rankedUpTo < end; this.rankedUpTo++) {
      if (this.columns.alive[this.rankedUpTo]) ranked.add(this.rankedUpTo, searchTextOf(this.segmentOf(this.rankedUpTo).paper(this.rankedUpTo)!));
    }
    return this.rankingReady;
  }

  get rankingReady(): boolean {
    return this.ranked !== undefined && this.rankedUpTo === this.slotCount;
  }

  /**
   * The `limit` papers that rank best for a question (BM25 over any of its terms) among those the
   * filters admit; only once `rankingReady`.
   */
  rank(query: string, filters: KeywordFilters, limit: number, moreLikeThis?: { maxTerms: number }): RankedSlot[] {
    if (!this.ranked || !this.rankingReady) throw new Error('ranked retrieval is not ready');
    // The same slots a keyword search's filters admit (every filter, the author's too), kept for the generation.
    const accept = this.filterBits(filters);
    const alive = this.columns.alive;
    return this.ranked.search(query, (slot) => alive[slot] === 1 && (!accept || accept.has(slot)), limit, this.tieRank(), moreLikeThis);
  }

  /** Releases what the frozen segments hold open (their files). */
  close(): void {
    for (const segment of this.frozen) segment.records.close();
  }

  private tieRank(): Int32Array {
    return this.columns.tieRank(this.slotCount);
  }

  /** A term's scores in this generation, from its evidence in each segment. */
  private scoredTerm(term: string): ScoredTerm {
    const known = this.scored.get(term);
    if (known && known.generation === this.generation) return known;
    const segments: Segment[] = [...this.frozen, this.open];
    const evidence = segments.map((segment) => {
      const key = `${segment instanceof FrozenSegment ? segment.id : `open@${segment.start}:${segment.end}`}\u0000${term}`;
      let e = this.evidence.get(key);
      if (!e) {
        e = termEvidence(segment, term);
        this.evidence.set(key, e);
      }
      return e;
    });
    const c = this.columns.columns;
    const scored = scoreTerm({ cjk: isCjkTerm(term), generation: this.generation }, evidence, this.columns.alive, c, this.live);
    this.scored.set(term, scored);
    return scored;
  }

  /**
   * The slots the filters admit, or undefined without filters, kept per filter and generation: one
   * pass over the columns, or with an author only the slots the segments list for the name's key
   * (tested against the other filters), so an author costs no more than a topic.
   */
  private filterBits(filters: KeywordFilters): SlotBits | undefined {
    if (!hasFilters(filters)) return undefined;
    const key = JSON.stringify(filters);
    const known = this.filters.get(key);
    if (known && known.generation === this.generation) return known.bits;
    const test = this.columns.filter(filters);
    const bits = filters.author === undefined ? SlotBits.where(this.slotCount, test!) : this.authorBits(askedNameKey(filters.author), test);
    this.filters.set(key, { generation: this.generation, bits });
    return bits;
  }

  /** The live slots with an author of this name key that pass `test`. */
  private authorBits(key: string, test: ((slot: number) => boolean) | undefined): SlotBits {
    const alive = this.columns.alive;
    return SlotBits.collect(this.slotCount, (add) => {
      for (const segment of [...this.frozen, this.open]) {
        const local = segment.authorSlots(key);
        if (!local) continue;
        for (let i = 0; i < local.length; i++) {
          const slot = segment.start + local[i]!;
          if (alive[slot] && (!test || test(slot))) add(slot);
        }
      }
    });
  }

  private segmentOf(slot: number): Segment {
    if (slot >= this.open.start) return this.open;
    const frozen = this.frozen;
    let lo = 0;
    let hi = frozen.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (frozen[mid]!.start <= slot) lo = mid;
      else hi = mid - 1;
    }
    return frozen[lo]!;
  }

  /** A live slot's normalised text, remembered for the papers that often reach the proximity window. */
  private textOf(slot: number): SearchText {
    let text = this.texts.get(slot);
    if (!text) {
      text = searchTextOf(this.paperAt(slot));
      this.texts.set(slot, text);
    }
    return text;
  }

  /** Adds (1) or takes away (−1) a slot's lengths from the live sums. */
  private count(slot: number, sign: 1 | -1): void {
    const l = this.live;
    const c = this.columns.columns;
    l.papers += sign;
    l.body += sign * c.bodyWords[slot]!;
    l.cjk += sign * c.titleCjk[slot]!;
    l.other += sign * c.titleOther[slot]!;
    if (c.titleCjk[slot]) l.cjkSlots += sign;
    if (c.titleOther[slot]) l.otherSlots += sign;
  }
}

/** `common` AND `words`, in place, cut where either ends and after its last word left non-zero (empty: no slot in both). */
function andInto(common: Int32Array, words: Int32Array): Int32Array {
  let last = -1;
  const n = Math.min(common.length, words.length);
  for (let w = 0; w < n; w++) if ((common[w]! &= words[w]!) !== 0) last = w;
  return common.subarray(0, last + 1);
}
