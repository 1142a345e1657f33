import type { ServerResponse } from 'node:http';

/**
 * Headers as a flat list (`[name, value, name, value, …]`), the form `writeHead` takes at its
 * cheapest. The public door gathers the headers of every answer in one (request id, CORS, dataset
 * version, the per-IP limit's) and an edge-cache hit writes them with its own in a single
 * `writeHead`; setting each on the response first, then merging the kept ones into them, cost a hit
 * about a tenth of its CPU time. An answer that goes on to the routes has them set (`setHeaders`).
 */
export type HeaderList = string[];

/** Sets the list's headers on the response, in its order. */
export function setHeaders(res: ServerResponse, list: readonly string[]): void {
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!);
}

/**
 * The door's headers with an answer's own, as `writeHead(status, own)` over the door's set headers
 * gives them (each of `own` is `setHeader`): a name the answer has too (in any case) takes the
 * answer's spelling and value where the door put it; the answer's other headers follow in its order.
 */
export function withHeaders(door: readonly string[], own: readonly string[]): string[] {
  const out = door.slice();
  for (let i = 0; i < own.length; i += 2) {
    const at = indexOfName(out, own[i]!);
    if (at < 0) out.push(own[i]!, own[i + 1]!);
    else {
      out[at] = own[i]!;
      out[at + 1] = own[i + 1]!;
    }
  }
  return out;
}

function indexOfName(list: readonly string[], name: string): number {
  const lower = name.toLowerCase();
  for (let i = 0; i < list.length; i += 2) if (list[i]!.length === name.length && list[i]!.toLowerCase() === lower) return i;
  return -1;
}
