import { servedPathOf } from './remote-service';

describe('which service path a request falls under', () => {
  const paths = ['/api/v1/papers/search', '/api/v1/papers', '/papers', '/sitemap.xml', '/'];

  it.each([
    ['/papers/p_1', '/papers'],
    ['/papers/p_1.bib', '/papers'],
    ['/papers', '/papers'],
    ['/api/v1/papers/search', '/api/v1/papers/search'],
    ['/api/v1/papers/p_1.json', '/api/v1/papers'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/', '/'],
  ])('%s → %s', (pathname, expected) => {
    expect(servedPathOf(paths, pathname)).toBe(expected);
  });

  it.each([['/papersx'], ['/sitemap.xml.gz'], ['/api/v1/companies'], ['/mcp'], ['/llms.txt']])('%s belongs to no service path: `/` claims only the root', (pathname) => {
    expect(servedPathOf(paths, pathname)).toBeUndefined();
  });
});
