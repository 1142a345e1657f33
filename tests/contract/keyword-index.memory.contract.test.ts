import { createFrozenKeywordIndex } from '../../modules/keyword-index';
import { removeDir, testConfig } from '../support/test-run';
import { frozenKeywordIndexContract } from './frozen-keyword-index.contract';
import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { keywordIndexContract } from './keyword-index.contract';

describe('KeywordIndex contract: embedded in-process index', () => {
  keywordIndexContract(async () => new MemoryKeywordIndex(), { exactModel: true });
});

// The same answers when the papers lie in several frozen segments (typed arrays, records) and the open one.
describe('KeywordIndex contract: embedded in-process index, in small segments', () => {
  keywordIndexContract(async () => new MemoryKeywordIndex({ segmentPapers: 5 }), { exactModel: true });
});

describe('FrozenKeywordIndex contract: embedded engine, files under DATA_DIR', () => {
  const config = testConfig();
  afterAll(() => removeDir(config.dataDir));
  frozenKeywordIndexContract((name) => createFrozenKeywordIndex(config, name, 'contract-database'));
});
