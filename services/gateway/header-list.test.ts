import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setHeaders, withHeaders } from './header-list';

/** The raw headers a client reads of an answer written by `write`. */
async function rawHeadersOf(write: (res: http.ServerResponse) => void): Promise<string[]> {
  const server = http.createServer((_req, res) => write(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise<string[]>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.rawHeaders.filter((_, i, all) => i % 2 === 0 ? all[i] !== 'Date' : all[i - 1] !== 'Date')));
        })
        .on('error', reject);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('header lists', () => {
  const door = ['X-Request-Id', 'r-1', 'Access-Control-Allow-Origin', '*', 'X-Dataset-Version', 'now+unreleased'];
  const own = ['Content-Type', 'application/json', 'x-dataset-version', '2026-01', 'Content-Length', '2'];

  it('give the door headers and an answer own in one writeHead as setting the first and writing the others over them does', async () => {
    const merged = await rawHeadersOf((res) => res.writeHead(200, withHeaders(door, own)).end('{}'));
    const overSet = await rawHeadersOf((res) => {
      setHeaders(res, door);
      res.writeHead(200, own).end('{}');
    });
    expect(merged).toEqual(overSet);
    expect(merged.slice(0, 8)).toEqual(['X-Request-Id', 'r-1', 'Access-Control-Allow-Origin', '*', 'x-dataset-version', '2026-01', 'Content-Type', 'application/json']);
  });

  it('keep the door headers whole when the answer names none of them, and the last of a name the answer repeats', async () => {
    expect(withHeaders(door, ['Content-Length', '0'])).toEqual([...door, 'Content-Length', '0']);
    const repeated = ['Vary', 'Accept', 'Content-Length', '2', 'vary', 'Origin'];
    const overSet = await rawHeadersOf((res) => {
      setHeaders(res, door);
      res.writeHead(200, repeated).end('{}');
    });
    expect(await rawHeadersOf((res) => res.writeHead(200, withHeaders(door, repeated)).end('{}'))).toEqual(overSet);
  });
});
