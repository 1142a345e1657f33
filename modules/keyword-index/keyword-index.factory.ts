import type { Config } from '../../shared/config/config';
import { ElasticsearchKeywordIndex } from './keyword-index.elasticsearch';
import type { KeywordIndex } from './keyword-index.port';
import { MemoryKeywordIndex } from './keyword-index.memory';
import { traceMethods } from '../../shared/telemetry/spans';

/** The one place that picks the keyword engine: Elasticsearch when configured, else the embedded index. */
export function createKeywordIndex(config: Config): KeywordIndex {
  // Engine calls are traced; the in-memory index is a function call of this process, seen in its callers' spans.
  return config.elasticsearch
    ? traceMethods(new ElasticsearchKeywordIndex(config.elasticsearch), 'elasticsearch', ['init', 'upsert', 'remove', 'rebuild', 'search', 'rank', 'count', 'ping'])
    : new MemoryKeywordIndex();
}
