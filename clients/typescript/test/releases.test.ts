import createClient from 'openapi-fetch';
import { asOfMiddleware, createDataApiClient, createPublicClient, datasetVersion, AS_OF_OPERATIONS } from '../src';

/** The release helpers without a server: reading X-Dataset-Version and pinning `as_of`. */
describe('releases', () => {
  const recorder = () => {
    const urls: string[] = [];
    const fetch = async (request: Request) => {
      urls.push(request.url);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Dataset-Version': '2026-11-28' } });
    };
    return { urls, fetch };
  };

  it('reads the release that answered from X-Dataset-Version, and undefined without it', async () => {
    const { fetch } = recorder();
    const api = createDataApiClient({ baseUrl: 'http://api.test', apiKey: 'gxk_x', fetch });
    const answer = await api.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen' } } });
    expect(datasetVersion(answer)).toBe('2026-11-28');
    expect(datasetVersion(answer.response)).toBe('2026-11-28');
    expect(datasetVersion(new Response(null))).toBeUndefined();
  });

  it('adds as_of only to the operations that take it, and never over an as_of the call gives', async () => {
    const { urls, fetch } = recorder();
    type Get = { parameters: { query?: { as_of?: string; q?: string } }; responses: { 200: { content: { 'application/json': object } } } };
    type Paths = { '/a': { get: Get }; '/b': { get: Get } };
    const client = createClient<Paths>({ baseUrl: 'http://door.test', fetch });
    client.use(asOfMiddleware('2026-11-28', ['GET /a']));
    await client.GET('/a');
    await client.GET('/b');
    await client.GET('/a', { params: { query: { as_of: '2026-01-01', q: 'x' } } });
    expect(urls).toEqual(['http://door.test/a?as_of=2026-11-28', 'http://door.test/b', 'http://door.test/a?as_of=2026-01-01&q=x']);
  });

  it('pins a client to a release as a new client, leaving the first unpinned; the pin reaches only operations whose query takes as_of', async () => {
    const { urls, fetch } = recorder();
    const pub = createPublicClient({ baseUrl: 'http://papers.test/', fetch });
    const pinned = pub.pin('2026-11-28');
    expect([pub.asOf, pinned.asOf, pinned.pin(undefined).asOf]).toEqual([undefined, '2026-11-28', undefined]);
    await pinned.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen' } } });
    await pub.GET('/api/v1/papers/search', { params: { query: { q: 'hydrogen' } } });
    const pinnedUrl = new URL(urls[0]!);
    // The generated list says which operations take as_of; the others are sent unchanged.
    expect(pinnedUrl.searchParams.get('as_of')).toBe(AS_OF_OPERATIONS.publicDoor.includes('GET /api/v1/papers/search') ? '2026-11-28' : null);
    expect(new URL(urls[1]!).searchParams.has('as_of')).toBe(false);
  });
});
