import type { HttpClient } from './http-client';

/** GETs each path once and counts the answers carrying `X-Cache: expected`; any non-200 is a failure. */
export async function checkCache(client: HttpClient, paths: string[], expected: 'HIT' | 'MISS') {
  let matched = 0;
  let bytes = 0;
  let firstBody = '';
  for (const p of paths) {
    const res = await client.get(p);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (res.headers['x-cache'] === expected) matched++;
    bytes += Buffer.byteLength(res.body);
    firstBody ||= res.body;
  }
  return { checked: paths.length, matched, meanBytes: Math.round(bytes / paths.length), firstBody };
}
