import { testConfig } from '../support/test-run';
import { QdrantVectorIndex } from '../../modules/vector-index/vector-index.qdrant';
import { vectorIndexContract } from './vector-index.contract';

// Qdrant does not run on the development machines; the suite runs wherever QDRANT_URL is set.
const url = process.env.QDRANT_URL;

(url ? describe : describe.skip)('VectorIndex contract: Qdrant (QDRANT_URL)', () => {
  const created: QdrantVectorIndex[] = [];
  afterAll(async () => {
    for (const index of created) await index.drop().catch(() => undefined);
  });

  vectorIndexContract(
    async (dimensions) => {
      const config = testConfig({
        QDRANT_URL: url,
        QDRANT_API_KEY: process.env.QDRANT_API_KEY,
        QDRANT_COLLECTION: `gx-contract-${Date.now()}-${created.length}`,
      });
      const index = new QdrantVectorIndex({ ...config.qdrant!, dimensions });
      created.push(index);
      return index;
    },
    { minRecall: 0.95 },
  );
});
