import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedVectorIndex } from '../../modules/vector-index/vector-index.embedded';
import type { VectorItem } from '../../modules/vector-index/vector-index.port';

const DIMS = 64;

function items(n: number): VectorItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    vector: Float32Array.from({ length: DIMS }, (_, d) => Math.sin(i * 31 + d * 7) + (d === i % DIMS ? 2 : 0)),
    payload: { topic: null, lang: null, shelf: null, draft_score: null },
  }));
}

const temporaries = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/** Resolves once a save is writing its temporary folder under `dir` (the graph file is written first). */
async function saveUnderWay(dir: string): Promise<void> {
  for (let i = 0; i < 100_000; i++) {
    if (fs.existsSync(dir) && temporaries(dir).some((t) => fs.existsSync(path.join(dir, t, 'index.usearch')))) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('no save started');
}

/**
 * The embedded vector index never leaves a half-written snapshot (`snapshot-*.tmp`, tens of MB
 * each) in DATA_DIR/vectors: a shutdown waits for a save in progress, a process exiting during a
 * save takes its temporary folder with it, and what a killed process left is removed at the next start.
 */
describe('vector snapshots and shutdown', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-vector-life-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('close() waits for a save already in progress', async () => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await index.init();
    await index.upsert(items(3000));
    const saving = index.save();
    await saveUnderWay(dir);
    await index.close();
    expect(temporaries(dir)).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8')).toMatch(/^snapshot-/);
    await saving;
  });

  it('save() with nothing changed since a save under way resolves once that save is committed', async () => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await index.init();
    await index.upsert(items(3000));
    const first = index.save();
    await saveUnderWay(dir);
    // What a checkpoint relies on before it records its position: the snapshot on disk holds it all.
    await index.save();
    expect(fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8')).toMatch(/^snapshot-/);
    expect(temporaries(dir)).toEqual([]);
    await first;
    await index.close();
  });

  it('close({ save: false }) leaves the last committed snapshot as it was', async () => {
    const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await index.init();
    await index.upsert(items(20));
    await index.save();
    await index.upsert(items(40));
    await index.close({ save: false });
    const reopened = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await reopened.init();
    expect(await reopened.count()).toBe(20);
    await reopened.close();
  });

  it('a process exiting in the middle of a save leaves no temporary folder', () => {
    const module = path.resolve(__dirname, '../../dist/modules/vector-index/vector-index.embedded.js');
    const script = `
      const fs = require('node:fs');
      const { EmbeddedVectorIndex } = require(${JSON.stringify(module)});
      const dir = ${JSON.stringify(dir)};
      (async () => {
        const index = new EmbeddedVectorIndex({ dimensions: ${DIMS}, directory: dir });
        await index.init();
        await index.upsert(Array.from({ length: 3000 }, (_, i) => ({
          id: 'p' + i,
          vector: Float32Array.from({ length: ${DIMS} }, (_, d) => Math.sin(i * 31 + d * 7)),
          payload: { topic: null, lang: null, shelf: null, draft_score: null },
        })));
        void index.save();
        const poll = () => {
          const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
          if (names.some((n) => n.endsWith('.tmp') && fs.existsSync(dir + '/' + n + '/index.usearch'))) { process.stdout.write('exiting mid-save'); process.exit(0); }
          if (names.includes('CURRENT')) { process.stdout.write('missed the save'); process.exit(3); }
          setImmediate(poll);
        };
        poll();
      })();`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: child.status, stdout: child.stdout, stderr: child.stderr }).toEqual({ status: 0, stdout: 'exiting mid-save', stderr: '' });
    expect(temporaries(dir)).toEqual([]);
  });

  it('what a killed save left is removed when the index next opens; the committed snapshot stays', async () => {
    const first = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await first.init();
    await first.upsert(items(50));
    await first.close();
    const current = fs.readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
    // A crash mid-save, one between writing CURRENT.tmp and its rename, and one before the old snapshot went.
    fs.mkdirSync(path.join(dir, 'snapshot-1-dead.tmp'));
    fs.writeFileSync(path.join(dir, 'snapshot-1-dead.tmp', 'vectors.f32'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(dir, 'CURRENT.tmp'), 'snapshot-2-half\n');
    fs.mkdirSync(path.join(dir, 'snapshot-0-older'));

    const second = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await second.init();
    expect(await second.count()).toBe(50);
    expect(fs.readdirSync(dir).sort()).toEqual(['CURRENT', current].sort());
    await second.close();
  });

  it('a leftover temporary beside no committed snapshot is removed, and the index starts empty', async () => {
    fs.mkdirSync(path.join(dir, 'snapshot-1-dead.tmp'));
    const index = new EmbeddedVectorIndex({ dimensions: DIMS, directory: dir });
    await index.init();
    expect(await index.count()).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
    await index.close();
  });
});
