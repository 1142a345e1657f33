import { resolveTargets, TARGETS } from '../../services/registry';
import { freePort } from '../support/services';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { newDataDirPath, removeDir } from '../support/test-run';
import { runGx, startGx, type GxServer } from './gx-child';

describe('--target: one target or a comma-separated list', () => {
  it('one target gives its modules; a list gives the union, each module once', () => {
    // The public search target serves the search API and the site beside it.
    expect(resolveTargets('public-search')).toEqual({ targets: ['public-search'], modules: ['public-search', 'public-site'] });
    expect(resolveTargets('gateway,public-search')).toEqual({ targets: ['gateway', 'public-search'], modules: ['gateway', 'public-search', 'public-site'] });
    expect(resolveTargets('ingest-worker, semantic-search,ingest-worker')).toEqual({
      targets: ['ingest-worker', 'semantic-search'],
      modules: ['ingest-worker', 'indexer', 'semantic-search', 'paper-changes'],
    });
    expect(resolveTargets('all').modules).toEqual(TARGETS.all);
  });

  it.each([
    ['gateway,pubic-search', /^unknown target "pubic-search" in --target "gateway,pubic-search"; valid targets: all, gateway, public-search/],
    ['x,y', /^unknown targets "x", "y"/],
    ['gateway,', /has an empty item; valid targets: all, gateway/],
    ['', /has an empty item/],
    ['all,gateway', /"all" already runs every target, give it alone/],
    ['constructor', /^unknown target "constructor"/],
  ])('refuses %j in one line naming the valid targets', (spec, message) => {
    expect(() => resolveTargets(spec)).toThrow(message);
  });

  it('`gx start` with a bad list fails with `gx: <cause>` in one line, exit code 1', async () => {
    const res = await runGx(['start', '--target', 'gateway,nope'], { LOG_LEVEL: 'silent', DATA_DIR: newDataDirPath('target-list-unused') });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^gx: unknown target "nope" in --target "gateway,nope"; valid targets: all, gateway, public-search, events-keys, company-data, semantic-search, ingest-worker \(/);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('gx start --target gateway,public-search (spawned)', () => {
  let database: TestDatabase;
  let server: GxServer | undefined;
  const dataDir = newDataDirPath('target-list');
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
    removeDir(dataDir);
  });

  it('serves public search from its own process: no separate public-search process is needed', async () => {
    // Nothing listens where a separate public-search would be: a gateway alone would answer 503.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    server = await startGx(
      { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_DATA: 'true', PUBLIC_SEARCH_URL: nowhere, SERVICE_TOKEN: 'target-list-token-0123' },
      { target: 'gateway,public-search' },
    );
    const started = server.logs.find((l) => l.msg === 'started')!;
    expect(started.target).toBe('gateway,public-search');
    expect(started.modules).toEqual(expect.arrayContaining(['gateway', 'public-search']));
    expect(started.modules).not.toContain('company-data');
    const res = await fetch(`http://127.0.0.1:${server.ports.public}/api/v1/papers/search?q=hydrogen`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
