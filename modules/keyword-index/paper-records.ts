import fs from 'node:fs';
import type { Paper } from '../../shared/papers/paper.schema';

/**
 * The papers of a frozen segment as UTF-8 JSON records, one after the other: in memory, or in the
 * segment's file, read when a paper is shown (a page of results reads ten) so they cost the process
 * no memory. `starts[i]`..`starts[i + 1]` is slot i's record; an empty one is a retired slot.
 */
export class PaperRecords {
  private constructor(
    readonly starts: Float64Array,
    private readonly bytes: Buffer | undefined,
    private readonly file: { fd: number; offset: number } | undefined,
  ) {}

  static encode(papers: (Paper | undefined)[]): { starts: Float64Array; bytes: Buffer } {
    // Array.from, not map: a merged segment's list has holes where retired slots were skipped.
    const parts = Array.from(papers, (p) => (p ? Buffer.from(JSON.stringify(p)) : Buffer.alloc(0)));
    const starts = new Float64Array(papers.length + 1);
    parts.forEach((part, i) => (starts[i + 1] = starts[i]! + part.length));
    return { starts, bytes: Buffer.concat(parts) };
  }

  static inMemory(starts: Float64Array, bytes: Buffer): PaperRecords {
    return new PaperRecords(starts, bytes, undefined);
  }

  /** Records at `offset` in an open file, which this object then owns (see `close`). */
  static inFile(starts: Float64Array, fd: number, offset: number): PaperRecords {
    return new PaperRecords(starts, undefined, { fd, offset });
  }

  get(i: number): Paper | undefined {
    const from = this.starts[i]!;
    const length = this.starts[i + 1]! - from;
    if (!(length > 0)) return undefined;
    if (this.bytes) return JSON.parse(this.bytes.toString('utf8', from, from + length)) as Paper;
    const buffer = Buffer.allocUnsafe(length);
    fs.readSync(this.file!.fd, buffer, 0, length, this.file!.offset + from);
    return JSON.parse(buffer.toString('utf8')) as Paper;
  }

  get inFile(): boolean {
    return this.file !== undefined;
  }

  /** The records as written (only while they are in memory). */
  encoded(): { starts: Float64Array; bytes: Buffer } {
    if (!this.bytes) throw new Error('the records are already in a file');
    return { starts: this.starts, bytes: this.bytes };
  }

  close(): void {
    if (this.file) fs.closeSync(this.file.fd);
  }
}
