import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { parseSemanticParams } from '../../services/semantic-search/semantic-params';
import { SemanticSearchService } from '../../services/semantic-search/semantic-search.service';
import { paper } from '../contract/fixture-papers';
import { useDemoSearchApi } from './demo-search-api';

const QUESTION =
  'What is the impact of carbon pricing on the steel industry, and how do emissions trading schemes and carbon taxes compare for heavy industry in Japan and Europe?';

/**
 * Hybrid mode is for questions in sentences: the whole question is ranked (any of its words may
 * match, BM25 over titles, tags and body) and fused with the vector search. Keyword mode keeps the
 * spec's AND of every term, as many as q holds.
 */
describe('data API paper search: hybrid mode takes questions in sentences', () => {
  const api = useDemoSearchApi();
  const { search } = api;
  type Hit = { id: string; title: string; primary_topic: string; lang: string; keyword_score: number | null; vector_score: number | null; fused_score: number };

  it('answers a question of 28 words that keyword mode, needing every word, finds nothing for', async () => {
    const keyword = await search({ q: QUESTION, mode: 'keyword' }).expect(200);
    expect(keyword.body.total).toBe(0);
    // What keyword mode offers instead: the most of the question's words that find papers together.
    expect(keyword.body.suggestion).toMatchObject({ kind: 'subset', total: expect.any(Number) });
    const res = await search({ q: QUESTION, mode: 'hybrid', limit: '20' }).expect(200);
    expect(res.body).toMatchObject({ mode: 'hybrid', query: QUESTION, count: 20 });
    const hits = res.body.data as Hit[];
    expect(hits.map((h) => h.fused_score)).toEqual([...hits.map((h) => h.fused_score)].sort((a, b) => b - a));
    // The best answers are about carbon pricing, found by the lexical side (with its BM25 score).
    expect(hits.slice(0, 5).filter((h) => h.primary_topic === 'carbon_pricing').length).toBeGreaterThanOrEqual(3);
    expect(hits[0]!.keyword_score).toBeGreaterThan(0);
  });

  it('finds papers holding only some of the words (any term), unlike keyword mode', async () => {
    const res = await search({ q: 'ammonia co-firing decarbonisation xyzzyunmatched', mode: 'hybrid', limit: '10' }).expect(200);
    expect(res.body.count).toBe(10);
    const keyword = await search({ q: 'ammonia co-firing decarbonisation xyzzyunmatched', mode: 'keyword' }).expect(200);
    expect(keyword.body.total).toBe(0);
  });

  it('takes a Japanese question without spaces and finds Japanese papers', async () => {
    const res = await search({ q: '水素サプライチェーンの構築にはどのような課題がありますか', mode: 'hybrid', limit: '10' }).expect(200);
    const hits = res.body.data as Hit[];
    expect(hits.length).toBe(10);
    expect(hits.filter((h) => ['ja', 'mul'].includes(h.lang)).length).toBeGreaterThan(5);
    expect(hits.filter((h) => h.primary_topic === 'hydrogen').length).toBeGreaterThan(3);
  });

  it('applies the filters to both sides and pages through one fused ranking', async () => {
    const all = await search({ q: QUESTION, mode: 'hybrid', lang: 'ja', topic: 'carbon_pricing', limit: '40' }).expect(200);
    for (const h of all.body.data as Hit[]) {
      expect(h.primary_topic).toBe('carbon_pricing');
      expect(['ja', 'mul']).toContain(h.lang);
    }
    const second = await search({ q: QUESTION, mode: 'hybrid', lang: 'ja', topic: 'carbon_pricing', limit: '20', offset: '20' }).expect(200);
    expect(second.body.data.map((h: Hit) => h.id)).toEqual(all.body.data.slice(20, 40).map((h: Hit) => h.id));
  });

  it.each([
    { name: 'a q of 1,001 characters', query: { q: 'x'.repeat(1001), mode: 'hybrid' }, code: 'query_too_long' },
    { name: 'a q of one character', query: { q: ' a ', mode: 'hybrid' }, code: 'missing_query' },
  ])('rejects $name with 400 $code', async ({ query, code }) => {
    const res = await search(query).expect(400);
    expect(res.body.code).toBe(code);
  });

  it('answers odd text without an error: punctuation only, a lone kana, a long repeated word', async () => {
    for (const q of ['?!.,;:', 'の の', 'carbon '.repeat(140).trim()]) {
      const res = await search({ q, mode: 'hybrid' }).expect(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
  });
});

describe('hybrid mode before its ranked index is prepared', () => {
  it('answers 503 ranking_unavailable with Retry-After, and is ready once prepared', async () => {
    const keywordIndex = new MemoryKeywordIndex();
    await keywordIndex.upsert([paper({ id: 'h1', title: 'Emission trading in Japan', year: 2020, lang: 'en' })]);
    const service = new SemanticSearchService({ keywordIndex });
    const asked = service.search(parseSemanticParams({ q: 'emissions trading in Japan', mode: 'hybrid' }));
    await expect(asked).rejects.toMatchObject({ status: 503, code: 'ranking_unavailable', headers: { 'Retry-After': '5' } });
    await keywordIndex.prepareRanking();
    // The vector side is what is missing now: hybrid needs both.
    await expect(service.search(parseSemanticParams({ q: 'emissions trading in Japan', mode: 'hybrid' }))).rejects.toMatchObject({ code: 'vector_unavailable' });
  });
});
