import type { MatchSet } from './match-set';
import type { SlotColumns } from './slot-columns';
import type { RankedSlot } from './top-slots';

/**
 * One page of a keyword search under `collapse=versions`: one entry per work among the matches (a
 * paper that is no version of another is a work of its own), `total` counting works. A work stands
 * where its best match stands in the requested order (`ranked`: the best `limit` matches, slices of
 * one order) with that match's score, and is shown by its preferred record among the matches
 * (`SlotColumns.preferred`: journal over conference over report over preprint, then the newest,
 * then the id). The order is read best first, a larger prefix each time, until it holds enough works.
 */
export function versionsPage(match: MatchSet, columns: SlotColumns, ranked: (limit: number) => RankedSlot[], offset: number, limit: number): { total: number; page: RankedSlot[] } {
  const { slots } = match.all();
  // The preferred match of each work of several records; the others are counted.
  const preferred = new Map<string, number>();
  let alone = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const work = columns.sharedWork(slot);
    if (work === undefined) {
      alone++;
      continue;
    }
    const best = preferred.get(work);
    if (best === undefined || columns.preferred(slot, best)) preferred.set(work, slot);
  }
  const total = alone + preferred.size;
  if (limit <= 0 || offset >= total) return { total, page: [] };
  const wanted = offset + limit;
  if (preferred.size === 0) return { total, page: ranked(wanted).slice(offset) };
  for (let asked = wanted; ; asked = Math.min(match.total, asked * 4)) {
    const page: RankedSlot[] = [];
    const seen = new Set<string>();
    for (const { slot, score } of ranked(asked)) {
      const work = columns.sharedWork(slot);
      if (work !== undefined) {
        if (seen.has(work)) continue;
        seen.add(work);
      }
      page.push({ slot: work === undefined ? slot : preferred.get(work)!, score });
      if (page.length === wanted) return { total, page: page.slice(offset) };
    }
    if (asked >= match.total) return { total, page: page.slice(offset) };
  }
}
