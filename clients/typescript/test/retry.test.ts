import { retryAfterMs, retryingFetch, type RetryEvent, type RetryOptions } from '../src';

/**
 * The retrying fetch on its own, over a scripted fetch: which answers it retries, how long it
 * waits (given to an injected sleep, so nothing here waits), and when it gives up.
 */
type Step = Response | Error;

function scripted(...steps: Step[]) {
  const seen: { method: string; url: string; body: string }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push({ method: request.method, url: request.url, body: await request.text() });
    const step = steps.shift();
    if (!step) throw new Error('the script has no more answers');
    if (step instanceof Error) throw step;
    return step;
  };
  return { fetch, seen };
}

const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 200 ? '{"ok":true}' : '{}', { status, headers });

function retrying(steps: Step[], options: RetryOptions = {}) {
  const waits: number[] = [];
  const events: RetryEvent[] = [];
  const script = scripted(...steps);
  const fetch = retryingFetch(script.fetch, {
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    onRetry: (e) => void events.push(e),
    ...options,
  });
  return { fetch, waits, events, seen: script.seen };
}

const get = (url = 'http://door.test/api/v1/papers/search?q=hydrogen') => new Request(url);
const post = () => new Request('http://door.test/api/v1/papers/recommendations', { method: 'POST', body: '{"positive":["p1"]}', headers: { 'Content-Type': 'application/json' } });

describe('Retry-After', () => {
  it.each([
    ['7', 0, 7_000],
    [' 0 ', 0, 0],
    ['Thu, 01 Jan 2026 00:00:30 GMT', Date.UTC(2026, 0, 1, 0, 0, 0), 30_000],
    ['Thu, 01 Jan 2026 00:00:30 GMT', Date.UTC(2026, 0, 1, 0, 1, 0), 0],
    ['Thursday, 01-Jan-26 00:00:30 GMT', Date.UTC(2026, 0, 1, 0, 0, 0), 30_000],
    ['Thu Jan  1 00:00:30 2026', Date.UTC(2026, 0, 1, 0, 0, 0), 30_000],
  ])('reads %j at %d as %d ms', (value, now, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });

  it.each([[null], ['soon'], ['-5'], ['']])('reads %j as no advice', (value) => {
    expect(retryAfterMs(value, 0)).toBeUndefined();
  });
});

describe('retryingFetch', () => {
  it('retries a 429 after its Retry-After seconds, then gives the success', async () => {
    const r = retrying([answer(429, { 'Retry-After': '3' }), answer(200)]);
    const res = await r.fetch(get());
    expect(res.status).toBe(200);
    expect(r.waits).toEqual([3_000]);
    expect(r.events).toMatchObject([{ attempt: 1, status: 429, delayMs: 3_000 }]);
    expect(r.seen.map((s) => s.url)).toEqual([get().url, get().url]);
  });

  it('honours a Retry-After given as an HTTP date, by the injected clock', async () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const r = retrying([answer(503, { 'Retry-After': new Date(now + 12_000).toUTCString() }), answer(200)], { now: () => now });
    expect((await r.fetch(get())).status).toBe(200);
    expect(r.waits).toEqual([12_000]);
  });

  it('waits a growing time when a 503 gives no Retry-After (half to all of base × 2^n, capped)', async () => {
    const r = retrying([answer(503), answer(503), answer(503), answer(200)], { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 300 });
    expect((await r.fetch(get())).status).toBe(200);
    // random() = 0.5: three quarters of 100, 200, then 400 capped at 300.
    expect(r.waits).toEqual([75, 150, 225]);
  });

  it('stops after maxAttempts and gives the last answer', async () => {
    const r = retrying([answer(429, { 'Retry-After': '1' }), answer(429, { 'Retry-After': '2' }), answer(429, { 'Retry-After': '4' })]);
    const res = await r.fetch(get());
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('4');
    expect(r.waits).toEqual([1_000, 2_000]);
    expect(r.seen).toHaveLength(3);
  });

  it('gives an answer asking for a longer wait than maxDelayMs at once (a used-up daily allowance)', async () => {
    const r = retrying([answer(429, { 'Retry-After': '3600' }), answer(200)], { maxDelayMs: 60_000 });
    expect((await r.fetch(get())).status).toBe(429);
    expect(r.waits).toEqual([]);
    expect(r.seen).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    for (const status of [400, 404, 500, 502]) {
      const r = retrying([answer(status, { 'Retry-After': '1' }), answer(200)]);
      expect((await r.fetch(get())).status).toBe(status);
      expect(r.waits).toEqual([]);
    }
  });

  it('retries a 429 of a POST with the same body (the door did not carry it out)', async () => {
    const r = retrying([answer(429, { 'Retry-After': '1' }), answer(200)]);
    expect((await r.fetch(post())).status).toBe(200);
    expect(r.seen.map((s) => `${s.method} ${s.body}`)).toEqual(['POST {"positive":["p1"]}', 'POST {"positive":["p1"]}']);
  });

  it('retries a failed connection of a GET, not of a POST (it may have been carried out)', async () => {
    const refused = () => new TypeError('fetch failed');
    const r = retrying([refused(), answer(200)], { baseDelayMs: 10 });
    expect((await r.fetch(get())).status).toBe(200);
    expect(r.waits).toEqual([8]);
    expect(r.events[0]!.error).toBeInstanceOf(TypeError);

    const p = retrying([refused(), answer(200)]);
    await expect(p.fetch(post())).rejects.toThrow('fetch failed');
    expect(p.seen).toHaveLength(1);
  });

  it('throws the last connection failure after maxAttempts', async () => {
    const r = retrying([new TypeError('first'), new TypeError('second')], { maxAttempts: 2 });
    await expect(r.fetch(get())).rejects.toThrow('second');
  });

  it('sends once and never waits with maxAttempts 1', async () => {
    const r = retrying([answer(503, { 'Retry-After': '1' })], { maxAttempts: 1 });
    expect((await r.fetch(get())).status).toBe(503);
    expect(r.waits).toEqual([]);
  });

  it('stops waiting when the request is aborted, with the abort reason', async () => {
    const controller = new AbortController();
    const script = scripted(answer(503, { 'Retry-After': '30' }), answer(200));
    // The default sleep (a timer), aborted once it waits: the test never waits 30 seconds.
    const fetch = retryingFetch(script.fetch, { onRetry: () => void setImmediate(() => controller.abort(new Error('caller gave up'))) });
    await expect(fetch(new Request('http://door.test/x', { signal: controller.signal }))).rejects.toThrow('caller gave up');
    expect(script.seen).toHaveLength(1);
  });
});
