import autocannon from 'autocannon';
import { latencySummary, median } from './stats';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
}

export interface RoundResult {
  /** 2xx responses a second. */
  rps: number;
  p50: number;
  p99: number;
  responses: number;
  /** Requests written, answered or not (those in flight when the round ends are never answered). */
  sent: number;
  non2xx: number;
  errors: number;
  /** Responses by their X-Cache header (neither: the header was absent, as from the bare server). */
  cache: { hit: number; miss: number };
}

export interface Measurement {
  rounds: RoundResult[];
  /** Medians over the rounds of each figure. */
  rps: number;
  p50: number;
  p99: number;
}

/** A fresh path for every request, or a fixed set cycled through by each connection. */
export type Paths = (() => string) | readonly string[];

export interface RoundOptions {
  /** Sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** A round without one successful answer is measured (rps 0, latencies NaN), not taken for a crash: a stalled server is what is measured. */
  allowNoAnswer?: boolean;
}

/**
 * One autocannon round. Latencies are taken from every response at full precision: autocannon's
 * own histogram keeps whole milliseconds, too coarse for a 5 ms target.
 */
export function runRound(baseUrl: string, paths: Paths, connections: number, seconds: number, options: RoundOptions = {}): Promise<RoundResult> {
  const latencies: number[] = [];
  const cache = { hit: 0, miss: 0 };
  const onResponse = (_status: number, _body: string, _context: object, headers: Record<string, unknown> | undefined) => {
    const value = headers?.['X-Cache'] ?? headers?.['x-cache'];
    if (value === 'HIT') cache.hit++;
    else if (value === 'MISS') cache.miss++;
  };
  const requests: autocannon.Request[] =
    typeof paths === 'function'
      ? [{ setupRequest: (req) => ({ ...req, path: paths() }), onResponse }]
      : paths.map((path) => ({ path, onResponse }));

  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: baseUrl, connections, pipelining: 1, duration: seconds, requests, ...(options.headers ? { headers: options.headers } : {}) }, (err, result) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      // autocannon counts a dead server as errors and carries on; a round without one answer is a crash.
      if (result['2xx'] === 0 && !options.allowNoAnswer) return reject(new Error(`no successful response from ${baseUrl} (${result.errors} errors, ${result.non2xx} non-2xx)`));
      const { p50, p99 } = latencies.length ? latencySummary(latencies) : { p50: Number.NaN, p99: Number.NaN };
      resolve({
        rps: result['2xx'] / result.duration,
        p50,
        p99,
        responses: result.requests.total,
        // Present at run time, missing from @types/autocannon.
        sent: (result.requests as { sent?: number }).sent ?? result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        cache,
      });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/** A warm-up round (discarded), then `rounds` measured rounds; short rounds and medians resist a noisy machine. */
export async function measure(baseUrl: string, paths: Paths, settings: LoadSettings, options: RoundOptions = {}): Promise<Measurement> {
  await runRound(baseUrl, paths, settings.connections, settings.warmupSeconds, options);
  const rounds: RoundResult[] = [];
  for (let i = 0; i < settings.rounds; i++) rounds.push(await runRound(baseUrl, paths, settings.connections, settings.roundSeconds, options));
  return summarise(rounds);
}

export function summarise(rounds: RoundResult[]): Measurement {
  return {
    rounds,
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
  };
}
