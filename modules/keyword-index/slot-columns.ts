import type { Paper, VenueType } from '../../shared/papers/paper.schema';
import type { FacetCounts, FacetName, KeywordFilters, SortKey } from './keyword-index.port';
import { orderFacet } from './facet-counts';
import { hasFilters, instantMs } from './relevance';
import { ValueCodes } from './value-codes';
import { citationsKnown, venueRank } from './paper-order';

/** The year column's value for a paper without one. */
export const NO_YEAR = -0x80000000;
const CODED = ['topic', 'lang', 'shelf', 'venue_type'] as const;
type CodedField = (typeof CODED)[number];

/** What a slot's paper contributes to the length normalisation of matches (see `relevance.ts`). */
export interface SlotLengths {
  bodyWords: number;
  titleCjk: number;
  titleOther: number;
}

/** The typed columns of a range of slots, as a segment stores them on disk. */
export interface ColumnSlice {
  year: Int32Array;
  topic: Uint16Array;
  lang: Uint16Array;
  shelf: Uint16Array;
  venue_type: Uint16Array;
  draft: Float64Array;
  bodyWords: Uint32Array;
  titleCjk: Float64Array;
  titleOther: Float64Array;
  /** When the paper was first added to the corpus (`created_at`), in ms since the epoch; NaN when unknown. */
  created: Float64Array;
  /** What `sort=cited_by` orders by (`citationsKnown`); −1 when neither count is known. */
  cited: Int32Array;
}

/**
 * What the embedded engine knows of each slot besides its text, one typed array per field: whether
 * it is live, the filter and facet values (dictionary-coded), the lengths that normalise its matches
 * and its paper's id. Filters, facets and the tie order are computed from these columns, so a search
 * decodes only the papers it shows.
 */
export class SlotColumns {
  readonly codes: Record<CodedField, ValueCodes>;
  alive = new Uint8Array(0);
  ids: (string | undefined)[] = [];
  /**
   * The work of each slot whose paper is a version of another's work (`work_id` ≠ its id), and how
   * many live slots name each such work: most papers are a work of their own, so these stay small,
   * and a slot is in a work of several records when it has an entry here or its id is a key of `workRefs`.
   */
  private readonly works = new Map<number, string>();
  private readonly workRefs = new Map<string, number>();
  private c: ColumnSlice = emptySlice(0);
  /** Each live slot's position in the tie order (year descending, id ascending); see `tieRank`. */
  private ranks: Int32Array = new Int32Array(0);
  private ranksStale = true;

  constructor(codeTables: Partial<Record<CodedField, string[]>> = {}) {
    this.codes = Object.fromEntries(CODED.map((f) => [f, new ValueCodes(codeTables[f] ?? [])])) as Record<CodedField, ValueCodes>;
  }

  get columns(): Readonly<ColumnSlice> {
    return this.c;
  }

  codeTables(): Record<CodedField, string[]> {
    return Object.fromEntries(CODED.map((f) => [f, [...this.codes[f].values]])) as Record<CodedField, string[]>;
  }

  /** Grows every column to hold `slots` slots. */
  ensure(slots: number): void {
    if (slots <= this.alive.length) return;
    const size = Math.max(slots, Math.ceil(this.alive.length * 1.5), 1024);
    const next = emptySlice(size);
    for (const key of Object.keys(next) as (keyof ColumnSlice)[]) next[key].set(this.c[key] as never);
    this.c = next;
    const alive = new Uint8Array(size);
    alive.set(this.alive);
    this.alive = alive;
  }

  set(slot: number, paper: Paper, lengths: SlotLengths): void {
    this.ensure(slot + 1);
    const c = this.c;
    c.year[slot] = paper.year ?? NO_YEAR;
    for (const f of CODED) c[f][slot] = this.codes[f].encode(paper[f]);
    c.draft[slot] = paper.draft_score ?? Number.NaN;
    c.bodyWords[slot] = lengths.bodyWords;
    c.titleCjk[slot] = lengths.titleCjk;
    c.titleOther[slot] = lengths.titleOther;
    c.created[slot] = instantMs(paper.created_at);
    c.cited[slot] = citationsKnown(paper) ?? -1;
    this.ids[slot] = paper.id;
    this.alive[slot] = 1;
    if (paper.work_id && paper.work_id !== paper.id) this.joinWork(slot, paper.work_id);
    this.ranksStale = true;
  }

