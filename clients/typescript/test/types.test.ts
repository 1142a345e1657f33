import { createDataApiClient, createPublicClient, type CursorPath, type DataApiPaths, type DataApiProblemCode, type ItemOf, type PageOf, type ProblemCode, type PublicPaths, type PublicProblemCode } from '../src';

/**
 * What the generated types hold, checked by the compiler (`npm run typecheck` compiles this file;
 * each `@ts-expect-error` must meet an error): the codes as a union, the paths, parameters and
 * answers of both doors, and which operations the cursor helpers take. At run time it only checks
 * that the calls are built without being sent.
 */
describe('the generated types', () => {
  it('type the problem codes of each door as a union, with the data API\'s field families', () => {
    const codes: ProblemCode[] = ['invalid_limit', 'rate_limit_exceeded', 'missing_bearer', 'unknown_parameter'];
    const family: DataApiProblemCode = 'missing_field:email';
    const publicOnly: PublicProblemCode = 'search_unavailable';
    // @ts-expect-error not a code of either door
    const unknown: ProblemCode = 'no_such_code';
    // @ts-expect-error the public door has no `<family>:<field>` codes
    const noFamily: PublicProblemCode = 'missing_field:email';
    // @ts-expect-error a family needs its field
    const bare: DataApiProblemCode = 'missing_field';
    expect([...codes, family, publicOnly, unknown, noFamily, bare]).toHaveLength(9);
  });

  it('type the paths, parameters and answers of both doors', () => {
    const never = async () => new Response(null, { status: 599 });
    const pub = createPublicClient({ baseUrl: 'http://papers.test', fetch: never, retry: false });
    const api = createDataApiClient({ baseUrl: 'http://api.test', apiKey: 'gxk_x', fetch: never, retry: false });
    const calls = [
      pub.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen', limit: 10, lang: 'ja' } } }),
      // @ts-expect-error limit is a number
      pub.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen', limit: 'ten' } } }),
      // @ts-expect-error lang is one of ja, en, all
      pub.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen', lang: 'fr' } } }),
      // @ts-expect-error the public door has no company endpoints
      pub.GET('/api/v1/companies'),
      // @ts-expect-error a paper lookup needs its id
      pub.GET('/api/v1/papers/{id}', {}),
      api.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen', mode: 'hybrid' } } }),
      // @ts-expect-error mode is vector, keyword or hybrid
      api.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen', mode: 'fuzzy' } } }),
      api.GET('/api/v1/companies/{code}', { params: { path: { code: '7203' } } }),
    ];
    expect(calls).toHaveLength(8);
    return Promise.all(calls);
  });

  it('give the cursor helpers the cursor-paged GETs only, with their records', () => {
    const paged: CursorPath<PublicPaths>[] = ['/api/v1/papers/search', '/api/v1/papers/{id}/references', '/api/v1/papers/{id}/cited-by'];
    const dataPaged: CursorPath<DataApiPaths>[] = ['/api/v1/papers/search', '/api/v1/papers/changes', '/api/v1/intelligence-events', '/api/v1/papers/{id}/cited-by'];
    // @ts-expect-error a paper lookup is not paged
    const notPaged: CursorPath<PublicPaths> = '/api/v1/papers/{id}';
    // @ts-expect-error companies are paged by offset, not by cursor
    const byOffset: CursorPath<DataApiPaths> = '/api/v1/companies';
    const record = (paper: ItemOf<PageOf<PublicPaths, '/api/v1/papers/search'>>) => paper.title;
    const change = (item: ItemOf<PageOf<DataApiPaths, '/api/v1/papers/changes'>>) => item.op;
    expect([...paged, ...dataPaged, notPaged, byOffset, record, change]).toHaveLength(11);
  });
});
