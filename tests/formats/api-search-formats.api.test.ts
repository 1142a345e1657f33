import request from 'supertest';
import { SEMANTIC_PAPER_CSV_COLUMNS } from '../../services/semantic-search/semantic-paper';
import { useDemoSearchApi } from '../semantic/demo-search-api';
import { asText, bibtexKeys, expectCsvRecords, parseCitations } from './format-checks';

/** The data API's paper search answers a page as a citation file or CSV, in every mode. */
describe('data API paper search: a page of results as a citation file or CSV', () => {
  const api = useDemoSearchApi();
  const asked = (query: Record<string, string>, accept?: string) => {
    const req = api.search(query).buffer(true).parse(asText);
    return accept ? req.set('Accept', accept) : req;
  };
  const json = async (query: Record<string, string>) => JSON.parse((await asked(query).expect(200)).body as string);

  it.each(['keyword', 'vector', 'hybrid'])('in %s mode, holds the JSON page\'s papers: BibTeX, RIS and CSL-JSON read back by citation-js, CSV row by row', async (mode) => {
    const query = { q: 'hydrogen storage', mode, limit: '20' };
    const page = await json(query);
    expect(page.count).toBeGreaterThan(0);
    const ids: string[] = page.data.map((p: { id: string }) => p.id);
    const titles = page.data.map((p: { title: string | null; title_en: string | null; title_ja: string | null }) => p.title ?? p.title_en ?? p.title_ja);
    const bib = await asked({ ...query, format: 'bibtex' }).expect(200);
    expect(bib.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(bib.headers.vary).toBe('Accept');
    expect(bib.headers['content-disposition']).toBe('attachment; filename="search-hydrogen-storage.bib"');
    expect(bib.headers['cache-control']).toBeUndefined();
    expect(bib.headers['x-dataset-version']).toBeDefined();
    expect(parseCitations(bib.body, '@biblatex/text').map((i) => i.title)).toEqual(titles);
    expect(parseCitations((await asked({ ...query, format: 'ris' }).expect(200)).body, '@ris/file').map((i) => i.title)).toEqual(titles);
    expect(parseCitations((await asked({ ...query, format: 'csl-json' }).expect(200)).body, '@csl/list+object').map((i) => i.id)).toEqual(ids);
    const csv = await asked({ ...query, format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expectCsvRecords(csv.body, page.data, SEMANTIC_PAPER_CSV_COLUMNS);
  });

  it("makes each entry exactly what the paper's page on the public site downloads", async () => {
    const query = { q: 'carbon', mode: 'keyword', limit: '30' };
    const ids: string[] = (await json(query)).data.map((p: { id: string }) => p.id);
    const own = await Promise.all(ids.map(async (id) => (await request(api.app.url).get(`/papers/${id}.ris`).buffer(true).parse(asText).expect(200)).body as string));
    expect((await asked({ ...query, format: 'ris' }).expect(200)).body).toBe(own.join('\r\n'));
    const bib = (await asked({ ...query, format: 'bibtex' }).expect(200)).body as string;
    const ownBib = await Promise.all(ids.map(async (id) => (await request(api.app.url).get(`/papers/${id}.bib`).buffer(true).parse(asText).expect(200)).body as string));
    const keys = bibtexKeys(bib);
    expect(bib).toBe(ownBib.map((d, i) => d.replace(/^(@\w+\{)[^,]*,/, `$1${keys[i]},`)).join('\n'));
  });

  it('chooses by Accept when format is absent, and refuses another format with 400 invalid_format', async () => {
    const csv = await asked({ q: 'hydrogen', mode: 'keyword', limit: '5' }, 'text/csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const asJson = await asked({ q: 'hydrogen', mode: 'keyword', limit: '5', format: 'json' }, 'text/csv').expect(200);
    expect(asJson.headers['content-type']).toMatch(/^application\/json/);
    expect(asJson.headers.vary).toBe('Accept');
    const bad = await asked({ q: 'hydrogen', format: 'jsonl' }).expect(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 'invalid_format' });
    expect(api.validateApi('SemanticSearchResponse', JSON.parse(asJson.body))).toEqual([]);
  });
});
