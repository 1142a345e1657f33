import fs from 'node:fs';
import path from 'node:path';
import { OnnxEmbedder } from '../../modules/embeddings/embedder.onnx';
import { scratchDir } from '../support/test-run';
import { writeTinyModel } from '../support/tiny-onnx-model';
import { embedderContract } from './embedder.contract';

const HIDDEN = 12;
const dirs = scratchDir('onnx-contract');

/** The tiny model (tests/support/tiny-onnx-model.ts) in a directory of its own. */
function modelDir(name: string): string {
  const dir = path.join(dirs, name);
  fs.mkdirSync(dir);
  return writeTinyModel(dir, { hidden: HIDDEN });
}

const embedder = (dir: string) =>
  new OnnxEmbedder({ modelDir: dir, queryPrefix: 'query: ', passagePrefix: 'passage: ', batchSize: 4, timeoutMs: 10_000, queryTimeoutMs: 10_000 });

describe('Embedder contract: the ONNX embedder, with a tiny model built by the test', () => {
  const good = modelDir('good');
  embedderContract({
    make: async () => embedder(good),
    dimensions: HIDDEN,
    refusesAfterClose: true,
    failures: [
      {
        name: 'its weights cannot be loaded',
        make: async () => {
          const dir = modelDir('corrupt');
          fs.writeFileSync(path.join(dir, 'onnx', 'model.onnx'), 'not a protobuf');
          return embedder(dir);
        },
      },
    ],
  });
});
