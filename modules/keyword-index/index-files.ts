import fs from 'node:fs';
import path from 'node:path';
import { FrozenSegment, type FrozenParts } from './frozen-segment';
import { MemoryIndexState } from './memory-index-state';
import { PaperRecords } from './paper-records';
import { readSections, writeSections } from './section-file';
import { SlotColumns, type ColumnSlice } from './slot-columns';
import type { IndexCheckpoint } from './keyword-index.port';

/**
 * The version of the files' layout. A manifest of another version is not reopened: the index is
 * built again from the papers table, as on a first start. 3 added, per slot, `created_at` (the
 * `since` filter), the citation count `sort=cited_by` orders by and the work a record is a version of
 * (`collapse=versions`), and per segment the authors' name keys (the `author` filter). Files of
 * version 2 lack them, and so do the records they saved (no `created_at`, no counts, no work): the
 * release that brought these fields rewrote every paper row anyway (migration 014 sets `work_id`),
 * so catching up would have replaced every record; a build from the table costs about the same and
 * leaves no segment without the new structures.
 */
export const INDEX_FILES_FORMAT = 3;

interface ManifestMeta extends IndexCheckpoint {
  gx_keyword_index: typeof INDEX_FILES_FORMAT;
  slotCount: number;
  segments: { id: string; start: number; end: number }[];
  codes: ReturnType<SlotColumns['codeTables']>;
}

interface SegmentMeta {
  id: string;
  start: number;
  end: number;
}

/** The file that names the segments of the content saved in a directory: replaced whole, last, by every save. */
export const MANIFEST = 'manifest.bin';
const segmentName = (id: string) => `segment-${id}.bin`;
const segmentFile = (dir: string, id: string) => path.join(dir, segmentName(id));
const PART_NAMES = ['tokenStarts', 'tokenChars', 'postingStarts', 'postingSlots', 'postingMasks', 'bigramKeys', 'bigramStarts', 'bigramTokens', 'bigramCounts', 'bigramFirst', 'wordLists', 'wordEntries', 'wordOccurrences', 'authorKeyStarts', 'authorKeyChars', 'authorStarts', 'authorSlots'] as const;
const COLUMN_NAMES = ['year', 'topic', 'lang', 'shelf', 'venue_type', 'draft', 'bodyWords', 'titleCjk', 'titleOther', 'created', 'cited'] as const;

/**
 * The embedded keyword index on disk, under one directory: a file per frozen segment (its
 * structures, its slots' columns and ids, then its papers as records, which stay on disk) and a
 * manifest naming the segments, which slots are live, their tie order and the checkpoint the content is current to.
 * Segment files never change once written; the manifest is replaced whole. So a checkpoint writes the
 * segments frozen since the last one and a new manifest, and a start reads the structures in one
 * pass each, without rebuilding anything.
 */
export async function writeCheckpoint(dir: string, state: MemoryIndexState, at: IndexCheckpoint): Promise<void> {
  state.freeze();
  // Taken before any await: the caller applies no change until this resolves, but searches run.
  const alive = state.columns.alive.slice(0, state.slotCount);
  // Sorting the tie order is most of what opening would otherwise cost beyond reading.
  const ranks = state.columns.tieRank(state.slotCount).slice(0, state.slotCount);
  const segments = [...state.frozen];
  await writeSegments(dir, state, segments);
  await writeManifest(dir, state, { database: at.database, cursor: at.cursor, reindex: at.reindex }, segments, { alive, ranks });
}

/**
 * Saves a build from the papers table as it goes: the segments frozen so far, and a manifest that
 * holds only them and says where the read stands (`resumeAfter`, the last paper id they hold), so
 * a stop or crash during a long build loses at most the open segment and the next start resumes
 * the read there (see `IndexSync`). The state must hold the papers table's papers in id order.
 */
export async function writeBuildProgress(dir: string, state: MemoryIndexState, at: IndexCheckpoint): Promise<void> {
  const segments = [...state.frozen];
  const upTo = segments.at(-1)?.end ?? 0;
  if (upTo === 0) return;
  await writeSegments(dir, state, segments);
  // Files the manifest stops naming stay: the content served meanwhile may still read its records from
  // them (a rebuild), and the checkpoint after the build removes what nothing names.
  await writeManifest(dir, state, { ...at, resumeAfter: state.columns.ids[upTo - 1]! }, segments, { alive: state.columns.alive.slice(0, upTo) }, { keepUnnamed: true });
}

/** Writes the segments not yet on disk; each one's records are read from its file from then on. */
async function writeSegments(dir: string, state: MemoryIndexState, segments: FrozenSegment[]): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const segment of segments) {
    if (segment.records.inFile) continue;
    const file = segmentFile(dir, segment.id);
    const columns = state.columns.slice(segment.start, segment.end);
    const ids = Buffer.from(state.columns.ids.slice(segment.start, segment.end).map((id) => id ?? '').join('\n'));
    const works = Buffer.from(state.columns.worksOf(segment.start, segment.end).join('\n'));
    const { starts, bytes } = segment.records.encoded();
    await writeSections<SegmentMeta>(file, { id: segment.id, start: segment.start, end: segment.end }, { ...segment.parts, ...columns, ids, works, recordStarts: starts }, bytes);
    const stored = readSections<SegmentMeta>(file);
    if (!stored) throw new Error(`segment file ${file} could not be read back`);
    segment.records = PaperRecords.inFile(starts, fs.openSync(file, 'r'), stored.tail.offset);
  }
}

