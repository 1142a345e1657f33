import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FrozenSegment } from './frozen-segment';
import { PaperRecords } from './paper-records';
import { searchTextOf } from './relevance';
import { SegmentBuilder } from './segment-builder';

/** A frozen segment is small below this share of a full one: every checkpoint freezes the open segment, however few papers it holds. */
export const SMALL_SEGMENT_SHARE = 1 / 4;
/** Small segments at the end of the index that make a merge due. */
export const MERGE_AT = 4;
/** Papers analyzed between two turns of the event loop while a merge runs (≈ 10 ms): searches go on meanwhile. */
const MERGE_CHUNK = 100;

/**
 * The run of small frozen segments at the end of the index (`segmentPapers` papers make a full
 * one), when there are `MERGE_AT` or more of them; otherwise undefined. Checkpoints leave one small
 * segment each, and a term's first search works out its evidence once per segment, so without
 * merging a process that follows a daily ingest would slow down week by week.
 */
export function mergeCandidates(frozen: readonly FrozenSegment[], segmentPapers: number): FrozenSegment[] | undefined {
  let first = frozen.length;
  while (first > 0 && frozen[first - 1]!.end - frozen[first - 1]!.start < segmentPapers * SMALL_SEGMENT_SHARE) first--;
  return frozen.length - first >= MERGE_AT ? frozen.slice(first) : undefined;
}

/**
 * One frozen segment over the slots of adjacent frozen segments, holding the papers of those alive
 * when it reaches them (a slot retired later is skipped by searches, as in any segment). Built a
 * chunk at a time, so the process serves meanwhile; `stop` abandons it (undefined).
 */
export async function mergeSegments(run: readonly FrozenSegment[], alive: Uint8Array, stop: () => boolean): Promise<FrozenSegment | undefined> {
  const start = run[0]!.start;
  const end = run.at(-1)!.end;
  const builder = new SegmentBuilder(start);
  let budget = MERGE_CHUNK;
  for (const segment of run) {
    for (let slot = segment.start; slot < segment.end; slot++) {
      if (!alive[slot]) continue;
      const paper = segment.paper(slot);
      if (paper) builder.add(slot, paper, searchTextOf(paper));
      if (--budget === 0) {
        await nextTurn();
        if (stop()) return undefined;
        budget = MERGE_CHUNK;
      }
    }
  }
  builder.end = end; // retired slots at the end are the merged segment's too
  const { starts, bytes } = PaperRecords.encode(builder.storedPapers());
  return new FrozenSegment(`${start}-${randomBytes(4).toString('hex')}`, start, end, builder.freeze(), PaperRecords.inMemory(starts, bytes));
}
