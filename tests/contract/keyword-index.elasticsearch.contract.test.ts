import { createFrozenKeywordIndex } from '../../modules/keyword-index';
import { frozenKeywordIndexContract } from './frozen-keyword-index.contract';
import { testConfig } from '../support/test-run';
import { ElasticsearchKeywordIndex } from '../../modules/keyword-index/keyword-index.elasticsearch';
import { keywordIndexContract } from './keyword-index.contract';

// Elasticsearch cannot run on the development machines; the suite runs wherever ELASTICSEARCH_URL is set.
const url = process.env.ELASTICSEARCH_URL;

(url ? describe : describe.skip)('KeywordIndex contract: Elasticsearch (ELASTICSEARCH_URL)', () => {
  keywordIndexContract(async () => {
    const config = testConfig({ ELASTICSEARCH_URL: url, ELASTICSEARCH_INDEX: `gx-contract-${Date.now()}` });
    return new ElasticsearchKeywordIndex(config.elasticsearch!);
  });
});

(url ? describe : describe.skip)('FrozenKeywordIndex contract: Elasticsearch (ELASTICSEARCH_URL)', () => {
  const config = testConfig({ ELASTICSEARCH_URL: url, ELASTICSEARCH_INDEX: `gx-frozen-contract-${Date.now()}` });
  frozenKeywordIndexContract((name) => createFrozenKeywordIndex(config, name, 'contract-database'));
});