/** Replaces the manifest with one naming `segments` (slots up to the last one's end), then removes segment files it does not name (unless told to keep them). */
async function writeManifest(
  dir: string,
  state: MemoryIndexState,
  at: IndexCheckpoint,
  segments: FrozenSegment[],
  slots: { alive: Uint8Array; ranks?: Int32Array },
  options: { keepUnnamed?: boolean } = {},
): Promise<void> {
  const meta: ManifestMeta = {
    gx_keyword_index: INDEX_FILES_FORMAT,
    ...at,
    slotCount: slots.alive.length,
    segments: segments.map(({ id, start, end }) => ({ id, start, end })),
    codes: state.columns.codeTables(),
  };
  await writeSections<ManifestMeta>(path.join(dir, MANIFEST), meta, slots.ranks ? { alive: slots.alive, ranks: slots.ranks } : { alive: slots.alive });
  if (options.keepUnnamed) return;
  const kept = new Set(segments.map((s) => path.basename(segmentFile(dir, s.id))));
  // Segments merged or rebuilt away, and the JSON Lines snapshot of earlier versions.
  for (const name of fs.readdirSync(dir)) if ((name.startsWith('segment-') && !kept.has(name)) || name === 'papers.jsonl') fs.rmSync(path.join(dir, name), { force: true });
}

/**
 * What the manifest `file` says, without opening the segments: the checkpoint its content is current
 * to and the segment files it names (beside it). Undefined when it is not a whole manifest of this
 * format. For copying the content elsewhere (`index-seed.ts`).
 */
export function readManifest(file: string): { at: IndexCheckpoint; files: string[] } | undefined {
  const meta = readSections<ManifestMeta>(file)?.meta;
  if (!meta || meta.gx_keyword_index !== INDEX_FILES_FORMAT || !/^\d+$/.test(meta.cursor?.position ?? '') || !/^\d+$/.test(meta.reindex ?? '') || !Array.isArray(meta.segments)) return undefined;
  const { database, cursor, reindex, resumeAfter } = meta;
  return { at: { database, cursor, reindex, ...(resumeAfter !== undefined && { resumeAfter }) }, files: meta.segments.map((s) => segmentName(s.id)) };
}

/** The index saved under `dir` for `database`, with the checkpoint it is current to; undefined when there is no whole one. */
export function openCheckpoint(dir: string, database: string, segmentPapers?: number): { state: MemoryIndexState; at: IndexCheckpoint } | undefined {
  const manifest = readSections<ManifestMeta>(path.join(dir, MANIFEST));
  const meta = manifest?.meta;
  if (!meta || meta.gx_keyword_index !== INDEX_FILES_FORMAT || meta.database !== database || !/^\d+$/.test(meta.cursor?.position ?? '') || !/^\d+$/.test(meta.reindex ?? '')) return undefined;
  const alive = manifest.sections.alive as Uint8Array;
  const columns = new SlotColumns(meta.codes);
  columns.ensure(meta.slotCount);
  const frozen: FrozenSegment[] = [];
  try {
    for (const { id, start, end } of meta.segments) {
      const file = segmentFile(dir, id);
      const stored = readSections<SegmentMeta>(file);
      if (!stored || stored.meta.start !== start || stored.meta.end !== end) return undefined;
      const s = stored.sections;
      const text = (name: string) => Buffer.from(s[name]!.buffer, s[name]!.byteOffset, s[name]!.byteLength).toString('utf8').split('\n');
      columns.setSlice(start, Object.fromEntries(COLUMN_NAMES.map((n) => [n, s[n]])) as unknown as ColumnSlice, text('ids'), alive.subarray(start, end), text('works'));
      const parts = Object.fromEntries(PART_NAMES.map((n) => [n, s[n]])) as unknown as FrozenParts;
      frozen.push(new FrozenSegment(id, start, end, parts, PaperRecords.inFile(s.recordStarts as Float64Array, fs.openSync(file, 'r'), stored.tail.offset)));
    }
  } catch (err) {
    for (const segment of frozen) segment.records.close();
    throw err;
  }
  const ranks = manifest.sections.ranks;
  if (ranks instanceof Int32Array && ranks.length === meta.slotCount) columns.restoreTieRank(ranks);
  const { database: db, cursor, reindex, resumeAfter } = meta;
  return { state: new MemoryIndexState(segmentPapers, columns, frozen, meta.slotCount), at: { database: db, cursor, reindex, ...(resumeAfter !== undefined && { resumeAfter }) } };
}
