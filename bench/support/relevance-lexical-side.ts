import { Database } from '../../shared/db/database';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { PaperRepository } from '../../modules/papers/paper.repository';

export const LEXICAL_SIDE_DESCRIPTION =
  "hybrid mode's lexical side alone: the embedded keyword index's ranked retrieval (`KeywordIndex.rank`, the code the server runs), " +
  'over the papers of the scratch database the server serves, in the bench process';

/**
 * The product's own lexical side, without the vector side it is fused with: an embedded keyword
 * index filled from the database the server was loaded into (so the same papers as the server's),
 * asked `rank` in process. Hybrid mode with a lexical weight of 1 would give this order; a fusion
 * that does not beat it adds nothing.
 */
export class LexicalSide {
  private constructor(private readonly index: MemoryKeywordIndex) {}

  static async open(databaseUrl: string): Promise<LexicalSide> {
    const db = new Database(databaseUrl, 2);
    const index = new MemoryKeywordIndex();
    try {
      for await (const batch of new PaperRepository(db).allInBatches(2_000)) await index.upsert(batch);
    } finally {
      await db.close();
    }
    await index.prepareRanking();
    return new LexicalSide(index);
  }

  async rank(text: string, limit: number): Promise<string[]> {
    return (await this.index.rank({ text, filters: {}, limit })).map((h) => h.paper.id);
  }

  async close(): Promise<void> {
    await this.index.close();
  }
}
