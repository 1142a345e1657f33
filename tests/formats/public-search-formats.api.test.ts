import request from 'supertest';
import { PUBLIC_PAPER_CSV_COLUMNS } from '../../shared/papers/public-paper';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestProcess, type TestProcess } from '../support/test-process';
import { asText, bibtexKeys, expectCsvRecords, parseCitations } from './format-checks';

/** A page of the public search as BibTeX, RIS, CSL-JSON or CSV: the same page as the JSON, each entry its paper's own download. */
describe('public search: a page of results as a citation file or CSV', () => {
  let database: TestDatabase;
  let app: TestProcess;
  const BASE = 'https://papers.example.org';
  const search = (query: Record<string, string>, accept?: string) => {
    const req = request(app.url).get('/api/v1/papers/search').query(query).buffer(true).parse(text);
    return accept ? req.set('Accept', accept) : req;
  };
  const text = asText;
  const json = async (query: Record<string, string>) => JSON.parse((await search(query).expect(200)).body as string);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    app = await startTestProcess({ DATABASE_URL: database.url, DEMO_DATA: 'true', PUBLIC_BASE_URL: BASE });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** Each paper's own downloads from its page. */
  const downloads = async (ids: string[], extension: string) =>
    Promise.all(ids.map(async (id) => (await request(app.url).get(`/papers/${id}.${extension}`).buffer(true).parse(text).expect(200)).body as string));

  it('answers search.bib as it was asked for: q=hydrogen in BibTeX, read back by citation-js, the same papers in the same order', async () => {
    const page = await json({ q: 'hydrogen', limit: '25' });
    const res = await search({ q: 'hydrogen', limit: '25', format: 'bibtex' }).expect(200);
    expect(res.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="search-hydrogen.bib"');
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
    const items = parseCitations(res.body, '@biblatex/text');
    expect(items.map((i) => i.title)).toEqual(page.results.map((p: { title: string | null; title_en: string | null; title_ja: string | null }) => p.title ?? p.title_en ?? p.title_ja));
    expect(items.map((i) => i.DOI?.toLowerCase())).toEqual(page.results.map((p: { doi: string | null }) => p.doi ?? undefined));
  });

  it.each([
    ['bibtex', 'bib', '@biblatex/text'],
    ['ris', 'ris', '@ris/file'],
    ['csl-json', 'json', '@csl/list+object'],
  ] as const)('holds in %s exactly the entries each paper downloads from its page, byte for byte', async (format, extension, type) => {
    const page = await json({ q: 'carbon', limit: '50', sort: 'newest' });
    const ids: string[] = page.results.map((p: { id: string }) => p.id);
    const own = await downloads(ids, extension);
    const file = (await search({ q: 'carbon', limit: '50', sort: 'newest', format }).expect(200)).body as string;
    expect(parseCitations(file, type)).toHaveLength(ids.length);
    if (format === 'ris') expect(file).toBe(own.join('\r\n'));
    if (format === 'csl-json') {
      // One array of every paper's one item, each item's text as in the paper's own array.
      expect(JSON.parse(file)).toEqual(own.map((d) => JSON.parse(d)[0]));
      for (const d of own) expect(file).toContain(d.slice(2, -3));
    }
    if (format === 'bibtex') {
      const keys = bibtexKeys(file);
      const ownKeys = own.map((d) => bibtexKeys(d)[0]!);
      // A key repeated within the page gets a letter; every other entry is the paper's download as it is.
      keys.forEach((key, i) => {
        if (key !== ownKeys[i]) {
          expect(ownKeys.slice(0, i)).toContain(ownKeys[i]);
          expect(key).toMatch(new RegExp(`^${ownKeys[i]}[b-z]+$`));
        }
      });
      expect(new Set(keys).size).toBe(keys.length);
      expect(file).toBe(own.map((d, i) => d.replace(/^(@\w+\{)[^,]*,/, `$1${keys[i]},`)).join('\n'));
    }
  });

  it('gives each CSV row exactly its JSON record, under the stated columns, with a byte order mark', async () => {
    const queries: Record<string, string>[] = [{ q: '水素 輸送', limit: '50' }, { q: 'carbon pricing', limit: '30', offset: '30' }, { author: 'Tanaka', limit: '10' }];
    for (const query of queries) {
      const page = await json(query);
      const res = await search({ ...query, format: 'csv' }).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expectCsvRecords(res.body, page.results, PUBLIC_PAPER_CSV_COLUMNS);
    }
  });

  it('names a Japanese search in filename* and keeps an ASCII filename', async () => {
    const res = await search({ q: '水素 輸送', format: 'ris' }).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="search.ris"; filename*=UTF-8''${encodeURIComponent('search-水素-輸送.ris')}`);
  });

  it('chooses by Accept when format is absent, format winning over Accept, JSON by default', async () => {
    const asked = async (accept: string | undefined, query: Record<string, string> = {}) =>
      String((await search({ q: 'hydrogen', limit: '3', ...query }, accept).expect(200)).headers['content-type']).split(';')[0];
    expect(await asked('application/x-bibtex')).toBe('application/x-bibtex');
    expect(await asked('application/x-research-info-systems')).toBe('application/x-research-info-systems');
    expect(await asked('application/vnd.citationstyles.csl+json')).toBe('application/vnd.citationstyles.csl+json');
    expect(await asked('text/csv')).toBe('text/csv');
    expect(await asked('text/csv;q=0.5, application/json')).toBe('application/json');
    expect(await asked('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('application/json');
    expect(await asked('image/png')).toBe('application/json');
    expect(await asked(undefined)).toBe('application/json');
    expect(await asked('text/csv', { format: 'json' })).toBe('application/json');
    expect(await asked('application/json', { format: 'ris' })).toBe('application/x-research-info-systems');
  });

  it('refuses a format it does not have with 400 invalid_format listing those it has', async () => {
    const res = await search({ q: 'hydrogen', format: 'xml' }).expect(400);
    const problem = JSON.parse(res.body);
    expect(problem).toMatchObject({ code: 'invalid_format', status: 400 });
    expect(problem.detail).toContain('json, bibtex, ris, csl-json, csv');
  });

  it('pages the same by cursor: each format of a cursor page holds that page', async () => {
    const first = await json({ q: 'carbon', cursor: '*', limit: '20' });
    const second = await json({ q: 'carbon', cursor: first.next_cursor, limit: '20' });
    const file = (await search({ q: 'carbon', cursor: first.next_cursor, limit: '20', format: 'csl-json' }).expect(200)).body as string;
    expect(parseCitations(file, '@csl/list+object').map((i) => i.id)).toEqual(second.results.map((p: { id: string }) => p.id));
  });

  it('validates a file with its ETag (304), and keeps each representation apart in the edge cache', async () => {
    const query = { q: 'storage', limit: '7' };
    const bib = await search({ ...query, format: 'bibtex' }).expect(200);
    expect(bib.headers.etag).toMatch(/^"[\w-]+"$/);
    await request(app.url).get('/api/v1/papers/search').query({ ...query, format: 'bibtex' }).set('If-None-Match', bib.headers.etag!).expect(304);

    // One URL, two representations by Accept: neither is ever answered with the other's bytes.
    const url = { q: 'offshore wind', limit: '5' };
    const first = await search(url).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const asCsv = await search(url, 'text/csv').expect(200);
    expect(asCsv.headers['content-type']).toMatch(/^text\/csv/);
    expect(asCsv.headers['x-cache']).toBe('MISS');
    const csvAgain = await search(url, 'text/csv; q=1').expect(200);
    expect([csvAgain.headers['x-cache'], csvAgain.body]).toEqual(['HIT', asCsv.body]);
    expect(csvAgain.headers.vary).toBe('Accept');
    const jsonAgain = await search(url, 'application/json').expect(200);
    expect([jsonAgain.headers['x-cache'], jsonAgain.body]).toEqual(['HIT', first.body]);
    expect(jsonAgain.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers an empty page as an empty file (CSL-JSON: an empty array; CSV: its header row)', async () => {
    const none = { q: 'zzqqxx', limit: '5' };
    expect((await search({ ...none, format: 'bibtex' }).expect(200)).body).toBe('');
    expect((await search({ ...none, format: 'csl-json' }).expect(200)).body).toBe('[]\n');
    expectCsvRecords((await search({ ...none, format: 'csv' }).expect(200)).body, [], PUBLIC_PAPER_CSV_COLUMNS);
  });
});
