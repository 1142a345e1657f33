import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { documentationFiles, readDoc } from '../docs/markdown';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/**
 * The shell examples of the README and of every docs/*.md page work as pasted. Every ```sh block
 * runs, except one whose line before (blank lines aside) is `<!-- readme-test: skip … -->`. A block runs through `bash -euo pipefail`
 * in the project folder against `gx start --target all` with demo data, as `npm start` gives, with
 * `localhost:8080` / `localhost:8081` rewritten to the server's ports and nothing else changed.
 * Every curl must exit 0 with a 2xx: the block runs with a `curl` function that adds `--fail-with-body`
 * and reports each status on stderr. A block that would install, build, start a server or run the
 * tests (NOT_RUNNABLE) is never run: unless it is marked to be skipped, its test fails. All the
 * blocks, the README's first and then each page's in file-name order, run one after another
 * against the same server.
 */
const ROOT = path.resolve(__dirname, '../..');
const SKIP_MARKER = /^<!--\s*readme-test:\s*skip\b.*-->$/;
const STATUS_LINE = 'readme-test-status';
const NOT_RUNNABLE = /\b(npm (install|ci|start|test|run)|gx start|docker|kubectl)\b/;

interface Example {
  /** The Markdown file, relative to the project folder. */
  file: string;
  line: number;
  code: string;
}

function documentationExamples(): { runnable: Example[]; skipped: Example[] } {
  const runnable: Example[] = [];
  const skipped: Example[] = [];
  for (const file of documentationFiles()) {
    const lines = readDoc(file).split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(sh|bash|shell)\s*$/.test(lines[i])) continue;
      const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
      if (end < 0) throw new Error(`${file} line ${i + 1}: unclosed code block`);
      let before = i - 1;
      while (before >= 0 && lines[before].trim() === '') before--;
      const example = { file, line: i + 1, code: lines.slice(i + 1, end).join('\n') };
      (before >= 0 && SKIP_MARKER.test(lines[before].trim()) ? skipped : runnable).push(example);
      i = end;
    }
  }
  return { runnable, skipped };
}

/** curl invocations in a block: the word `curl` outside comments. */
const curlCount = (code: string) => code.split('\n').map((l) => l.replace(/(^|\s)#.*$/, '')).join('\n').match(/(^|[\s$(|&;])curl\s/g)?.length ?? 0;

/** The caller's environment without anything the server's configuration reads, so the examples meet the embedded defaults. */
function cleanEnv(): NodeJS.ProcessEnv {
  const config = /^(API_|COMPANY_DATA_|DATABASE_|DATASET_VERSION$|DATA_DIR$|DEMO_DATA$|DISCLAIMER$|ELASTICSEARCH_|EMBEDDED_POSTGRES_|EMBEDDING_|EVENTS_KEYS_|HOST$|INGEST_|KEY_APPLICATION_|LLM_|LOG_LEVEL$|METRICS_PORT$|NODE_ENV$|NODE_OPTIONS$|OPENALEX_|OTEL_|PLAN_BURST_|PUBLIC_|QDRANT_|REDIS_|RESPONSE_CACHE_|SEMANTIC_SEARCH_|SERVICE_|SHUTDOWN_|SNE_|TRUST_PROXY$)/;
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !config.test(name)));
}

