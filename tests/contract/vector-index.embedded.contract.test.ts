import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import { vectorIndexContract } from './vector-index.contract';

describe('VectorIndex contract: embedded usearch index', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  vectorIndexContract(
    async (dimensions) => {
      // Persisted, as in production: close() writes a snapshot.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-vectors-contract-'));
      dirs.push(dir);
      return new EmbeddedVectorIndex({ dimensions, directory: dir });
    },
    { minRecall: 0.95 },
  );
});