  /** Copies a stored range of slots in (a segment opened from disk); `works` as `worksOf` wrote them. */
  setSlice(start: number, slice: ColumnSlice, ids: string[], alive: Uint8Array, works: string[]): void {
    this.ensure(start + ids.length);
    for (const key of Object.keys(slice) as (keyof ColumnSlice)[]) this.c[key].set(slice[key] as never, start);
    this.alive.set(alive, start);
    ids.forEach((id, i) => (this.ids[start + i] = id));
    works.forEach((work, i) => work && alive[i] && this.joinWork(start + i, work));
    this.ranksStale = true;
  }

  /** The stored form of a range of slots' works: the work id of a version of another's work, '' for any other slot. */
  worksOf(start: number, end: number): string[] {
    return Array.from({ length: end - start }, (_, i) => this.works.get(start + i) ?? '');
  }

  /** The work a live slot shares with other records (`collapse=versions`), or undefined when it is a work of its own. */
  sharedWork(slot: number): string | undefined {
    if (this.works.size === 0) return undefined;
    const other = this.works.get(slot);
    if (other !== undefined) return other;
    const id = this.ids[slot]!;
    return this.workRefs.has(id) ? id : undefined;
  }

  /**
   * Whether slot `a`'s record stands for a work before `b`'s (`collapse=versions`): by kind of venue
   * (`VENUE_PREFERENCE`), then the newest year (none last), then the id.
   */
  preferred(a: number, b: number): boolean {
    const venue = this.codes.venue_type;
    const va = venueRank(venue.decode(this.c.venue_type[a]!) as VenueType | null);
    const vb = venueRank(venue.decode(this.c.venue_type[b]!) as VenueType | null);
    if (va !== vb) return va < vb;
    const ya = this.c.year[a]!;
    const yb = this.c.year[b]!;
    if (ya !== yb) return ya > yb; // NO_YEAR is the smallest value: last
    return this.ids[a]! < this.ids[b]!;
  }

  private joinWork(slot: number, work: string): void {
    this.works.set(slot, work);
    this.workRefs.set(work, (this.workRefs.get(work) ?? 0) + 1);
  }

  /** The stored form of a range of slots. */
  slice(start: number, end: number): ColumnSlice {
    const out = emptySlice(end - start);
    for (const key of Object.keys(out) as (keyof ColumnSlice)[]) out[key].set(this.c[key].subarray(start, end) as never);
    return out;
  }

  retire(slot: number): void {
    // The tie order of the others is unchanged (ranks are only compared; a gap is harmless): no new sort.
    this.alive[slot] = 0;
    const work = this.works.get(slot);
    if (work === undefined) return;
    this.works.delete(slot);
    const refs = this.workRefs.get(work)! - 1;
    if (refs > 0) this.workRefs.set(work, refs);
    else this.workRefs.delete(work);
  }

  /**
   * A test of the filters on a slot, or undefined when there are none (every match passes). The
   * author filter is not a column: the segments' author postings answer it (`MemoryIndexState`).
   */
  filter(f: KeywordFilters): ((slot: number) => boolean) | undefined {
    if (!hasFilters({ ...f, author: undefined })) return undefined;
    const c = this.c;
    const topic = f.topic === undefined ? undefined : this.codes.topic.find(f.topic);
    const langs = f.langs === undefined ? undefined : new Set(f.langs.map((l) => this.codes.lang.find(l)));
    const shelf = f.shelf === undefined ? undefined : this.codes.shelf.find(f.shelf);
    const venue = f.venueType === undefined ? undefined : this.codes.venue_type.find(f.venueType);
    const minDraft = f.minDraftScore !== undefined && f.minDraftScore > 0 ? f.minDraftScore : undefined;
    const { yearFrom, yearTo } = f;
    const since = f.addedSince === undefined ? undefined : instantMs(f.addedSince);
    // Same meaning as `passesFilters`: a missing value (code 0, NO_YEAR, NaN) fails any bound on it.
    return (slot) =>
      (topic === undefined || c.topic[slot] === topic) &&
      (langs === undefined || (c.lang[slot] !== 0 && langs.has(c.lang[slot]!))) &&
      (shelf === undefined || c.shelf[slot] === shelf) &&
      (minDraft === undefined || c.draft[slot]! >= minDraft) &&
      (yearFrom === undefined || (c.year[slot] !== NO_YEAR && c.year[slot]! >= yearFrom)) &&
      (yearTo === undefined || (c.year[slot] !== NO_YEAR && c.year[slot]! <= yearTo)) &&
      (venue === undefined || c.venue_type[slot] === venue) &&
      (since === undefined || c.created[slot]! >= since);
  }

