import type { PaperRepository } from '../papers/paper.repository';
import type { KeywordIndex } from './keyword-index.port';

/**
 * Rebuilds an index from Postgres, then replays every change made while the build ran (writes that
 * went to the old index, or that the snapshot missed). Returns the change sequence it is current to.
 */
export async function rebuildFromPostgres(index: KeywordIndex, repository: PaperRepository): Promise<number> {
  const seq = await repository.latestChangeSeq();
  await index.rebuild(repository.allInBatches());
  return catchUpFromPostgres(index, repository, seq);
}

/** Applies to the index every paper changed after `seq`; returns the last sequence applied. */
export async function catchUpFromPostgres(index: KeywordIndex, repository: PaperRepository, seq: number): Promise<number> {
  for (;;) {
    const { papers, lastSeq } = await repository.changedSince(seq);
    if (papers.length === 0) return seq;
    await index.upsert(papers);
    seq = lastSeq;
  }
}
