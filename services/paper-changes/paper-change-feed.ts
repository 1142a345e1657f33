import type { PaperChangeLog, PaperRepository } from '../../modules/papers';
import { ProblemError, type ProblemBody } from '../../shared/errors/problem';
import { encodeCursor, type ChangesParams } from './change-params';
import { toPaperRecord, type PaperChangeItem, type PaperChangePage } from './paper-change.schema';

export const CURSOR_EXPIRED = 'cursor_expired';

/** 410: the cursor no longer holds; the reader starts over from the beginning. */
export class CursorExpired extends ProblemError {
  constructor(detail: string) {
    super(410, CURSOR_EXPIRED, detail);
  }

  override toBody(requestId?: string, instance?: string): ProblemBody {
    return { ...super.toBody(requestId, instance), title: 'Gone' };
  }
}

const START_OVER = 'Start over: discard your copy and read from the beginning (since=0, or no since), which names every paper that exists.';

/**
 * The change feed of papers: the change log after a reader's cursor, each change with the paper as
 * it is now. Reading changes nothing, so any number of readers follow it at their own pace.
 */
export class PaperChangeFeed {
  constructor(
    private readonly log: PaperChangeLog,
    private readonly papers: PaperRepository,
    private readonly retentionDays: number,
  ) {}

  async page({ since, limit }: ChangesParams): Promise<PaperChangePage> {
    const page = await this.log.readPage({ position: since.position }, since.run, limit);
    if (page.state !== 'ok') {
      throw new CursorExpired(
        page.state === 'expired'
          ? `Changes after this cursor are no longer all kept: the log keeps every change for ${this.retentionDays} days, and a removal after the cursor has been dropped since. ${START_OVER}`
          : `This cursor is ahead of this database's change log: it was not issued here, or the database has been replaced. ${START_OVER}`,
      );
    }
    const wanted = [...new Set(page.changes.filter((c) => c.op === 'upsert').map((c) => c.paperId))];
    const found = new Map((wanted.length ? await this.papers.findByIds(wanted) : []).map((p) => [p.id, p]));
    const data = page.changes.map((c): PaperChangeItem => {
      // As the indexes resolve a change: a paper gone from Postgres is removed, whatever the change said.
      const paper = c.op === 'upsert' ? found.get(c.paperId) : undefined;
      return {
        cursor: encodeCursor({ position: c.position, run: page.run }),
        op: paper ? 'upsert' : 'delete',
        paper_id: c.paperId,
        changed_at: c.changedAt,
        paper: paper ? toPaperRecord(paper) : null,
      };
    });
    return {
      data,
      count: data.length,
      limit,
      next_cursor: data.at(-1)?.cursor ?? encodeCursor({ position: since.position, run: page.run }),
      has_more: page.more,
    };
  }
}
