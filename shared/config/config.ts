import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/**
 * The one validated configuration object of a process. Every setting comes from the
 * environment (twelve-factor); nothing else in the code base reads `process.env`.
 */

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** A number from 0 to 1, unset when empty; `what` says what it is in the error. */
const optionalShare = (what: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return undefined;
      const n = Number(v);
      if (Number.isFinite(n) && n >= 0 && n <= 1) return n;
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(v)} is not a number from 0 to 1 (${what})` });
      return z.NEVER;
    })
    .optional();

/** `false`, `true`, a hop count, or a comma-separated list of trusted proxy addresses (express semantics). */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v): boolean | number | string[] => {
    if (v === 'true') return true;
    if (v === 'false' || v === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  });

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_PORT: port(8080),
  API_PORT: port(8081),
  SERVICE_PORT: port(8090),
  // Prometheus metrics on a listener of their own (never a public door); 9464 as the OpenTelemetry exporter uses.
  METRICS_PORT: port(9464),
  // Traces go out over OTLP/HTTP only when an endpoint is set; otherwise the SDK is never loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('gx'),
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  // Where the data-API door is reached from outside, for links to it from the public door (llms.txt); unset: not linked.
  API_BASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./.data'),
  // A directory several processes share (a volume) holding a copy of the embedded keyword index: a
  // process without index files of its own copies it and catches up from the change log instead of
  // building from Postgres. INDEX_SEED_PUBLISH: this process writes that copy at each checkpoint.
  INDEX_SEED_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  INDEX_SEED_PUBLISH: bool(false),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Longest wait for the answer to one statement a request (or a probe) waits for, measured on this
  // side so a stalled server is caught too: an unavailable database is a prompt 503, never a hung
  // request. 0: no bound. Work no request waits for (starts, catch-ups, loads, migrations) is not bounded.
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // false: never change the schema at start, only check that every migration is applied (they are
  // `gx migrate`'s, run as the schema owner); the embedded PostgreSQL is always migrated.
  DATABASE_MIGRATE: bool(true),
  DEMO_DATA: bool(true),
  // How long the paper change log keeps every change (the data API's change feed; docs/data-api.md#paper-changes).
  PAPER_CHANGES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  REDIS_URL: optionalUrl,
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  ELASTICSEARCH_URL: optionalUrl,
  ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/).default('gx-papers'),
  ELASTICSEARCH_API_KEY: z.string().optional(),
  ELASTICSEARCH_USERNAME: z.string().optional(),
  ELASTICSEARCH_PASSWORD: z.string().optional(),
  PUBLIC_SEARCH_URL: z.url().default('http://127.0.0.1:8090'),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  PUBLIC_RATE_BURST: z.coerce.number().int().min(0).default(10),
  TRUST_PROXY: trustProxy,
  RESPONSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  RESPONSE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // The whole shutdown after SIGTERM/SIGINT, listeners to exit: what is not done by then is abandoned.
  // Below the supervisor's grace period less any preStop sleep (Kubernetes 30 s - 5 s).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  EVENTS_KEYS_URL: z.url().default('http://127.0.0.1:8091'),
  COMPANY_DATA_URL: z.url().default('http://127.0.0.1:8092'),
  SEMANTIC_SEARCH_URL: z.url().default('http://127.0.0.1:8093'),
  SERVICE_TOKEN: z.string().min(16).optional(),
  // Accepted by services beside SERVICE_TOKEN while a new token is rolled out (gateways send SERVICE_TOKEN only).
  SERVICE_TOKEN_PREVIOUS: z.string().min(16).optional(),
  API_KEY_PREFIX: z.string().regex(/^[a-z][a-z0-9]*_$/, 'lower-case letters and digits ending in _').default('gxk_'),
  API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  API_AUTH_DISABLED: bool(false),
  KEY_APPLICATION_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  PLAN_BURST_PER_SECOND: z
    .string()
    .default('trial=5,demo=5,researcher=10,paid=20,internal=50')
    .transform((v, ctx) => {
      const out: Record<string, number> = {};
      for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
        const m = /^(trial|demo|researcher|paid|internal)=(\d+)$/.exec(part);
        if (!m) ctx.addIssue({ code: 'custom', message: `"${part}" is not plan=requests-per-second` });
        else out[m[1]!] = Number(m[2]);
      }
      return out;
    }),
  EMBEDDING_URL: optionalUrl,
  EMBEDDING_API: z.enum(['tei', 'openai']).default('tei'),
  EMBEDDING_MODEL: z.string().min(1).default('intfloat/multilingual-e5-large'),
  EMBEDDING_API_KEY: z.string().optional(),
  // Checked when an embedder is made, not here: every process reads this configuration, and only
  // those that embed (semantic-search, the indexer) need the directory mounted.
  EMBEDDING_MODEL_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(8192).default(1024),
  EMBEDDING_QUERY_PREFIX: z.string().default('query: '),
  EMBEDDING_PASSAGE_PREFIX: z.string().default('passage: '),
  EMBEDDING_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // A search's query embedding, retries included: well inside the gateway's 10 s wait for a service.
  EMBEDDING_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(32),
  // The lexical side's share in hybrid mode's fusion; unset (or empty): the embedder's default (`hybridLexicalWeight`).
  HYBRID_LEXICAL_WEIGHT: optionalShare("the lexical side's share in hybrid mode's fusion, the vector side having the rest"),
  QDRANT_URL: optionalUrl,
  QDRANT_API_KEY: z.string().optional(),
  QDRANT_COLLECTION: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/).default('gx-papers'),
  INGEST_SOURCES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean)),
  INGEST_CRON: z.string().trim().min(1).default('0 3 * * *'),
  INGEST_TIMEZONE: z.string().trim().min(1).default('Asia/Tokyo'),
  INGEST_GATE: z.coerce.number().min(0).max(100).default(80),
  INGEST_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(200),
  INGEST_LOOKBACK_DAYS: z.coerce.number().int().min(0).max(3650).default(2),
  INGEST_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  INGEST_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  INGEST_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  INGEST_BACKOFF_MS: z.coerce.number().int().min(0).default(2_000),
  INGEST_LOCK_MS: z.coerce.number().int().min(1_000).default(60_000),
  INGEST_QUEUE_PREFIX: z.string().regex(/^[a-z][a-z0-9_-]*$/).default('gx'),
  OPENALEX_URL: z.url().default('https://api.openalex.org'),
  OPENALEX_FILTER: z.string().default('title_and_abstract.search:climate,type:article|preprint|report'),
  OPENALEX_MAILTO: z.email().optional(),
  OPENALEX_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  LLM_URL: optionalUrl,
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATASET_VERSION: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a release id: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit').default('v0.3-2026Q3'),
  RELEASE_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  RELEASE_INDEXES_OPEN: z.coerce.number().int().min(1).max(64).default(2),
  SNE_FRAMEWORK_DOI: z.string().min(1).default('unassigned'),
  DISCLAIMER: z
    .string()
    .min(1)
    .default('Figures are extracted from company reports with AI assistance and may contain errors; verify them against the source PDF before citing.'),
}).superRefine((c, ctx) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: c.INGEST_TIMEZONE });
  } catch {
    ctx.addIssue({ code: 'custom', path: ['INGEST_TIMEZONE'], message: `"${c.INGEST_TIMEZONE}" is not an IANA time zone (for example Asia/Tokyo)` });
  }
  try {
    CronExpressionParser.parse(c.INGEST_CRON, { tz: c.INGEST_TIMEZONE });
  } catch (err) {
    ctx.addIssue({ code: 'custom', path: ['INGEST_CRON'], message: `"${c.INGEST_CRON}" in ${c.INGEST_TIMEZONE} is not a usable cron schedule (${(err as Error).message})` });
  }
  if (c.INDEX_SEED_PUBLISH && !c.INDEX_SEED_DIR) {
    ctx.addIssue({ code: 'custom', path: ['INDEX_SEED_PUBLISH'], message: 'needs INDEX_SEED_DIR: the directory to publish the keyword index to' });
  }
  if (c.INDEX_SEED_DIR && path.resolve(c.INDEX_SEED_DIR) === path.resolve(c.DATA_DIR)) {
    ctx.addIssue({ code: 'custom', path: ['INDEX_SEED_DIR'], message: "must not be DATA_DIR: the seed is a copy shared between processes, DATA_DIR is one process's own" });
  }
  if (c.API_AUTH_DISABLED && c.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['API_AUTH_DISABLED'], message: 'must not be set in production' });
  }
});

export type RawConfig = z.infer<typeof environmentSchema>;

/**
 * The environment as the process uses it: settings grouped by what reads them, URLs without a
 * trailing slash, paths absolute, an optional backend absent unless its URL is set. `Config` is this
 * schema's output: the variables, their rules and the shape are written once, here.
 */
export const configSchema = environmentSchema.transform((c) => ({
  env: c.NODE_ENV,
  logLevel: c.LOG_LEVEL,
  http: { host: c.HOST, publicPort: c.PUBLIC_PORT, apiPort: c.API_PORT, servicePort: c.SERVICE_PORT, trustProxy: c.TRUST_PROXY },
  // Prometheus metrics port (0: any free port) and, when an OTLP endpoint is set, trace export.
  telemetry: { metricsPort: c.METRICS_PORT, otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''), serviceName: c.OTEL_SERVICE_NAME },
  publicBaseUrl: c.PUBLIC_BASE_URL.replace(/\/+$/, ''),
  // The data-API door's public address, when known (API_BASE_URL).
  apiBaseUrl: c.API_BASE_URL?.replace(/\/+$/, ''),
  dataDir: path.resolve(c.DATA_DIR),
  // Where the embedded keyword index is copied from when this process has none of its own (and, with `publish`, copied to).
  indexSeed: c.INDEX_SEED_DIR === undefined ? undefined : { dir: path.resolve(c.INDEX_SEED_DIR), publish: c.INDEX_SEED_PUBLISH },
  // `migrate`: apply pending migrations at start (else only check that none is pending).
  database: { url: c.DATABASE_URL, poolSize: c.DATABASE_POOL_SIZE, queryTimeoutMs: c.DATABASE_QUERY_TIMEOUT_MS, migrate: c.DATABASE_MIGRATE },
  demoData: c.DEMO_DATA,
  // Changes older than this are coalesced (a paper keeps its latest) and removals dropped; see `PaperChangeLog.prune`.
  paperChanges: { retentionDays: c.PAPER_CHANGES_RETENTION_DAYS },
  redisUrl: c.REDIS_URL,
  // How long any Redis command may take before its caller falls back (a stalled Redis never hangs a request).
  redisCommandTimeoutMs: c.REDIS_COMMAND_TIMEOUT_MS,
  elasticsearch: c.ELASTICSEARCH_URL
    ? {
        url: c.ELASTICSEARCH_URL,
        index: c.ELASTICSEARCH_INDEX,
        apiKey: c.ELASTICSEARCH_API_KEY,
        username: c.ELASTICSEARCH_USERNAME,
        password: c.ELASTICSEARCH_PASSWORD,
      }
    : undefined,
  services: { publicSearchUrl: c.PUBLIC_SEARCH_URL.replace(/\/+$/, ''), eventsKeysUrl: c.EVENTS_KEYS_URL.replace(/\/+$/, ''), companyDataUrl: c.COMPANY_DATA_URL.replace(/\/+$/, ''), semanticSearchUrl: c.SEMANTIC_SEARCH_URL.replace(/\/+$/, ''), token: c.SERVICE_TOKEN, previousToken: c.SERVICE_TOKEN_PREVIOUS }, // the previous token: also accepted from a gateway during a rotation,
  apiKeys: {
    prefix: c.API_KEY_PREFIX,
    cacheSeconds: c.API_KEY_CACHE_SECONDS,
    authDisabled: c.API_AUTH_DISABLED,
    applicationsPerHour: c.KEY_APPLICATION_RATE_LIMIT,
    burstPerSecond: c.PLAN_BURST_PER_SECOND,
  },
  provenance: { datasetVersion: c.DATASET_VERSION, frameworkDoi: c.SNE_FRAMEWORK_DOI, disclaimer: c.DISCLAIMER },
  // Dataset releases: the first one is named DATASET_VERSION (what the corpus was cited by before releases).
  releases: { firstName: c.DATASET_VERSION, retentionDays: c.RELEASE_RETENTION_DAYS, openIndexes: c.RELEASE_INDEXES_OPEN },
  embedding: {
    url: c.EMBEDDING_URL,
    api: c.EMBEDDING_API,
    model: c.EMBEDDING_MODEL,
    apiKey: c.EMBEDDING_API_KEY,
    // A sentence-embedding model run in process (absolute path), when no `url` is set; it decides the dimension.
    modelDir: c.EMBEDDING_MODEL_DIR === undefined ? undefined : path.resolve(c.EMBEDDING_MODEL_DIR),
    dimensions: c.EMBEDDING_DIMENSIONS,
    queryPrefix: c.EMBEDDING_QUERY_PREFIX,
    passagePrefix: c.EMBEDDING_PASSAGE_PREFIX,
    timeoutMs: c.EMBEDDING_TIMEOUT_MS,
    // A query's whole budget, retries included (it is embedded while someone waits).
    queryTimeoutMs: c.EMBEDDING_QUERY_TIMEOUT_MS,
    batchSize: c.EMBEDDING_BATCH_SIZE,
    // Hybrid mode's lexical share when set; else the embedder's default (see `hybridLexicalWeight`).
    hybridLexicalWeight: c.HYBRID_LEXICAL_WEIGHT,
  },
  qdrant: c.QDRANT_URL ? { url: c.QDRANT_URL, apiKey: c.QDRANT_API_KEY, collection: c.QDRANT_COLLECTION } : undefined,
  // What the daily run fetches (`sources`: `openalex` and/or JSON Lines file paths), when and how.
  ingest: {
    sources: c.INGEST_SOURCES,
    cron: c.INGEST_CRON,
    timezone: c.INGEST_TIMEZONE,
    gate: c.INGEST_GATE,
    pageSize: c.INGEST_PAGE_SIZE,
    lookbackDays: c.INGEST_LOOKBACK_DAYS,
    fetchConcurrency: c.INGEST_FETCH_CONCURRENCY,
    batchConcurrency: c.INGEST_BATCH_CONCURRENCY,
    attempts: c.INGEST_ATTEMPTS,
    backoffMs: c.INGEST_BACKOFF_MS,
    lockMs: c.INGEST_LOCK_MS,
    queuePrefix: c.INGEST_QUEUE_PREFIX,
  },
  openalex: { url: c.OPENALEX_URL, filter: c.OPENALEX_FILTER, mailto: c.OPENALEX_MAILTO, timeoutMs: c.OPENALEX_TIMEOUT_MS },
  // An OpenAI-compatible chat endpoint for relevance scores and summaries; the heuristics without it.
  llm: c.LLM_URL ? { url: c.LLM_URL, model: c.LLM_MODEL, apiKey: c.LLM_API_KEY, timeoutMs: c.LLM_TIMEOUT_MS, concurrency: c.LLM_CONCURRENCY } : undefined,
  publicRateLimit: { perMinute: c.PUBLIC_RATE_LIMIT, burst: c.PUBLIC_RATE_BURST },
  responseCache: { ttlSeconds: c.RESPONSE_CACHE_TTL_SECONDS, maxEntries: c.RESPONSE_CACHE_MAX_ENTRIES },
  shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  shutdownGraceMs: c.SHUTDOWN_GRACE_SECONDS * 1000,
}));

/** Keys that may hold undefined become optional keys (`elasticsearch?:`), as a caller writes them, at every depth. */
type OptionalWhenUndefined<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T as undefined extends T[K] ? never : K]: OptionalWhenUndefined<T[K]> } & {
        [K in keyof T as undefined extends T[K] ? K : never]?: OptionalWhenUndefined<Exclude<T[K], undefined>>;
      }
    : T;

export type Config = OptionalWhenUndefined<z.output<typeof configSchema>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the whole environment at once and reports every problem together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return parsed.data;
}
