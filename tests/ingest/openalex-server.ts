import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAlex work as the API returns it, with the abstract as an inverted index. */
export function openAlexWork(n: number, abstract: string, extra: Record<string, unknown> = {}) {
  const index: Record<string, number[]> = {};
  abstract.split(' ').forEach((word, i) => (index[word] ??= []).push(i));
  return {
    id: `https://openalex.org/W${1000 + n}`,
    doi: `https://doi.org/10.7777/OA.${n}`,
    title: `Emissions trading and carbon pricing under uncertainty ${n}`,
    publication_year: 2026,
    publication_date: '2026-11-19',
    language: 'en',
    type: 'article',
    authorships: [{ author: { display_name: 'Hanako Yamada' } }, { author: { display_name: 'John Smith' } }],
    primary_location: { landing_page_url: `https://journal.example/articles/${n}`, pdf_url: null, source: { display_name: 'Energy Policy', type: 'journal' } },
    abstract_inverted_index: index,
    ...extra,
  };
}

export interface OpenAlexServer {
  url: string;
  requests: URL[];
  close(): Promise<void>;
}

/**
 * A loopback server speaking the OpenAlex works API: `pages[i]` is answered to the i-th cursor
 * (`*`, then `c1`, `c2`, …), the last page with `next_cursor: null`. `failures` answers the first
 * requests with those statuses (429 with `Retry-After: 0`).
 */
export async function startOpenAlexServer(pages: unknown[][], failures: number[] = []): Promise<OpenAlexServer> {
  const requests: URL[] = [];
  const pending = [...failures];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    requests.push(url);
    const status = pending.shift();
    if (status !== undefined) {
      res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {});
      res.end('{"error":"try later"}');
      return;
    }
    if (url.pathname !== '/works') {
      res.writeHead(404).end();
      return;
    }
    const cursor = url.searchParams.get('cursor');
    const i = cursor === '*' ? 0 : Number(cursor?.slice(1));
    const results = pages[i] ?? [];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ meta: { count: pages.flat().length, next_cursor: i + 1 < pages.length ? `c${i + 1}` : null }, results }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
