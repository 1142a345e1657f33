import request from 'supertest';
import { SHELVES } from '../../shared/papers/paper.schema';
import type { Highlight } from '../../shared/text/highlight';
import { normalizeText } from '../../shared/text/normalize';
import { useDemoSearchApi } from './demo-search-api';

const FIELDS = ['id', 'doi', 'title', 'title_ja', 'title_en', 'authors', 'abstract', 'ai_summary_ja', 'ai_summary_en', 'primary_topic', 'tags', 'venue',
  'publication_date', 'lang', 'source_url', 'pdf_url', 'shelf', 'is_peer_reviewed', 'draft_score', 'vector_score'];

/** The data API's paper search (spec 001 §4.7), keyword mode, on the generated demo corpus. */
describe('data API paper search: keyword mode', () => {
  const api = useDemoSearchApi();
  const { search } = api;

  it('answers every field of spec 2.4, vector_score null, 20 records by default', async () => {
    const res = await search({ q: '水素', mode: 'keyword' }).expect(200);
    expect(res.body).toMatchObject({ query: '水素', mode: 'keyword', limit: 20, count: 20 });
    expect(res.body.total).toBeGreaterThan(20);
    for (const paper of res.body.data) {
      for (const field of FIELDS) expect(paper).toHaveProperty(field);
      expect(paper.vector_score).toBeNull();
      expect(paper.keyword_score).toBeGreaterThan(0);
    }
    expect(res.headers['x-dataset-version']).toBe('v0.3-2026Q3');
  });

  it('matches like the public search: the same papers for the same terms', async () => {
    const here = await search({ q: 'carbon pricing', mode: 'keyword', limit: '50' }).expect(200);
    const pub = await request(api.app.url).get('/api/v1/papers/search').query({ q: 'carbon pricing', limit: '50' }).expect(200);
    expect(here.body.total).toBe(pub.body.total);
    expect(here.body.data.map((p: { id: string }) => p.id)).toEqual(pub.body.results.map((p: { id: string }) => p.id));
  });

  it('with highlight=true, marks every match of its terms in the text each record carries (every record holds all its terms)', async () => {
    const res = await search({ q: '水素 storage', mode: 'keyword', highlight: 'true', limit: '50' }).expect(200);
    expect(res.body.total).toBeGreaterThan(0);
    for (const paper of res.body.data as Array<Record<string, unknown> & { highlights: Highlight[] }>) {
      for (const h of paper.highlights) {
        const value = (h.index === undefined ? paper[h.field] : (paper[h.field] as string[])[h.index]) as string;
        expect(normalizeText(value.slice(h.start, h.end))).toContain(h.term);
      }
      // The record carries every field keyword mode searches, so each term is found in it.
      expect(new Set(paper.highlights.map((h) => h.term))).toEqual(new Set(['水素', 'storage']));
    }
    const plain = await search({ q: '水素 storage', mode: 'keyword' }).expect(200);
    expect(plain.body.data.every((p: object) => !('highlights' in p))).toBe(true);
  });

  it('counts facets and sorts newest first like the public search, over the same match set', async () => {
    const query = { q: 'carbon pricing', facets: 'topic,year', sort: 'newest', limit: '50' };
    const here = await search({ ...query, mode: 'keyword' }).expect(200);
    const pub = await request(api.app.url).get('/api/v1/papers/search').query(query).expect(200);
    expect(here.body.facets).toEqual(pub.body.facets);
    expect(here.body.data.map((p: { id: string }) => p.id)).toEqual(pub.body.results.map((p: { id: string }) => p.id));
    expect(here.body.facets.year.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(here.body.total);
  });

  it('pages by cursor in keyword mode exactly as the public search does', async () => {
    let [here, pub] = [await search({ q: 'carbon', mode: 'keyword', cursor: '*', limit: '30' }).expect(200), await request(api.app.url).get('/api/v1/papers/search').query({ q: 'carbon', cursor: '*', limit: '30' }).expect(200)];
    for (let page = 0; page < 3; page++) {
      expect(here.body.data.map((p: { id: string }) => p.id)).toEqual(pub.body.results.map((p: { id: string }) => p.id));
      expect(here.body.next_cursor).toBe(pub.body.next_cursor);
      [here, pub] = [await search({ q: 'carbon', mode: 'keyword', cursor: here.body.next_cursor, limit: '30' }).expect(200), await request(api.app.url).get('/api/v1/papers/search').query({ q: 'carbon', cursor: pub.body.next_cursor, limit: '30' }).expect(200)];
    }
  });

  it('applies topic, lang, shelf and min_score inside the search', async () => {
    for (const shelf of SHELVES) {
      const res = await search({ q: 'climate', mode: 'keyword', shelf, min_score: '90', lang: 'ja', topic: 'hydrogen', limit: '50' }).expect(200);
      for (const p of res.body.data) {
        expect(p).toMatchObject({ shelf, primary_topic: 'hydrogen' });
        expect(['ja', 'mul']).toContain(p.lang);
        expect(p.draft_score).toBeGreaterThanOrEqual(90);
      }
    }
    const all = await search({ q: 'climate', mode: 'keyword', min_score: '0' }).expect(200);
    const strict = await search({ q: 'climate', mode: 'keyword', min_score: '95' }).expect(200);
    expect(strict.body.total).toBeLessThan(all.body.total);
    expect(strict.body.total).toBeGreaterThan(0);
  });

  it.each([
    [{}, 'missing_query'],
    [{ q: 'a' }, 'missing_query'],
    [{ q: 'x'.repeat(1001) }, 'query_too_long'],
    [{ q: 'hydrogen', mode: 'semantic' }, 'invalid_mode'],
    [{ q: 'hydrogen', lang: 'zh' }, 'invalid_lang'],
    [{ q: 'hydrogen', shelf: 'archive' }, 'invalid_shelf'],
    [{ q: 'hydrogen', mode: 'keyword', highlight: '1' }, 'invalid_highlight'],
    [{ q: 'hydrogen', mode: 'keyword', facets: 'author' }, 'invalid_facets'],
    [{ q: 'hydrogen', facets: 'topic' }, 'invalid_facets'],
    [{ q: 'hydrogen', mode: 'hybrid', sort: 'newest' }, 'invalid_sort'],
    [{ q: 'hydrogen', venue_type: 'journal' }, 'invalid_venue_type'],
    [{ q: 'hydrogen', cursor: '*' }, 'invalid_cursor'],
    [{ q: 'hydrogen', mode: 'keyword', cursor: 'x' }, 'invalid_cursor'],
    [{ q: 'hydrogen', mode: 'keyword', year_from: '2025', year_to: '2021' }, 'invalid_year_to'],
    [{ q: 'hydrogen', limit: '51' }, 'invalid_limit'],
    [{ q: 'hydrogen', min_score: 'high' }, 'invalid_min_score'],
    [{ q: 'hydrogen', min_score: '101' }, 'invalid_min_score'],
    [{ q: 'hydrogen', topic: 'nuclear' }, 'invalid_topic'],
  ])('rejects %j with 400 %s', async (query, code) => {
    const res = await search(query as Record<string, string>).expect(400);
    expect(res.body.code).toBe(code);
  });

  it('needs a key, like every data-API path', async () => {
    await request(api.app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword' }).expect(401);
  });
});
