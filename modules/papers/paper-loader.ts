import type { JsonLine } from '../../shared/loading/json-lines';
import { loadRecords, type LoadOptions, type LoadReport, type RecordSpec } from '../../shared/loading/load-records';
import { paperInputSchema, toNewPaper } from './paper-input';
import type { NewPaper, PaperRepository } from './paper.repository';

export type { LoadReport } from '../../shared/loading/load-records';
export { recordsAsLines } from '../../shared/loading/json-lines';

const paperSpec: RecordSpec<typeof paperInputSchema, NewPaper> = {
  schema: paperInputSchema,
  prepare: (input) => ({ record: toNewPaper(input) }),
  // The id is the paper's identity (its DOI when it has one); of two lines for one paper, the later wins.
  keyOf: (paper) => paper.id,
};

/**
 * Upserts papers into Postgres, batch by batch (each records its changes in the change log, which
 * every index follows). Bad lines are reported with their line numbers; the good ones are loaded
 * all the same. The loop is the one every loader shares (`loadRecords`).
 */
export function loadPapers(lines: AsyncIterable<JsonLine>, repository: PaperRepository, options: LoadOptions = {}): Promise<LoadReport> {
  return loadRecords(lines, paperSpec, {
    async upsertMany(papers) {
      const outcome = await repository.upsertMany(papers);
      return { inserted: outcome.inserted, updated: outcome.updated, rejected: [] };
    },
  }, options);
}

