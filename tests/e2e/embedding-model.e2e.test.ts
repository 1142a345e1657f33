import fs from 'node:fs';
import path from 'node:path';
import type { PaperInput } from '../../modules/papers';
import { loadPapers, recordsAsLines } from '../../modules/papers/paper-loader';
import { PaperRepository } from '../../modules/papers/paper.repository';
import { startGx, type GxLog, type GxServer } from '../lifecycle/gx-child';
import { paperLine } from '../support/paper-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testKeys } from '../support/test-keys';
import { newDataDirPath, removeDir, scratchDir } from '../support/test-run';
import { writeTinyModel, type TinyModelOptions } from '../support/tiny-onnx-model';
import { waitFor } from '../support/wait-for';

/**
 * `gx start` with EMBEDDING_MODEL_DIR, as an operator runs a model in process: the tiny model the
 * tests build (tests/support/tiny-onnx-model.ts, words of its 20-word vocabulary in the titles), a
 * scratch database with a few papers and a DATA_DIR of its own. Searched over HTTP on both doors,
 * restarted, searched again; then started with another model directory, whose vector index is
 * built anew (docs/data-api.md, "A model in process").
 */

const PAPERS: PaperInput[] = [
  { title: 'Carbon pricing policy and the energy transition', topic: 'carbon_pricing' },
  { title: 'Hydrogen supply chain risk', topic: 'hydrogen' },
  { title: 'Green bonds and climate risk', topic: 'climate_finance' },
  { title: 'Climate policy for the energy transition', topic: 'policy' },
  { title: 'Supply chain climate risk', topic: 'climate_risk' },
  { title: 'Hydrogen energy policy', topic: 'hydrogen' },
  { title: 'Carbon pricing and green bonds', topic: 'carbon_pricing' },
];
const QUERIES = ['carbon pricing', 'hydrogen supply chain', 'climate risk policy'];

type Json = Record<string, unknown> & { data?: Json[]; results?: Json[] };

