import path from 'node:path';
import { ConfigError, loadConfig } from '../../shared/config/config';

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

  it('reads trust proxy as a flag, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).http.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