  /**
   * The facets of `countFacets` over some slots, from the columns. `byWork`: count works instead of
   * papers (`collapse=versions`): a value counts each work with a slot of that value once.
   */
  facets(slots: ArrayLike<number>, facets: readonly FacetName[], byWork = false): FacetCounts {
    const out: FacetCounts = {};
    for (const facet of facets) {
      const column = facet === 'year' ? this.c.year : this.c[facet];
      const decode = facet === 'year' ? (y: number) => (y === NO_YEAR ? null : y) : (code: number) => this.codes[facet].decode(code);
      // Counted by column value (a code, or a year): in a typed array for codes, the common case.
      const counts = facet === 'year' ? new Map<number, number>() : undefined;
      const codeCounts = facet === 'year' ? undefined : new Int32Array(this.codes[facet].size);
      // The slots of a work of several records count once per value.
      const seen = byWork ? new Set<string>() : undefined;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const v = column[slot]!;
        if (seen) {
          const work = this.sharedWork(slot);
          if (work !== undefined) {
            const key = `${v}\u0000${work}`;
            if (seen.has(key)) continue;
            seen.add(key);
          }
        }
        if (codeCounts) codeCounts[v]!++;
        else counts!.set(v, (counts!.get(v) ?? 0) + 1);
      }
      const byValue = new Map<string | number | null, number>();
      if (codeCounts) codeCounts.forEach((n, code) => n > 0 && byValue.set(decode(code), n));
      else for (const [v, n] of counts!) byValue.set(decode(v), n);
      out[facet] = orderFacet(byValue);
    }
    return out;
  }

  /** Whether a slot comes after `key` in the tie order (the newest-first order of keyset paging). */
  after(slot: number, key: SortKey): boolean {
    const y = this.c.year[slot]!;
    const ya = y === NO_YEAR ? -Infinity : y;
    const yb = key.year ?? -Infinity;
    if (ya !== yb) return ya < yb;
    const id = this.ids[slot]!;
    return id > key.id;
  }

  /** Takes the tie order saved with these columns (`tieRank` of the same slots), so an index reopened from disk does not sort again. */
  restoreTieRank(ranks: Int32Array): void {
    this.ranks = ranks;
    this.ranksStale = false;
  }

  /** Each live slot's rank in the tie order: year descending with missing years last, then id ascending. */
  tieRank(slotCount: number): Int32Array {
    if (!this.ranksStale && this.ranks.length >= slotCount) return this.ranks;
    const live: number[] = [];
    for (let s = 0; s < slotCount; s++) if (this.alive[s]) live.push(s);
    const years = this.c.year;
    const ids = this.ids;
    live.sort((a, b) => years[b]! - years[a]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    this.ranks = new Int32Array(Math.max(slotCount, this.alive.length));
    live.forEach((slot, i) => (this.ranks[slot] = i));
    this.ranksStale = false;
    return this.ranks;
  }
}

function emptySlice(size: number): ColumnSlice {
  return {
    year: new Int32Array(size),
    topic: new Uint16Array(size),
    lang: new Uint16Array(size),
    shelf: new Uint16Array(size),
    venue_type: new Uint16Array(size),
    draft: new Float64Array(size),
    bodyWords: new Uint32Array(size),
    titleCjk: new Float64Array(size),
    titleOther: new Float64Array(size),
    created: new Float64Array(size),
    cited: new Int32Array(size),
  };
}
