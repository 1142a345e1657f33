import fs from 'node:fs';
import path from 'node:path';
import { JsonlFileSource } from '../../services/ingest-worker/sources/jsonl-file.source';
import { scratchDir } from '../support/test-run';
import { paperSourceContract, type SourceWork } from './paper-source.contract';

describe('PaperSource contract: JSON Lines file', () => {
  paperSourceContract(async () => {
    const dir = scratchDir('paper-source');
    return {
      async holding(works: readonly SourceWork[]) {
        const file = path.join(dir, 'papers.jsonl');
        // The edges as `gx load papers` takes them: any usual spelling of an OpenAlex id.
        const lines = works.map((w) =>
          JSON.stringify({ id: `https://openalex.org/W${1000 + w.n}`, lang: 'en', ...w, n: undefined, openalex_id: `https://openalex.org/${w.openalex_id}`, references: w.references.map((ref) => `openalex:${ref}`) }),
        );
        fs.writeFileSync(file, lines.join('\n') + '\n');
        return new JsonlFileSource(file);
      },
      broken: async () => new JsonlFileSource(path.join(dir, 'absent.jsonl')),
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  });
});
