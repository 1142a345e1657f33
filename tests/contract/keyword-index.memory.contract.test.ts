import { MemoryKeywordIndex } from '../../modules/keyword-index/keyword-index.memory';
import { keywordIndexContract } from './keyword-index.contract';

describe('KeywordIndex contract: embedded in-process index', () => {
  keywordIndexContract(async () => new MemoryKeywordIndex(), { exactModel: true });
});
