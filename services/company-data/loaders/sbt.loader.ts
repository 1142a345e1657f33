import type { z } from 'zod';
import type { Queryable } from '../../../shared/db/database';
import type { JsonLine } from '../../../shared/loading/json-lines';
import { sbtInputSchema } from '../company-inputs';
import { SbtWriter, type NewCompanySbt } from '../repositories/sbt.writer';
import { loadRecords, type LoadOptions, type LoadReport, type Prepared, type RecordSpec } from '../../../shared/loading/load-records';
import { mapSbtStatus, parseIsoDate, parseTargetYear, SBT_STATUS_RANK } from './sbt-mapping';

type SbtLine = z.output<typeof sbtInputSchema>;

/** One SBTi row as a `company_sbt` row; rows without a TSE code are skipped, malformed years or dates refused. */
export function toCompanySbt(row: SbtLine): Prepared<NewCompanySbt> {
  if (row.tse_code === null) return { skip: 'no tse_code' };
  try {
    return {
      record: {
        company_code: row.tse_code,
        status: mapSbtStatus(row.near_term_status, row.near_term_target_classification),
        sbti_status: row.near_term_status,
        sbti_classification: row.near_term_target_classification,
        near_term_target_year: parseTargetYear('near_term_target_year', row.near_term_target_year),
        long_term_target_year: parseTargetYear('long_term_target_year', row.long_term_target_year),
        net_zero_year: parseTargetYear('net_zero_year', row.net_zero_year),
        sbti_id: row.sbti_id,
        source_updated: parseIsoDate('date_updated', row.date_updated),
      },
    };
  } catch (err) {
    if (err instanceof RangeError) return { error: err.message };
    throw err;
  }
}

const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/**
 * Of two rows for one company, the one to keep (> 0: `a`): the more advanced status
 * (1.5C > WB2C > committed > none), then the later `date_updated`, then — so that the choice never
 * depends on line order — the higher SBTi id, then the rest of the content.
 */
export function compareCompanySbt(a: NewCompanySbt, b: NewCompanySbt): number {
  return (
    SBT_STATUS_RANK[a.status] - SBT_STATUS_RANK[b.status] ||
    order(a.source_updated, b.source_updated) ||
    order(a.sbti_id, b.sbti_id) ||
    order(JSON.stringify(Object.values(a)), JSON.stringify(Object.values(b)))
  );
}

/** `sbt_targets.jsonl` lines → `company_sbt`, keyed by `tse_code`; codes not in `companies` are rejected. */
export const sbtSpec: RecordSpec<typeof sbtInputSchema, NewCompanySbt> = {
  schema: sbtInputSchema,
  prepare: toCompanySbt,
  keyOf: (s) => s.company_code,
  compare: compareCompanySbt,
};

export function loadSbtTargets(lines: AsyncIterable<JsonLine>, db: Queryable, options?: LoadOptions): Promise<LoadReport> {
  return loadRecords(lines, sbtSpec, new SbtWriter(db), options);
}
