import { performance } from 'node:perf_hooks';
import { probe } from './scaling-server';

/**
 * Waits until /readyz reports every check but the (disabled) vector index ok; answers how long that
 * took. For benchmarks that run gx without a vector index (a file where its folder goes).
 */
export async function untilSettled(baseUrl: string, timeoutMs = 1_800_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    // The process may not answer for seconds while it catches up: a probe that times out is a "not yet".
    const res = await probe(`${baseUrl}/readyz`, {}, 30_000);
    const checks = res.status === 0 ? { probe: 'no answer' } : ((JSON.parse(res.body) as { checks?: Record<string, unknown> }).checks ?? {});
    const ok = (state: unknown) => state === 'ok' || (state as { state?: string } | null)?.state === 'ok';
    if (Object.entries(checks).every(([name, state]) => name === 'vector-search' || ok(state))) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`not ready after ${timeoutMs} ms: ${res.body.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
