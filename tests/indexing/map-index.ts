import type { IndexTarget } from '../../shared/indexing/change-follower';
import type { Paper } from '../../shared/papers/paper.schema';

/**
 * The plainest index there is: papers by id. It lets a test see exactly what an index was told
 * (every paper present, none twice, each write), which a search engine's answers cannot show.
 */
export class MapIndex implements IndexTarget {
  readonly papers = new Map<string, Paper>();
  writes = 0;
  /** The most times one paper was written in one batch (a follower resolves each paper once). */
  maxWritesOfOnePaperPerBatch = 0;

  async apply(upserts: Paper[], deletes: string[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const p of upserts) {
      this.papers.set(p.id, p);
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
    }
    for (const id of deletes) this.papers.delete(id);
    this.writes += upserts.length + deletes.length;
    this.maxWritesOfOnePaperPerBatch = Math.max(this.maxWritesOfOnePaperPerBatch, ...counts.values(), 0);
  }

  ids(): string[] {
    return [...this.papers.keys()].sort();
  }
}
