import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { hybridLexicalWeight } from '../../modules/embeddings';
import { environmentSchema, loadConfig } from '../../shared/config/config';
import { projectRoot } from '../../shared/project-paths';
import type { Cleanup } from './cleanup';
import { GX_BENCH_SETTINGS, type GxSetting } from './gx-server';
import { pollUntil, spawnGx, type SpawnedGx } from './scaling-server';

const run = promisify(execFile);

/** Passed on to the server, never printed (the report and its JSON summary show the settings). */
const SECRET_SETTINGS = new Set(['EMBEDDING_API_KEY']);

/**
 * The embedding configuration under evaluation, taken from the bench's own environment: each
 * EMBEDDING_* variable of the configuration schema that is set, and HYBRID_LEXICAL_WEIGHT, so that
 * `EMBEDDING_MODEL_DIR=models/multilingual-e5-small npm run bench -- --only=relevance …` judges that
 * model as `gx start` would run it. None set: the embedded lexical embedder.
 */
function embeddingSettings(env: NodeJS.ProcessEnv): GxSetting[] {
  return Object.keys(environmentSchema.shape)
    .filter((name) => (name.startsWith('EMBEDDING_') || name === 'HYBRID_LEXICAL_WEIGHT') && env[name]?.trim())
    .map((name) => ({
      name,
      // The server runs in the project root; a relative model directory is the caller's.
      value: name === 'EMBEDDING_MODEL_DIR' ? path.resolve(env[name]!) : env[name]!,
      why: "from the bench's environment: the embedding configuration under evaluation",
    }));
}

const EMBEDDING_SETTINGS = embeddingSettings(process.env);

/** The server under test: the embedded defaults, with these settings (the report prints them). */
export const RELEVANCE_SETTINGS: readonly GxSetting[] = [
  ...GX_BENCH_SETTINGS.filter((s) => s.name === 'LOG_LEVEL' || s.name === 'PUBLIC_RATE_LIMIT'),
  { name: 'DEMO_DATA', value: 'false', why: 'the bench loads each collection itself' },
  { name: 'PLAN_BURST_PER_SECOND', value: 'internal=1000000', why: "back-to-back queries would pass the Internal plan's 50 a second; the limiter stays in the path" },
  ...EMBEDDING_SETTINGS.filter((s) => !SECRET_SETTINGS.has(s.name)),
];

/** The embedder the server runs and hybrid mode's lexical share, as the report names them. */
export function relevanceEmbedder(): { embedder: string; hybridLexicalWeight: number } {
  const config = loadConfig(Object.fromEntries(EMBEDDING_SETTINGS.map((s) => [s.name, s.value])));
  const embedder = config.embedding.url
    ? `the embedding service at EMBEDDING_URL (${config.embedding.model})`
    : config.embedding.modelDir
      ? `the model in EMBEDDING_MODEL_DIR (${config.embedding.modelDir}), in process`
      : 'the lexical embedder (hashed character n-grams, not semantic)';
  return { embedder, hybridLexicalWeight: hybridLexicalWeight(config) };
}

const READY = { everyMs: 100, timeoutMs: 300_000 };

/**
 * `node bin/gx.js load papers FILE` as a child process against the scratch database, as an
 * operator loads a corpus; answers its summary line. Exit code 2 (some lines rejected) is reported,
 * not fatal: the report shows the count.
 */
export async function loadWithCli(databaseUrl: string, dataDir: string, file: string): Promise<string> {
  const root = projectRoot();
  const args = [path.join(root, 'bin', 'gx.js'), 'load', 'papers', file];
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  try {
    const { stdout } = await run(process.execPath, args, { cwd: root, env, timeout: 300_000, maxBuffer: 64 * 2 ** 20 });
    return stdout.trim();
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    if (failed.code === 2 && failed.stdout) return failed.stdout.trim();
    throw new Error(`gx load papers ${file} failed (exit ${failed.code}): ${(failed.stderr ?? '').slice(0, 2_000)}`);
  }
}

/**
 * `gx start --target all` on the loaded database (`settings` beside RELEVANCE_SETTINGS, a later one
 * of the same name winning), stopped by `cleanup`; answers once the data
 * API's readiness reports the vector-search module built and caught up (not `starting`, no lag) and
 * hybrid mode's ranked index prepared (the semantic-search module), so vector and hybrid modes see
 * every paper.
 */
export async function startRelevanceServer(cleanup: Cleanup, options: { databaseUrl: string; dataDir: string; settings?: readonly GxSetting[] }): Promise<SpawnedGx> {
  const gx = await spawnGx({ ...options, settings: [...RELEVANCE_SETTINGS, ...EMBEDDING_SETTINGS.filter((s) => SECRET_SETTINGS.has(s.name)), ...(options.settings ?? [])] });
  cleanup.add('stop gx start', async () => void (await gx.stop(10_000)));
  await pollUntil(
    gx,
    'the vector index and the ranked index (data-API /readyz)',
    `${gx.apiUrl}/readyz`,
    (status, body) => (status === 200 || status === 503) && moduleReady(body, 'vector-search') && moduleReady(body, 'semantic-search'),
    READY,
  );
  return gx;
}

/** True once a module's check is `ok`; throws when it failed (503 `not_ready` names why) or is missing. */
function moduleReady(body: string, module: string): boolean {
  let checks: Record<string, string | { state?: string }> | undefined;
  try {
    checks = (JSON.parse(body) as { checks?: typeof checks }).checks;
  } catch {
    return false; // not the readiness answer (yet)
  }
  if (!checks) return false;
  const check = checks[module];
  if (check === undefined) throw new Error(`the data-API /readyz names no ${module} check: ${body.slice(0, 500)}`);
  if (typeof check === 'string') {
    if (check === 'ok') return true;
    throw new Error(`the ${module} module did not start: ${check}`);
  }
  return check.state === 'ok';
}