function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv; timeoutMs: number }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // A process group of its own, so a timeout ends the commands the block started too.
    const child = spawn(command, args, { cwd: ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

const { runnable, skipped } = documentationExamples();
const where = (e: Example) => `${e.file} line ${e.line}`;

describe('the README and docs examples', () => {
  let database: TestDatabase;
  let tempDir: string | undefined;
  let server: ChildProcess | undefined;
  const serverLog: string[] = [];
  let ports: { public: number; api: number };
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-readme-'));
    fs.mkdirSync(path.join(tempDir, 'tmp'));
    // What a reader has after `npm start` in this folder: the defaults, demo data, rate limits on;
    // the examples' `npx gx` reaches the same database. Whatever anything writes stays in tempDir.
    env = { ...cleanEnv(), DATABASE_URL: database.url, DATA_DIR: path.join(tempDir, 'data'), TMPDIR: path.join(tempDir, 'tmp') };
    server = spawn(process.execPath, [path.join(ROOT, 'bin/gx.js'), 'start', '--target', 'all'], {
      cwd: ROOT,
      env: { ...env, PUBLIC_PORT: '0', API_PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '2000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = server;
    ports = await new Promise((resolve, reject) => {
      const onLine = (line: string) => {
        serverLog.push(line);
        if (serverLog.length > 40) serverLog.shift();
        try {
          const entry = JSON.parse(line) as { msg?: string; ports?: { public: number; api: number } };
          if (entry.msg === 'started' && entry.ports) resolve(entry.ports);
        } catch {
          // not a log line
        }
      };
      readline.createInterface({ input: child.stdout! }).on('line', onLine);
      readline.createInterface({ input: child.stderr! }).on('line', onLine);
      child.once('exit', (code) => reject(new Error(`gx start exited with ${code} before it started:\n${serverLog.join('\n')}`)));
    });
    for (const port of [ports.public, ports.api]) await waitReady(`http://127.0.0.1:${port}/readyz`, child);
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }, 60_000);

  it('has runnable examples, in the README and in docs/, and skips only blocks that cannot run here', () => {
    expect(runnable.filter((e) => e.file === 'README.md').length).toBeGreaterThan(0);
    expect(runnable.filter((e) => e.file.startsWith('docs/')).length).toBeGreaterThan(0);
    expect(runnable.reduce((n, e) => n + curlCount(e.code), 0)).toBeGreaterThan(0);
    // The skip marker is for blocks such as the quick start (npm install, npm start, npm test), not a way around this test.
    expect(skipped.filter((e) => !NOT_RUNNABLE.test(e.code)).map(where)).toEqual([]);
  });

  // (it.each would refuse an empty table; the test above reports that case.)
  if (runnable.length > 0) it.each(runnable.map((e) => [`${where(e)}: ${e.code.split('\n').find((l) => l.trim() && !l.startsWith('#'))}`, e] as const))(
    '%s',
    async (_name, example) => {
      if (NOT_RUNNABLE.test(example.code)) {
        throw new Error(`${where(example)}: this block installs, builds, starts a server or runs the tests; mark it <!-- readme-test: skip --> or change it`);
      }
      const code = example.code.replace(/\blocalhost:8080\b/g, `localhost:${ports.public}`).replace(/\blocalhost:8081\b/g, `localhost:${ports.api}`);
      const script = [
        `curl() { command curl --fail-with-body --silent --show-error --max-time 30 --write-out '%{stderr}${STATUS_LINE} %{http_code}\\n' "$@"; }`,
        'command -v jq >/dev/null || { echo "the README and docs examples need jq" >&2; exit 127; }',
        code,
      ].join('\n');
      const result = await run('bash', ['-euo', 'pipefail', '-c', script], { env, timeoutMs: 120_000 });
      const statuses = [...result.stderr.matchAll(new RegExp(`^${STATUS_LINE} (\\d+)$`, 'gm'))].map((m) => Number(m[1]));
      const ok = result.code === 0 && statuses.length === curlCount(example.code) && statuses.every((s) => s >= 200 && s < 300);
      if (!ok) {
        throw new Error(
          `${where(example)}: the example failed (bash exit ${result.code}, curl statuses ${JSON.stringify(statuses)}, ${curlCount(example.code)} curl commands)\n` +
            `--- script\n${code}\n--- stdout\n${result.stdout.slice(-3000)}\n--- stderr\n${result.stderr.slice(-3000)}` +
            (server?.exitCode !== null || server?.signalCode !== null ? `\n--- the server exited (${server?.exitCode ?? server?.signalCode}):\n${serverLog.join('\n')}` : ''),
        );
      }
    },
    150_000,
  );
});

/** Polls until the listener is ready; a server that exits meanwhile ends the wait with its cause. */
function waitReady(url: string, server: ChildProcess): Promise<true> {
  return waitFor(`${url} to answer 200`, async () => {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`gx start exited (${server.exitCode ?? server.signalCode}) before ${url} answered 200`);
    return (await fetch(url).then((r) => r.status, () => 0)) === 200;
  }, 100);
}