describe('a model in process, end to end', () => {
  let database: TestDatabase;
  let auth: string;
  let paperId: string;
  const models = scratchDir('tiny-models');
  const dataDirs: string[] = [];
  let gx: GxServer | undefined;

  const model = (name: string, options: TinyModelOptions) => {
    const dir = path.join(models, name);
    fs.mkdirSync(dir);
    return writeTinyModel(dir, { name: `tiny-test/${name}`, ...options });
  };
  const first = model('first', { hidden: 8 });
  // Another model: other weights and another vector length.
  const second = model('second', { hidden: 12, seed: 29 });

  beforeAll(async () => {
    database = await createTestDatabase();
    const report = await loadPapers(recordsAsLines(PAPERS.map((p, i) => paperLine(`model-e2e-${i}`, p))), new PaperRepository(database.db));
    expect(report.rejected).toEqual([]);
    paperId = (await database.db.query<{ id: string }>('SELECT id FROM papers ORDER BY title LIMIT 1')).rows[0]!.id;
    auth = (await testKeys(database.db).create('researcher')).auth;
  });
  afterEach(async () => {
    await stop();
  });
  afterAll(async () => {
    await database?.drop();
    for (const dir of dataDirs) removeDir(dir);
  });

  const dataDir = () => {
    const dir = newDataDirPath('model-e2e');
    dataDirs.push(dir);
    return dir;
  };

  /** `gx start --target all` on the model, once its vector index and hybrid mode's ranked index serve. */
  async function start(modelDir: string, dir: string, env: Record<string, string> = {}): Promise<GxServer> {
    gx = await startGx({
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      EMBEDDING_MODEL_DIR: modelDir,
      DEMO_DATA: 'false',
      PUBLIC_RATE_LIMIT: '0',
      PLAN_BURST_PER_SECOND: 'researcher=100000',
      ...env,
    });
    const server = gx;
    await waitFor('the vector index and the ranked index', async () => {
      if (server.child.exitCode !== null) throw new Error(`gx exited: ${server.stderr()}`);
      const checks = ((await (await fetch(`${api(server)}/readyz`)).json()) as { checks?: Record<string, unknown> }).checks ?? {};
      // A module that could not start reports why as a string; one still starting, its state.
      const ok = (name: string) => {
        const check = checks[name];
        if (typeof check === 'string' && check !== 'ok') throw new Error(`${name} did not start: ${check}`);
        return check === 'ok' || (check as { state?: string } | undefined)?.state === 'ok';
      };
      return ok('vector-search') && ok('semantic-search');
    }, 50);
    return server;
  }

  async function stop(): Promise<void> {
    if (!gx) return;
    const running = gx;
    gx = undefined;
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  }

  const api = (server: GxServer) => `http://127.0.0.1:${server.ports.api}`;
  const door = (server: GxServer) => `http://127.0.0.1:${server.port}`;

  async function get(url: string, headers: Record<string, string> = {}): Promise<Json> {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as Json;
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  /**
   * What a client sees, on both doors: the data API's search in vector and hybrid mode (its ids and
   * scores) and its related papers (near the paper's stored vector among other signals); the public
   * door's search and related papers, which use no vectors (spec 000 offers no semantic mode).
   */
  async function answers(server: GxServer) {
    const key = { Authorization: auth };
    const out: Record<string, unknown> = {};
    for (const q of QUERIES) {
      for (const mode of ['vector', 'hybrid']) {
        const body = await get(`${api(server)}/api/v1/papers/search?${new URLSearchParams({ q, mode, limit: '10' })}`, key);
        expect(body.mode).toBe(mode);
        out[`api ${mode} ${q}`] = body.data!.map((p) => [p.id, p.vector_score, p.keyword_score, p.fused_score]);
      }
      const page = await get(`${door(server)}/api/v1/papers/search?${new URLSearchParams({ q, limit: '10' })}`);
      out[`public ${q}`] = page.results!.map((p) => p.id);
    }
    const related = await get(`${api(server)}/api/v1/papers/${paperId}/related?limit=5`, key);
    expect(related.signals_used).toContain('vector');
    out['api related'] = related.results!.map((p) => [p.id, p.related_score, p.signals]);
    out['public related'] = (await get(`${door(server)}/api/v1/papers/${paperId}/related?limit=5`)).results!.map((p) => p.id);
    return out;
  }

  const logged = (server: GxServer, msg: string): GxLog[] => server.logs.filter((l) => l.msg === msg);
  const vectorScores = (a: Record<string, unknown>) => Object.entries(a).filter(([k]) => k.startsWith('api vector'));

  /** Each step's failure carries what gx wrote. */
  const step = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      try {
        await fn();
      } catch (err) {
        if (err instanceof Error && gx) err.message += `\n\ngx stderr:\n${gx.stderr()}\ngx log:\n${gx.logs.map((l) => JSON.stringify(l)).join('\n')}`;
        throw err;
      }
    });

  const dir = dataDir();
  let before: Record<string, unknown>;
  let changed: Record<string, unknown>;

  step('searches in vector and hybrid mode with the model, and gives the same answers after a restart', async () => {
    let server = await start(first, dir);
    expect(logged(server, 'ONNX embedding model loaded')[0]).toMatchObject({ model: 'tiny-test/first', dimensions: 8 });
    expect(logged(server, 'vector index built from Postgres')[0]).toMatchObject({ vectors: PAPERS.length });
    before = await answers(server);
    for (const q of QUERIES) {
      const vector = before[`api vector ${q}`] as [string, number, null, null][];
      // Every paper has a vector of the model: the nearest come first, each with its cosine similarity.
      expect(vector).toHaveLength(PAPERS.length);
      expect(vector.map((r) => r[1])).toEqual([...vector.map((r) => r[1])].sort((a, b) => b - a));
      const hybrid = before[`api hybrid ${q}`] as [string, number | null, number | null, number][];
      expect(hybrid.some(([, v, k]) => v !== null && k !== null)).toBe(true);
    }
    await stop();

    server = await start(first, dir);
    expect(logged(server, 'vector index reopened and caught up')).toHaveLength(1);
    expect(logged(server, 'vector index built from Postgres')).toHaveLength(0);
    expect(await answers(server)).toEqual(before);
  });

  step('another model directory: the vector index is built anew, as a first start with that model builds it', async () => {
    const server = await start(second, dir);
    expect(logged(server, 'ONNX embedding model loaded')[0]).toMatchObject({ model: 'tiny-test/second', dimensions: 12 });
    expect(logged(server, 'vector index built from Postgres')[0]).toMatchObject({ vectors: PAPERS.length });
    changed = await answers(server);
    expect(vectorScores(changed)).not.toEqual(vectorScores(before));
    await stop();
    // Saved at the stop with the model it holds, so the next start with this model reopens it.
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'vector-sync.json'), 'utf8'))).toMatchObject({ model: expect.stringMatching(/^onnx:tiny-test\/second:/) });

    // The same model on a DATA_DIR of its own gives the same answers: nothing of the first model is left.
    await start(second, dataDir());
    expect(await answers(gx!)).toEqual(changed);
  });

  step('HYBRID_LEXICAL_WEIGHT is the lexical share of hybrid mode: at 0, hybrid ranks as vector mode does', async () => {
    const server = await start(second, dir, { HYBRID_LEXICAL_WEIGHT: '0' });
    const fused = await answers(server);
    expect(logged(server, 'vector index reopened and caught up')).toHaveLength(1);
    const ids = (answer: Record<string, unknown>, key: string) => (answer[key] as [string][]).map(([id]) => id);
    for (const q of QUERIES) expect(ids(fused, `api hybrid ${q}`)).toEqual(ids(fused, `api vector ${q}`));
    // At the default share (0.5 with a model) the words count too: the lexical side moves papers up.
    expect(QUERIES.some((q) => ids(changed, `api hybrid ${q}`).join() !== ids(changed, `api vector ${q}`).join())).toBe(true);
    expect(vectorScores(fused)).toEqual(vectorScores(changed));
  });
});
