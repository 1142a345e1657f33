import type { HttpResult } from './http-client';
import { latencySummary, median } from './stats';

export interface Side {
  p50: number;
  p99: number;
  n: number;
}

/** Two ways of asking the same thing, timed in alternation, and how they compare. */
export interface PairedFigures {
  a: Side;
  b: Side;
  /** b's p50 over a's, and b's p99 over a's. */
  ratioP50: number;
  ratioP99: number;
  /** b's p50 over a's in each consecutive block of pairs: how much the ratio moves from block to block. */
  blockRatios: number[];
}

/**
 * Times `a(i)` and `b(i)` in alternation, pair by pair (a first in even pairs, b first in odd ones),
 * so whatever else the machine does in a moment falls on both alike; `warmup` pairs first, untimed.
 * Every answer must be 200. Sequential: latency, not throughput.
 */
export async function interleaved(
  what: string,
  a: (i: number) => Promise<HttpResult>,
  b: (i: number) => Promise<HttpResult>,
  options: { pairs: number; warmup: number; blocks: number },
): Promise<PairedFigures> {
  const as: number[] = [];
  const bs: number[] = [];
  const timed = async (send: (i: number) => Promise<HttpResult>, i: number, side: string) => {
    const res = await send(i);
    if (res.status !== 200) throw new Error(`${what} (${side}): answered ${res.status}: ${res.body.slice(0, 300)}`);
    return res.ms;
  };
  for (let i = 0; i < options.warmup + options.pairs; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      ta = await timed(a, i, 'a');
      tb = await timed(b, i, 'b');
    } else {
      tb = await timed(b, i, 'b');
      ta = await timed(a, i, 'a');
    }
    if (i < options.warmup) continue;
    as.push(ta);
    bs.push(tb);
  }
  return pairedFigures(as, bs, options.blocks);
}

/** The figures of paired samples (as[i] and bs[i] taken together). */
export function pairedFigures(as: number[], bs: number[], blocks: number): PairedFigures {
  const a = latencySummary(as);
  const b = latencySummary(bs);
  const size = Math.max(1, Math.floor(as.length / blocks));
  const blockRatios: number[] = [];
  for (let start = 0; start + size <= as.length; start += size) blockRatios.push(median(bs.slice(start, start + size)) / median(as.slice(start, start + size)));
  return { a, b, ratioP50: b.p50 / a.p50, ratioP99: b.p99 / a.p99, blockRatios };
}
