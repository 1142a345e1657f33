import { Database } from '../../shared/db/database';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { SEMANTIC_LIMITS } from '../../services/semantic-search/semantic-params';
import { codePointLength } from '../../shared/text/normalize';
import type { DoorAnswer } from './relevance-search';

export const LEXICAL_SIDE_DESCRIPTION =
  "hybrid mode's lexical side alone: the embedded keyword index's ranked retrieval (`KeywordIndex.rank`, the code the server runs), " +
  'over the papers of the scratch database the server serves, in the bench process (a question longer than the data API\'s q is refused, as the door refuses it)';

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

  /** The best `limit` papers for a question; refused, as the data API refuses it, when it is longer than its `q` may be. */
  async rank(text: string, limit: number): Promise<DoorAnswer> {
    if (codePointLength(text) > SEMANTIC_LIMITS.queryMax) return { error: 'query_too_long' };
    return { ids: (await this.index.rank({ text, filters: {}, limit })).map((h) => h.paper.id) };
  }

  async close(): Promise<void> {
    await this.index.close();
  }
}
