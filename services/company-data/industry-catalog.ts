import type { Database } from '../../shared/db/database';
import { normalizeText } from '../../shared/text/normalize';

export interface Industry {
  code: string;
  name_ja: string;
  name_en: string;
}

/**
 * The 33 TSE sectors (reference data from the migrations), held in memory: the API accepts an
 * industry by code (`3700`, or `50` for `0050`) or by its Japanese or English name, compared after
 * NFKC and case folding.
 */
export class IndustryCatalog {
  private constructor(private readonly byKey: Map<string, Industry>, readonly all: Industry[]) {}

  static async load(db: Database): Promise<IndustryCatalog> {
    const rows = (await db.query<Industry>('SELECT code, name_ja, name_en FROM industries ORDER BY code')).rows;
    const byKey = new Map<string, Industry>();
    for (const industry of rows) {
      for (const key of [industry.code, industry.name_ja, industry.name_en]) byKey.set(normalizeText(key), industry);
    }
    return new IndustryCatalog(byKey, rows);
  }

  resolve(value: string): Industry | undefined {
    const key = /^[0-9]{1,4}$/.test(value) ? value.padStart(4, '0') : value.trim();
    return this.byKey.get(normalizeText(key));
  }
}
