import { notFound } from '../../shared/errors/problem';
import type { Paper } from '../../shared/papers/paper.schema';
import { encodeCitedByCursor, encodeReferencesCursor, type CitedByQuery, type ReferencesQuery } from './paper-graph.params';
import type { PaperGraphRepository } from './paper-graph.repository';

/** What the pages read: the corpus now (`PaperGraphRepository`), or as of a release (modules/releases). */
export type GraphReads = Pick<PaperGraphRepository, 'counts' | 'references' | 'citedBy'>;
import type { ExternalReference, GraphPageAnswer } from './paper-graph.schema';

/**
 * A paper's references and cited-by pages as both doors answer them, each door giving its own
 * record (`toRecord`). Read from Postgres, the source of truth: an edge a load adds is there at once,
 * whatever the search indexes have caught up with. An unknown paper is 404 `not_found`.
 */
export class PaperGraphPages {
  constructor(private readonly graph: GraphReads) {}

  async references<R>(paperId: string, query: ReferencesQuery, toRecord: (paper: Paper) => R): Promise<GraphPageAnswer<R | ExternalReference>> {
    const [counts, page] = await Promise.all([this.graph.counts(paperId), this.graph.references(paperId, query.cursor ?? null, query.limit)]);
    if (!counts) throw unknownPaper(paperId);
    const results = page.items.map((item) => (item.paper ? toRecord(item.paper) : { doi: item.doi, openalex_id: item.openalex_id }));
    return answer(paperId, counts.references_count, query.limit, results, page.next === null ? null : encodeReferencesCursor(page.next));
  }

  async citedBy<R>(paperId: string, query: CitedByQuery, toRecord: (paper: Paper) => R): Promise<GraphPageAnswer<R>> {
    const [counts, page] = await Promise.all([this.graph.counts(paperId), this.graph.citedBy(paperId, query.cursor ?? null, query.limit)]);
    if (!counts) throw unknownPaper(paperId);
    return answer(paperId, counts.cited_by_corpus_count, query.limit, page.items.map(toRecord), page.next && encodeCitedByCursor(page.next));
  }
}

const unknownPaper = (id: string) => notFound(`No paper with id ${id}.`);

const answer = <T>(paperId: string, total: number, limit: number, results: T[], next: string | null): GraphPageAnswer<T> => ({
  paper_id: paperId,
  total,
  count: results.length,
  limit,
  next_cursor: next,
  results,
});
