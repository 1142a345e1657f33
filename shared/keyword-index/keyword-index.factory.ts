import type { Config } from '../config/config';
import { ElasticsearchKeywordIndex } from './keyword-index.elasticsearch';
import type { KeywordIndex } from './keyword-index.port';
import { MemoryKeywordIndex } from './keyword-index.memory';

/** The one place that picks the keyword engine: Elasticsearch when configured, else the embedded index. */
export function createKeywordIndex(config: Config): KeywordIndex {
  return config.elasticsearch ? new ElasticsearchKeywordIndex(config.elasticsearch) : new MemoryKeywordIndex();
}
