import request from 'supertest';
import { useDemoSearchApi } from './demo-search-api';

const WINDOWS = { keyword: 10_000, vector: 300, hybrid: 100 } as const;

/** The data API's paper search pages with `offset` in every mode, within each mode's window. */
describe('data API paper search: paging', () => {
  const api = useDemoSearchApi();
  const { search } = api;
  const ids = (res: request.Response) => res.body.data.map((p: { id: string }) => p.id);


  it.each(['keyword', 'vector', 'hybrid'] as const)('%s mode: consecutive pages are consecutive slices of one ranking, offset echoed', async (mode) => {
    const whole = await search({ q: 'carbon emissions', mode, limit: '50' }).expect(200);
    expect(whole.body.count).toBe(50);
    const pages = [];
    for (let offset = 0; offset < 50; offset += 20) {
      const page = await search({ q: 'carbon emissions', mode, limit: '20', offset: String(offset) }).expect(200);
      expect(page.body.offset).toBe(offset);
      pages.push(...ids(page));
    }
    expect(pages.slice(0, 50)).toEqual(ids(whole));
  });

  it('keyword mode reaches papers past the first 50 of its total', async () => {
    const first = await search({ q: 'climate', mode: 'keyword', limit: '50' }).expect(200);
    expect(first.body.total).toBeGreaterThan(60);
    const later = await search({ q: 'climate', mode: 'keyword', limit: '10', offset: '50' }).expect(200);
    expect(later.body.count).toBe(10);
    expect(ids(later).some((id: string) => ids(first).includes(id))).toBe(false);
  });

  it.each([
    ['-1', 'keyword'],
    ['1.5', 'vector'],
    ['abc', 'hybrid'],
    [String(WINDOWS.keyword), 'keyword'],
    [String(WINDOWS.vector - 19), 'vector'],
    [String(WINDOWS.hybrid - 19), 'hybrid'],
  ])('offset=%s in %s mode is 400 invalid_offset', async (offset, mode) => {
    const res = await search({ q: 'carbon', mode, limit: '20', offset }).expect(400);
    expect(res.body.code).toBe('invalid_offset');
  });

  it.each(Object.entries(WINDOWS))('%s mode serves its last page (offset + limit = %i)', async (mode, window) => {
    const res = await search({ q: 'carbon', mode, limit: '20', offset: String(window - 20) }).expect(200);
    expect(res.body.offset).toBe(window - 20);
  });
});
