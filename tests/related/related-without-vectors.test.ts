import request from 'supertest';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { PaperNeighboursRepository, PaperRepository } from '../../modules/papers';
import type { VectorSearchParts } from '../../modules/vector-index';
import { parseRelatedParams } from '../../services/semantic-search/related-params';
import { liveVectors, RelatedPapersService } from '../../services/semantic-search/related.service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess } from '../support/test-process';
import { waitFor } from '../support/wait-for';
import { CLUSTER_A, ID, loadRelatedCorpus, NAME_OF } from './related-corpus';

/** Related papers where no vector index answers: the public-search target (none in its process), and the data API while its index starts. */
describe('related papers without a vector index', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadRelatedCorpus(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the public-search target alone answers related papers from its keyword index, 503 ranking_unavailable until its ranking is prepared', async () => {
    const app = await startTestProcess({ DATABASE_URL: database.url }, 'public-search');
    try {
      const checks = (await (await fetch(`${app.url}/readyz`)).json()) as { checks: Record<string, unknown> };
      expect(Object.keys(checks.checks)).not.toContain('vector-search');
      const answer = await waitFor('related papers to be served', async () => {
        const res = await request(app.url).get(`/api/v1/papers/${ID.A0}/related`).query({ limit: 5 });
        if (res.status === 503) {
          expect(res.body.code).toBe('ranking_unavailable');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          return undefined;
        }
        expect(res.status).toBe(200);
        return res.body as { results: Array<{ id: string }> };
      });
      const names = answer.results.map((r) => NAME_OF.get(r.id));
      expect(names).not.toContain('A0');
      expect(names.filter((n) => n && CLUSTER_A.includes(n)).length).toBeGreaterThanOrEqual(4);
    } finally {
      await app.stop();
    }
  });

  describe('the data API falls back to the other signals, and says so', () => {
    const service = (vector?: VectorSearchParts, prepared = true) => {
      const keywordIndex = new MemoryKeywordIndex();
      return {
        keywordIndex,
        async ready() {
          for await (const batch of new PaperRepository(database.db).allInBatches()) await keywordIndex.upsert(batch);
          if (prepared) await keywordIndex.prepareRanking();
          return new RelatedPapersService({ keywordIndex, vectors: vector && liveVectors(vector), papers: new PaperRepository(database.db), neighbours: new PaperNeighboursRepository(database.db) });
        },
      };
    };

    it('while the vector index is still being built: 200 from the graph and lexical signals, the vector one named unavailable', async () => {
      const starting = { unavailable: () => ({ reason: 'The vector index is still being built; retry shortly, or use mode=keyword.', retryAfterSeconds: 5 }) } as unknown as VectorSearchParts;
      const related = await service(starting).ready();
      const answer = await related.related(ID.A0!, parseRelatedParams({ limit: '5' }));
      expect(answer.signals_used).toEqual(['bibliographic_coupling', 'co_citation', 'lexical']);
      expect(answer.signals_unavailable).toEqual([{ signal: 'vector', reason: 'The vector index is still being built; retry shortly, or use mode=keyword.' }]);
      expect(new Set(answer.results.map((r) => NAME_OF.get(r.id)))).toEqual(new Set(CLUSTER_A.slice(1)));
      for (const r of answer.results) expect(r.signals).not.toContain('vector');
    });

    it('with no vector index configured and the ranked index still being prepared: the graph signals alone', async () => {
      const related = await service(undefined, false).ready();
      const answer = await related.related(ID.X!, parseRelatedParams({}));
      expect(answer.signals_used).toEqual(['bibliographic_coupling', 'co_citation']);
      expect(answer.signals_unavailable!.map((s) => s.signal)).toEqual(['vector', 'lexical']);
      expect(answer.results.map((r) => NAME_OF.get(r.id))).toEqual(['Y']);
      const recommended = await related.recommend({ positive: [ID.A0!], negative: [], limit: 10, filters: {} });
      expect(recommended.results.map((r) => NAME_OF.get(r.id))).toEqual(expect.arrayContaining(CLUSTER_A.slice(1)));
    });
  });
});
