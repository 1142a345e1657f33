import request from 'supertest';
import { SHELVES } from '../../shared/papers/paper.schema';
import type { Highlight } from '../../shared/text/highlight';
import { normalizeText, splitTerms } from '../../shared/text/normalize';
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

  describe('any number of terms, all AND-matched (spec 001 §4.7; the public search keeps its 5)', () => {
    type Record_ = { id: string; highlights: Highlight[] };
    const junk = ['zqxjvk', 'qxzvjw'];
    /** Distinct words of a paper's English title and abstract, letters only, at least 4 characters. */
    const wordsOf = (p: { title: string; abstract: string | null }) => [...new Set(normalizeText(`${p.title} ${p.abstract ?? ''}`).match(/[a-z]{4,}/g) ?? [])];
    let paper: { id: string; title: string; abstract: string | null };
    let eight: string;

    beforeAll(async () => {
      const found = await search({ q: 'carbon pricing', mode: 'keyword', lang: 'en', limit: '50' }).expect(200);
      paper = (found.body.data as (typeof paper)[]).find((p) => wordsOf(p).length >= 8)!;
      eight = wordsOf(paper).slice(0, 8).join(' ');
    });

    it('answers a question of 8 terms with the papers holding every one of them', async () => {
      const res = await search({ q: eight, mode: 'keyword', highlight: 'true', limit: '50' }).expect(200);
      expect(res.body).toMatchObject({ query: eight, mode: 'keyword' });
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.data.map((p: Record_) => p.id)).toContain(paper.id);
      // AND: every record holds all 8 terms (keyword mode marks each where it occurs).
      for (const p of res.body.data as Record_[]) expect(new Set(p.highlights.map((h) => h.term))).toEqual(new Set(eight.split(' ')));
      // Each term narrows the match set: the first 5 alone match at least as many papers.
      const five = await search({ q: eight.split(' ').slice(0, 5).join(' '), mode: 'keyword' }).expect(200);
      expect(five.body.total).toBeGreaterThanOrEqual(res.body.total);
      expect(res.body).not.toHaveProperty('suggestion');
    });

    it('answers the question as people ask it (8 terms) with 200, never the public search\'s too_many_terms', async () => {
      const q = 'how does carbon pricing affect emissions in Japan';
      const res = await search({ q, mode: 'keyword', highlight: 'true', limit: '50' }).expect(200);
      for (const p of res.body.data as Record_[]) expect(new Set(p.highlights.map((h) => h.term))).toEqual(new Set(splitTerms(q)));
      // Nothing holds all 8 words (in the demo corpus): the most of them that find papers together, counted.
      if (res.body.total === 0) expect(res.body.suggestion.total).toBe((await search({ q: res.body.suggestion.q, mode: 'keyword' }).expect(200)).body.total);
    });

    it('suggests the largest set of the terms that finds papers together, with its count, when they find nothing together', async () => {
      const words = eight.split(' ').slice(0, 6);
      const q = [...words.slice(0, 3), junk[0], ...words.slice(3), junk[1]].join(' ');
      const res = await search({ q, mode: 'keyword', lang: 'en' }).expect(200);
      expect(res.body).toMatchObject({ query: q, total: 0, count: 0, data: [] });
      expect(res.body.suggestion).toEqual({ kind: 'subset', q: words.join(' '), total: expect.any(Number), dropped: junk, reason: expect.stringContaining(`Leaving out "${junk[0]}", "${junk[1]}", the other 6 terms match`) });
      const suggested = await search({ q: res.body.suggestion.q, mode: 'keyword', lang: 'en' }).expect(200);
      expect(res.body.suggestion.total).toBe(suggested.body.total);
      expect(suggested.body.data.map((p: Record_) => p.id)).toContain(paper.id);
      expect(api.validateApi('SemanticSearchResponse', res.body)).toEqual([]);
      // Counted with the same filters: under lang=ja the English words match fewer papers, or none.
      const ja = await search({ q, mode: 'keyword', lang: 'ja' }).expect(200);
      if (ja.body.suggestion) expect(ja.body.suggestion.total).toBe((await search({ q: ja.body.suggestion.q, mode: 'keyword', lang: 'ja' }).expect(200)).body.total);
    });

    it('leaves the public search its limit of 5 terms: 400 too_many_terms for the same question', async () => {
      const res = await request(api.app.url).get('/api/v1/papers/search').query({ q: eight }).expect(400);
      expect(res.body).toMatchObject({ code: 'too_many_terms', detail: 'q may hold at most 5 terms separated by white space; it has 8.' });
    });

    it('answers hostile queries of 1,000 characters with a 4xx or a bounded answer, never a 500', async () => {
      // 500 one-letter terms: refused by the term rule, before any search.
      const letters = Array.from({ length: 500 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ').slice(0, 1000);
      expect((await search({ q: letters, mode: 'keyword' }).expect(400)).body.code).toBe('term_too_short');
      // 333 distinct two-letter terms: searched (they part after a few), the suggestion within its bound.
      const pairs: string[] = [];
      for (const a of 'abcdefghijklmnopqrstuvwxyz') for (const b of 'abcdefghijklmnopqrstuvwxyz') pairs.push(a + b);
      const many = pairs.slice(0, 333).join(' ');
      expect(many.length).toBe(998);
      const res = await search({ q: many, mode: 'keyword', facets: 'topic', collapse: 'versions' }).expect(200);
      expect(res.body.total).toBe(0);
      if (res.body.suggestion) {
        expect(res.body.suggestion).toMatchObject({ kind: 'subset', reason: expect.stringContaining('(the first 16 terms were tried)') });
        expect(splitTerms(res.body.suggestion.q).length).toBeLessThanOrEqual(16);
        expect(res.body.suggestion.total).toBe((await search({ q: res.body.suggestion.q, mode: 'keyword', collapse: 'versions' }).expect(200)).body.total);
      }
      // The same term 333 times, and a long question in hybrid and vector modes.
      expect((await search({ q: Array(333).fill('co').join(' '), mode: 'keyword' }).expect(200)).body.total).toBeGreaterThan(0);
      for (const mode of ['hybrid', 'vector']) await search({ q: many, mode }).expect(200);
    });
  });

  it('needs a key, like every data-API path', async () => {
    await request(api.app.apiUrl!).get('/api/v1/papers/search').query({ q: 'hydrogen', mode: 'keyword' }).expect(401);
  });
});
