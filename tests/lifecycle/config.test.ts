import path from 'node:path';
import { hybridLexicalWeight } from '../../modules/embeddings';
import { ConfigError, loadConfig } from '../../shared/config/config';
import { runGx } from './gx-child';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config.http).toMatchObject({ publicPort: 8080, apiPort: 8081 });
    expect(config.database.url).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.publicRateLimit.perMinute).toBe(60);
    expect(config.elasticsearch).toBeUndefined();
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PUBLIC_PORT: 'eighty', DATABASE_URL: 'not a url', DEMO_DATA: 'maybe', PUBLIC_RATE_LIMIT: '-1' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(['DATABASE_URL', 'DEMO_DATA', 'PUBLIC_PORT', 'PUBLIC_RATE_LIMIT']);
  });

  it('reads EMBEDDING_MODEL_DIR as an absolute path, unset when empty, without looking at it', () => {
    expect(loadConfig({}).embedding.modelDir).toBeUndefined();
    expect(loadConfig({ EMBEDDING_MODEL_DIR: ' ' }).embedding.modelDir).toBeUndefined();
    // Every process reads the configuration; only those that embed need the directory (and check it).
    expect(loadConfig({ EMBEDDING_MODEL_DIR: 'models/e5-small' }).embedding.modelDir).toBe(path.resolve('models/e5-small'));
  });

  it('reads INDEX_SEED_DIR as an absolute path (unset when empty), publishing only when told to, never into DATA_DIR', () => {
    expect(loadConfig({}).indexSeed).toBeUndefined();
    expect(loadConfig({ INDEX_SEED_DIR: ' ' }).indexSeed).toBeUndefined();
    expect(loadConfig({ INDEX_SEED_DIR: 'seed' }).indexSeed).toEqual({ dir: path.resolve('seed'), publish: false });
    expect(loadConfig({ INDEX_SEED_DIR: '/mnt/seed', INDEX_SEED_PUBLISH: 'true' }).indexSeed).toEqual({ dir: '/mnt/seed', publish: true });
    expect(() => loadConfig({ INDEX_SEED_PUBLISH: 'true' })).toThrow(new ConfigError(['INDEX_SEED_PUBLISH: needs INDEX_SEED_DIR: the directory to publish the keyword index to']));
    expect(() => loadConfig({ INDEX_SEED_DIR: './data/', DATA_DIR: 'data' })).toThrow(
      new ConfigError(["INDEX_SEED_DIR: must not be DATA_DIR: the seed is a copy shared between processes, DATA_DIR is one process's own"]),
    );
  });

  it("reads HYBRID_LEXICAL_WEIGHT as hybrid mode's lexical share; unset, each embedder keeps its default", () => {
    expect(loadConfig({}).embedding.hybridLexicalWeight).toBeUndefined();
    expect(loadConfig({ HYBRID_LEXICAL_WEIGHT: ' ' }).embedding.hybridLexicalWeight).toBeUndefined();
    expect(hybridLexicalWeight(loadConfig({}))).toBe(0.98);
    expect(hybridLexicalWeight(loadConfig({ EMBEDDING_MODEL_DIR: 'models/e5-small' }))).toBe(0.5);
    expect(hybridLexicalWeight(loadConfig({ EMBEDDING_URL: 'http://127.0.0.1:8095' }))).toBe(0.5);
    for (const env of [{}, { EMBEDDING_MODEL_DIR: 'models/e5-small' }, { EMBEDDING_URL: 'http://127.0.0.1:8095' }]) {
      expect(hybridLexicalWeight(loadConfig({ ...env, HYBRID_LEXICAL_WEIGHT: '0.35' }))).toBe(0.35);
    }
    expect(hybridLexicalWeight(loadConfig({ HYBRID_LEXICAL_WEIGHT: '0' }))).toBe(0);
    expect(hybridLexicalWeight(loadConfig({ HYBRID_LEXICAL_WEIGHT: '1' }))).toBe(1);
  });

  it.each(['1.5', '-0.1', 'half', 'NaN', 'Infinity', '50%'])('refuses HYBRID_LEXICAL_WEIGHT=%s, naming the rule', (value) => {
    expect(() => loadConfig({ HYBRID_LEXICAL_WEIGHT: value })).toThrow(
      new ConfigError([`HYBRID_LEXICAL_WEIGHT: "${value}" is not a number from 0 to 1 (the lexical side's share in hybrid mode's fusion, the vector side having the rest)`]),
    );
  });

  it('gx start with a bad HYBRID_LEXICAL_WEIGHT stops before starting anything: the problem on stderr, exit code 78', async () => {
    const result = await runGx(['start'], { HYBRID_LEXICAL_WEIGHT: '2' });
    expect(result.code).toBe(78);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid configuration:', expect.stringMatching(/^ {2}- HYBRID_LEXICAL_WEIGHT: "2" is not a number from 0 to 1 /)]);
  });

  it('reads trust proxy as a flag, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).http.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
