import type { SortKey } from '../../modules/keyword-index';
import { EXPORT_LIMITS, type ExportCursor, type ExportParams } from './export-params';
import type { SemanticPaper } from './semantic-paper';
import type { ReleaseSearchSources, SemanticSearchService } from './semantic-search.service';

/** What one export call will do, known before its first byte. */
export interface ExportPlan {
  /** Papers matching now, in the whole match set. */
  total: number;
  /** Requests of the key's allowance this call costs: one per 1,000 records it plans to stream (rounded up), at least one. */
  cost: number;
  /** The most records this call streams (its cost's worth, within `limit`, the per-call maximum and the allowance left). */
  stop: number;
}

export interface ExportRecord {
  record: SemanticPaper;
  /** Where the export stands once this record is taken: continue after it with this cursor. */
  cursor: ExportCursor;
}

/**
 * The data API's export: a keyword match set streamed newest first, step by step by keyset (`after`
 * the last paper given), so it neither repeats nor skips a paper while others are added or changed,
 * however long it runs (a paper whose publication year changes meanwhile moves in the order). Every
 * step is a page of the search's keyword mode (`SemanticSearchService.page`), so an export answers
 * exactly what paging the search by cursor would, records included.
 */
export class PaperExport {
  constructor(
    private readonly search: SemanticSearchService,
    private readonly limits: { maxPerCall: number; recordsPerRequest: number; pageSize: number } = EXPORT_LIMITS,
  ) {}

  /**
   * Reads the first step and plans the call (before anything is sent, so a fault here is a clean
   * 503). The call streams what its cost covers: records still to come (the match set's size less
   * those given by earlier calls, as the cursor counts them), within `limit`, the per-call maximum,
   * and the key's allowance left (`allowanceLeft` more requests besides this one).
   */
  /** `as`: the release the export answers as of and what to read it from (null and none: the corpus now). */
  async open(p: ExportParams, allowanceLeft: number | undefined, as: { release: string | null; sources?: ReleaseSearchSources }): Promise<ExportRun> {
    const { maxPerCall, recordsPerRequest, pageSize } = this.limits;
    const affordable = allowanceLeft === undefined ? Infinity : (allowanceLeft + 1) * recordsPerRequest;
    const cap = Math.min(p.limit, maxPerCall, affordable);
    const given = p.after?.delivered ?? 0;
    const first = await this.step(p, as.sources, p.after ?? null, Math.min(pageSize, cap));
    const planned = Math.min(cap, Math.max(0, first.total - given));
    const cost = Math.max(1, Math.ceil(planned / recordsPerRequest));
    const plan: ExportPlan = { total: first.total, cost, stop: Math.min(cap, cost * recordsPerRequest) };
    return new ExportRun(plan, given, as.release, first, (after, limit) => this.step(p, as.sources, after, Math.min(pageSize, limit)));
  }

  private async step(p: ExportParams, sources: ReleaseSearchSources | undefined, after: SortKey | null, limit: number): Promise<Step> {
    const { answer, papers } = await this.search.page({ ...p.search, cursor: after, limit }, sources);
    return { total: answer.total ?? 0, records: answer.data, keys: papers.map((paper) => ({ year: paper.year, id: paper.id })), more: answer.next_cursor !== undefined };
  }
}

interface Step {
  total: number;
  records: SemanticPaper[];
  /** The newest-first key of each record's paper. */
  keys: SortKey[];
  /** Matches follow the step's last record. */
  more: boolean;
}

/** One call's stream: its records in steps, then where it stopped. */
export class ExportRun {
  private delivered = 0;
  private pending: Step | undefined;
  private last: ExportCursor | undefined;
  private more = true;

  constructor(
    readonly plan: ExportPlan,
    private readonly given: number,
    private readonly release: string | null,
    first: Step,
    private readonly read: (after: SortKey, limit: number) => Promise<Step>,
  ) {
    this.pending = first;
  }

  /** The next step's records, or undefined once the call has streamed all it will. */
  async next(): Promise<ExportRecord[] | undefined> {
    let step = this.pending;
    this.pending = undefined;
    if (!step) {
      if (!this.more || !this.last || this.delivered >= this.plan.stop) return undefined;
      step = await this.read(this.last, this.plan.stop - this.delivered);
    }
    const take = Math.min(step.records.length, this.plan.stop - this.delivered);
    // A step cut short by the stop leaves matches after it; otherwise the step says whether any follow.
    this.more = take < step.records.length || step.more;
    const out: ExportRecord[] = [];
    for (let i = 0; i < take; i++) {
      this.delivered++;
      this.last = { ...step.keys[i]!, delivered: this.given + this.delivered, release: this.release };
      out.push({ record: step.records[i]!, cursor: this.last });
    }
    return out.length > 0 ? out : undefined;
  }

  /** Records streamed by this call so far. */
  get count(): number {
    return this.delivered;
  }

  /** Once the stream is over: where the next call continues, or null when the match set is exhausted. */
  get nextCursor(): ExportCursor | null {
    return this.more && this.last ? this.last : null;
  }
}
