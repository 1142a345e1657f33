import { type KeywordIndex, RankingUnavailableError } from '../../modules/keyword-index';
import type { PaperRepository } from '../../modules/papers';
import { notFound, ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import type { Paper } from '../../shared/papers/paper.schema';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { GivenWorks, lexicalNeighbours } from '../../shared/papers/related-papers';
import type { RelatedParams } from './related-params';
import type { RelatedEnvelope } from './related-response.schema';

/**
 * Related papers on the public door, from the keyword index alone (so a public-search replica
 * needs no vector index): a "more like this" query built from the paper's own title, tags and
 * topic, its most distinctive terms by the index's statistics, ranked by the index's ranked
 * retrieval (BM25) with the filters inside it. Never the paper itself nor another version of it;
 * each work once. Until the ranked retrieval is prepared after a start, 503 `ranking_unavailable`.
 */
/** What related papers are found in: a keyword index with ranked retrieval, and the records of its papers. */
export interface RelatedSources {
  index: KeywordIndex;
  papers: Pick<PaperRepository, 'findByIds'>;
}

export class PublicRelatedService {
  constructor(private readonly deps: RelatedSources & { publicBaseUrl: string }) {}

  /** `from`: a release's index and records (`as_of`); the live index and Postgres by default. */
  async related(id: string, params: RelatedParams, from: RelatedSources = this.deps): Promise<RelatedEnvelope> {
    const paper = await this.paper(id, from.papers);
    let hits;
    try {
      hits = await lexicalNeighbours(from.index, [paper], params.filters, new GivenWorks([paper]), params.limit);
    } catch (err) {
      if (err instanceof RankingUnavailableError) {
        throw new ProblemError(503, 'ranking_unavailable', 'The ranked index related papers come from is still being prepared after a start; retry shortly.', {}, {
          'Retry-After': String(err.retryAfterSeconds),
        }).because(err);
      }
      if (err instanceof ProblemError) throw err;
      throw serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
    }
    // A paper removed since the ranking found it is skipped (see `KeywordHit.paper`).
    const results = hits.flatMap((h) => {
      const found = h.paper as Paper | undefined;
      return found ? [{ ...toPublicPaper(found, this.deps.publicBaseUrl), related_score: h.score }] : [];
    });
    return { api_version: 'v1', paper_id: paper.id, topic: params.topic, lang: params.lang, count: results.length, limit: params.limit, results };
  }

  /** The paper asked about, from Postgres (the source of truth, as `GET /api/v1/papers/{id}` reads it). */
  private async paper(id: string, papers: RelatedSources['papers']): Promise<Paper> {
    let paper: Paper | undefined;
    try {
      [paper] = await papers.findByIds([id]);
    } catch (err) {
      throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
    }
    if (!paper) throw notFound(`No paper with id ${id}.`);
    return paper;
  }
}
