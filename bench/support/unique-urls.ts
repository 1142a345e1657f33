import type { HttpClient } from './http-client';
import { searchPath, type Category, type QuerySpec } from './search-queries';

export interface ProbedSpec extends QuerySpec {
  /** Matching papers (the response's `total`). */
  total: number;
}

const MAX_WINDOW = 10_000;
const LIMIT_MAX = 50;
/** The page size of the measured requests; the probe uses another one, so it warms no measured key. */
const BASE_LIMIT = 10;
const PROBE_LIMIT = 1;
/** Distinct offsets per query before the limit moves on: shallow pages from 0, deep ones from the last page back. */
const OFFSET_WINDOW = 200;
const MIN_TOTAL = 30;
const MIN_DEEP_TOTAL = 2_000;

/**
 * Asks each query once for its total and keeps those that give full pages: a query matching almost
 * nothing, or a "deep" query without a deep result set, would measure an empty answer.
 */
export async function probeQueries(client: HttpClient, specs: readonly QuerySpec[]): Promise<{ kept: ProbedSpec[]; dropped: ProbedSpec[] }> {
  const kept: ProbedSpec[] = [];
  const dropped: ProbedSpec[] = [];
  for (const spec of specs) {
    const res = await client.get(searchPath(spec, PROBE_LIMIT, 0));
    if (res.status !== 200) throw new Error(`probe of ${JSON.stringify(spec)} answered ${res.status}: ${res.body.slice(0, 300)}`);
    const probed = { ...spec, total: (JSON.parse(res.body) as { total: number }).total };
    (probed.total >= (spec.category === 'deep' ? MIN_DEEP_TOTAL : MIN_TOTAL) ? kept : dropped).push(probed);
  }
  return { kept, dropped };
}

/**
 * Search paths that are all distinct, so the response cache never answers them: each query gets
 * its n-th (offset, limit) pair, offsets first within a window, then the next page size. The
 * embedded index does the full match for every request whatever the page, so paging only varies
 * the key and the page built, not the search work. Past `capacity` pairs repeat (and would show as
 * cache hits in the X-Cache count).
 */
export class UniqueSearchUrls {
  private readonly rounds: number[];
  private readonly byCategory = new Map<Category, number[]>();
  private readonly categoryCursor = new Map<Category, number>();
  private cursor = 0;

  constructor(private readonly specs: readonly ProbedSpec[]) {
    if (specs.length === 0) throw new Error('no query survived the probe');
    this.rounds = specs.map(() => 0);
    specs.forEach((s, i) => this.byCategory.set(s.category, [...(this.byCategory.get(s.category) ?? []), i]));
  }

  /** Paths handed out so far. */
  get issued(): number {
    return this.rounds.reduce((a, b) => a + b, 0);
  }

  /** The next path, round-robin over every query of every category. */
  next(): string {
    const i = this.cursor++ % this.specs.length;
    return this.pathOf(i);
  }

  /** The next path of one category, round-robin over its queries. */
  nextIn(category: Category): string {
    const indexes = this.byCategory.get(category);
    if (!indexes) throw new Error(`no query of category ${category}`);
    const n = this.categoryCursor.get(category) ?? 0;
    this.categoryCursor.set(category, n + 1);
    return this.pathOf(indexes[n % indexes.length]!);
  }

  categories(): Category[] {
    return [...this.byCategory.keys()];
  }

  private pathOf(i: number): string {
    const spec = this.specs[i]!;
    const round = this.rounds[i]!++;
    const span = Math.min(spec.total, MAX_WINDOW);
    const window = spec.category === 'deep' ? OFFSET_WINDOW : Math.max(1, Math.min(OFFSET_WINDOW, span - BASE_LIMIT + 1));
    const limit = BASE_LIMIT + (Math.floor(round / window) % (LIMIT_MAX - BASE_LIMIT + 1));
    const step = round % window;
    const offset = spec.category === 'deep' ? Math.max(0, span - limit - step) : step;
    return searchPath(spec, limit, offset);
  }
}
