/**
 * Invariants of the deployment manifests (k8s/ and docker-compose.yml) that a
 * schema validator cannot see: labels that must agree, ports that must line up
 * with the configuration, probes on the right paths, environment variables
 * that the configuration schema (shared/config/config.ts) actually reads, one
 * workload per target of services/registry.ts, and where secrets come from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MODULES, TARGETS } from '../../services/registry';
import { loadConfig } from '../../shared/config/config';
import { configSchema, loadYaml, ROOT, type Obj } from './deploy-files';

const K8S_DIR = path.join(ROOT, 'k8s');
const BASE_DIR = path.join(K8S_DIR, 'base');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

/** Manifests of k8s/base that are applied by hand and must stay out of the kustomization. */
const TEMPLATES = new Set(['secret.example.yaml', 'reindex-job.yaml']);

/** Must never appear in a deployment file: it turns data-API authentication off (benchmarks only). */
const FORBIDDEN_VARIABLES = ['API_AUTH_DISABLED'];

/** Which port variables a target listens on; every other target listens on SERVICE_PORT. */
const TARGET_PORT_VARS: Record<string, string[]> = {
  all: ['PUBLIC_PORT', 'API_PORT'],
  gateway: ['PUBLIC_PORT', 'API_PORT'],
};

// ------------------------------------------------------------------ loading --

interface Manifest {
  file: string;
  doc: Obj;
}

function yamlFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return yamlFilesUnder(p);
      return /\.ya?ml$/.test(e.name) ? [p] : [];
    })
    .sort();
}



/** The schema's numeric default for a key, e.g. `port(8090)` or `.default(10_000)`. */
function schemaDefault(schema: Map<string, string>, key: string): number | undefined {
  const def = schema.get(key);
  const m = def && (/\.default\(\s*([\d_]+)\s*\)/.exec(def) ?? /^\s*port\(\s*([\d_]+)\s*\)/.exec(def));
  return m ? Number(m[1].replace(/_/g, '')) : undefined;
}

const schema = configSchema();
// The base only: overlays (k8s/overlays/*) hold partial patches, rendered and checked by overlays.test.ts.
const k8sFiles = yamlFilesUnder(BASE_DIR);
const manifests: Manifest[] = k8sFiles.flatMap((file) => loadYaml(file).map((doc) => ({ file, doc })));
const compose = loadYaml(COMPOSE_FILE)[0];

const ofKind = (kind: string) => manifests.filter((m) => m.doc.kind === kind);
const deployments = ofKind('Deployment');
const services = ofKind('Service');
const jobs = ofKind('Job');
const configMaps = ofKind('ConfigMap');
const secrets = ofKind('Secret');
const configMap: Record<string, string> = Object.assign({}, ...configMaps.map((c) => c.doc.data ?? {}));

const nameOf = (m: Manifest) => `${path.relative(ROOT, m.file)}#${m.doc.kind}/${m.doc.metadata?.name ?? m.doc.metadata?.generateName}`;
const podSpec = (m: Manifest): Obj => m.doc.spec.template.spec;
const containersOf = (m: Manifest): Obj[] => podSpec(m).containers ?? [];
const matches = (selector: Obj, labels: Obj) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The container port a probe or Service targetPort names (by name or number), if declared. */
function declaredPort(containers: Obj[], port: string | number): Obj | undefined {
  return containers
    .flatMap((c) => c.ports ?? [])
    .find((p: Obj) => (typeof port === 'number' ? p.containerPort === port : p.name === port || String(p.containerPort) === port));
}

function targetOf(container: Obj): string | undefined {
  const args: string[] = [...(container.command ?? []), ...(container.args ?? [])].map(String);
  const i = args.indexOf('--target');
  return i >= 0 ? args[i + 1] : undefined;
}

function preStopSleepSeconds(container: Obj): number {
  const cmd: string[] = container.lifecycle?.preStop?.exec?.command ?? [];
  if (cmd[0] === 'sleep') return Number(cmd[1]) || 0;
  return Number(container.lifecycle?.preStop?.sleep?.seconds ?? 0);
}

const shutdownTimeoutMs = Number(configMap.SHUTDOWN_TIMEOUT_MS);

// ------------------------------------------------------- targets and modules --

/** Every target a deployment runs as its own workload (`all` is the single-process form). */
const SPLIT_TARGETS = Object.keys(TARGETS).filter((t) => t !== 'all');

/** The modules a target starts: its services and everything they depend on. */
function modulesOf(target: string): Set<string> {
  const out = new Set<string>();
  const visit = (name: string) => {
    if (out.has(name)) return;
    out.add(name);
    for (const dep of MODULES.get(name)?.dependsOn ?? []) visit(dep);
  };
  for (const name of TARGETS[target] ?? []) visit(name);
  return out;
}

/**
 * The secret variables a target cannot do without when it runs on its own: Postgres when it
 * uses the database (otherwise it would start an embedded one), Redis when it uses Redis (shared
 * quotas, rate limits and edge cache across replicas), and the service token when it is the
 * gateway or serves routes through it.
 */
function requiredSecretsOf(target: string): string[] {
  const mods = modulesOf(target);
  const out: string[] = [];
  if (mods.has('database')) out.push('DATABASE_URL');
  if (mods.has('redis')) out.push('REDIS_URL');
  if (mods.has('gateway') || [...mods].some((m) => (MODULES.get(m)?.serves ?? []).length > 0)) out.push('SERVICE_TOKEN');
  return out;
}

/** Services the gateway reaches over HTTP when they run elsewhere, with the URL each is found at. */
function remoteServices(gatewayEnv: Record<string, string>): { module: string; url: URL }[] {
  const config = loadConfig(gatewayEnv);
  const local = modulesOf('gateway');
  return [...MODULES.values()]
    .filter((m) => !local.has(m.name))
    .flatMap((m) => (m.serves ?? []).map((s) => ({ module: m.name, url: new URL(s.remoteUrl(config)) })));
}

const urlPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

// ------------------------------------------------------- k8s environment --

type EnvSource =
  | { from: 'value'; value: string }
  | { from: 'configMap'; name: string; key: string; value?: string }
  | { from: 'secret'; name: string; key: string; optional: boolean; via: 'env' | 'envFrom' };

const secretKeys = (name: string): string[] =>
  secrets.filter((s) => s.doc.metadata.name === name).flatMap((s) => Object.keys({ ...(s.doc.stringData ?? {}), ...(s.doc.data ?? {}) }));

/** A container's environment as the kubelet builds it: envFrom in order, then env, later entries winning. */
function containerEnv(c: Obj): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>();
  for (const ref of c.envFrom ?? []) {
    const prefix: string = ref.prefix ?? '';
    if (ref.configMapRef) {
      const data: Obj = configMaps.find((m) => m.doc.metadata.name === ref.configMapRef.name)?.doc.data ?? {};
      for (const [key, value] of Object.entries(data)) env.set(prefix + key, { from: 'configMap', name: ref.configMapRef.name, key, value: String(value) });
    }
    if (ref.secretRef)
      for (const key of secretKeys(ref.secretRef.name))
        env.set(prefix + key, { from: 'secret', name: ref.secretRef.name, key, optional: true, via: 'envFrom' });
  }
  for (const e of c.env ?? []) {
    const secretRef = e.valueFrom?.secretKeyRef;
    const configRef = e.valueFrom?.configMapKeyRef;
    if (secretRef) env.set(e.name, { from: 'secret', name: secretRef.name, key: secretRef.key, optional: secretRef.optional === true, via: 'env' });
    else if (configRef)
      env.set(e.name, {
        from: 'configMap',
        name: configRef.name,
        key: configRef.key,
        value: configMaps.find((m) => m.doc.metadata.name === configRef.name)?.doc.data?.[configRef.key],
      });
    else if (e.value !== undefined) env.set(e.name, { from: 'value', value: String(e.value) });
  }
  return env;
}

/** The plain (non-secret) values of a container's environment. */
const plainEnv = (c: Obj): Record<string, string> =>
  Object.fromEntries(
    [...containerEnv(c)].flatMap(([k, s]) => (s.from === 'value' || (s.from === 'configMap' && s.value !== undefined) ? [[k, s.value as string]] : [])),
  );

const deploymentOf = (target: string) => deployments.find((d) => containersOf(d).some((c) => targetOf(c) === target));

/** The container port a Service port leads to, in the Deployment the Service selects. */
function servicePortTarget(serviceName: string, port: { name?: string; number?: number }): { deployment?: Manifest; containerPort?: number } {
  const s = services.find((svc) => svc.doc.metadata.name === serviceName);
  if (!s) return {};
  const p = s.doc.spec.ports.find((sp: Obj) => (port.name !== undefined ? sp.name === port.name : sp.port === port.number));
  const deployment = deployments.find((dep) => matches(s.doc.spec.selector, dep.doc.spec.template.metadata.labels));
  if (!p || !deployment) return { deployment };
  return { deployment, containerPort: declaredPort(containersOf(deployment), p.targetPort ?? p.port)?.containerPort };
}

// -------------------------------------------------------------------- tests --

describe('config schema (source of truth for variable names)', () => {
  it('is found and has the expected shape', () => {
    expect(schema.size).toBeGreaterThan(10);
    for (const key of ['DATABASE_URL', 'SERVICE_PORT', 'PUBLIC_SEARCH_URL', 'EVENTS_KEYS_URL', 'SERVICE_TOKEN', 'SHUTDOWN_TIMEOUT_MS']) expect(schema.has(key)).toBe(true);
    expect(schemaDefault(schema, 'SERVICE_PORT')).toBe(8090);
  });
});

describe('k8s manifests', () => {
  it('parse, and every document has apiVersion, kind and a name', () => {
    expect(k8sFiles.length).toBeGreaterThan(0);
    for (const m of manifests) {
      if (path.basename(m.file) === 'kustomization.yaml') continue;
      expect({ file: nameOf(m), apiVersion: typeof m.doc.apiVersion, kind: typeof m.doc.kind }).toEqual({
        file: nameOf(m),
        apiVersion: 'string',
        kind: 'string',
      });
      expect(m.doc.metadata?.name ?? m.doc.metadata?.generateName).toBeTruthy();
    }
  });

  it('have one Deployment for every target of services/registry.ts except `all`', () => {
    const targets = deployments.flatMap((d) => containersOf(d).map(targetOf));
    expect(SPLIT_TARGETS).toEqual(expect.arrayContaining(['gateway', 'public-search', 'events-keys']));
    expect([...targets].sort()).toEqual([...SPLIT_TARGETS].sort());
  });

  it('the ConfigMap is a valid production configuration on its own', () => {
    expect(configMap.NODE_ENV).toBe('production');
    expect(() => loadConfig(configMap)).not.toThrow();
    for (const d of deployments) for (const c of containersOf(d)) expect(() => loadConfig(plainEnv(c))).not.toThrow();
  });

  it('the kustomization lists every manifest of base except the templates, and only files that exist', () => {
    const kustomization = manifests.find((m) => m.file === path.join(BASE_DIR, 'kustomization.yaml'));
    expect(kustomization).toBeDefined();
    const listed: string[] = kustomization!.doc.resources ?? [];
    const inBase = fs
      .readdirSync(BASE_DIR)
      .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml' && !TEMPLATES.has(f))
      .sort();
    expect([...listed].sort()).toEqual(inBase);
    for (const t of TEMPLATES) {
      expect(fs.existsSync(path.join(BASE_DIR, t))).toBe(true);
      expect(listed).not.toContain(t);
    }
  });

  it('the kustomization image name is the one the workloads use', () => {
    const kustomization = manifests.find((m) => m.file === path.join(BASE_DIR, 'kustomization.yaml'))!;
    const imageNames = new Set((kustomization.doc.images ?? []).map((i: Obj) => i.name));
    for (const w of [...deployments, ...jobs])
      for (const c of containersOf(w)) expect({ w: nameOf(w), image: imageNames.has(String(c.image).split(':')[0]) }).toEqual({ w: nameOf(w), image: true });
  });

  it('the ConfigMap defines SHUTDOWN_TIMEOUT_MS', () => {
    expect(Number.isFinite(shutdownTimeoutMs)).toBe(true);
  });

  describe.each(deployments.map((d) => [nameOf(d), d] as const))('%s', (_name, d) => {
    const spec = podSpec(d);
    const containers = containersOf(d);

    it('selector matches the pod labels, which carry app.kubernetes.io/name and component', () => {
      const labels = d.doc.spec.template.metadata.labels;
      expect(matches(d.doc.spec.selector.matchLabels, labels)).toBe(true);
      expect(labels['app.kubernetes.io/name']).toBeTruthy();
      expect(labels['app.kubernetes.io/component']).toBeTruthy();
      expect(d.doc.spec.selector.matchLabels['app.kubernetes.io/component']).toBe(labels['app.kubernetes.io/component']);
    });

    it('runs `start --target <component>`, listening on the ports the config gives that target', () => {
      const component = d.doc.spec.template.metadata.labels['app.kubernetes.io/component'];
      for (const c of containers) {
        const target = targetOf(c);
        expect(target).toBe(component);
        const portVars = TARGET_PORT_VARS[target!] ?? ['SERVICE_PORT'];
        const expected = portVars.map((v) => Number(configMap[v] ?? schemaDefault(schema, v))).sort();
        const declared = (c.ports ?? []).map((p: Obj) => p.containerPort).sort();
        expect(declared).toEqual(expected);
      }
    });

    it('every container probes /healthz (liveness, startup) and /readyz (readiness) on a declared port', () => {
      for (const c of containers) {
        for (const [probe, pathWanted] of [
          ['livenessProbe', '/healthz'],
          ['readinessProbe', '/readyz'],
          ['startupProbe', '/healthz'],
        ] as const) {
          const get = c[probe]?.httpGet;
          expect({ probe, path: get?.path }).toEqual({ probe, path: pathWanted });
          expect({ probe, port: declaredPort([c], get.port) !== undefined }).toEqual({ probe, port: true });
        }
      }
    });

    it('terminationGracePeriodSeconds exceeds SHUTDOWN_TIMEOUT_MS (plus any preStop sleep)', () => {
      for (const c of containers)
        expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(shutdownTimeoutMs / 1000 + preStopSleepSeconds(c));
    });
  });

  describe.each([...deployments, ...jobs].map((w) => [nameOf(w), w] as const))('%s (workload hardening)', (_name, w) => {
    const spec = podSpec(w);
    const containers = containersOf(w);
    const volumes: Obj[] = spec.volumes ?? [];

    it('every container has cpu and memory requests and limits', () => {
      for (const c of containers)
        for (const kind of ['requests', 'limits'])
          for (const res of ['cpu', 'memory']) expect({ c: c.name, kind, res, set: c.resources?.[kind]?.[res] != null }).toEqual({ c: c.name, kind, res, set: true });
    });

    it('runs as non-root with a read-only root filesystem and an emptyDir /tmp', () => {
      for (const c of containers) {
        expect(c.securityContext?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot).toBe(true);
        expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
        const tmp = (c.volumeMounts ?? []).find((v: Obj) => v.mountPath === '/tmp');
        expect(tmp).toBeDefined();
        expect(volumes.find((v) => v.name === tmp.name)?.emptyDir).toBeDefined();
      }
    });

    it('DATA_DIR, if set, is a mounted writable volume', () => {
      const dataDir = configMap.DATA_DIR;
      if (!dataDir) return;
      for (const c of containers) {
        const mount = (c.volumeMounts ?? []).find((v: Obj) => v.mountPath === dataDir);
        expect({ c: c.name, dataDir, mounted: Boolean(mount && !mount.readOnly) }).toEqual({ c: c.name, dataDir, mounted: true });
      }
    });

    it('envFrom references a ConfigMap and Secret defined in k8s/', () => {
      for (const c of containers)
        for (const ref of c.envFrom ?? []) {
          if (ref.configMapRef) expect(configMaps.map((m) => m.doc.metadata.name)).toContain(ref.configMapRef.name);
          if (ref.secretRef) expect(secrets.map((m) => m.doc.metadata.name)).toContain(ref.secretRef.name);
        }
    });
  });

  it('the reindex Job runs `gx reindex`', () => {
    const reindex = jobs.filter((j) => containersOf(j).some((c) => (c.args ?? [])[0] === 'reindex'));
    expect(reindex.length).toBe(1);
    expect(podSpec(reindex[0]).restartPolicy).toBe('Never');
  });

  it('every Service selects a Deployment and targets a port that Deployment exposes', () => {
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) {
      const d = deployments.find((dep) => matches(s.doc.spec.selector, dep.doc.spec.template.metadata.labels));
      expect({ service: nameOf(s), deployment: d && nameOf(d) }).toEqual({ service: nameOf(s), deployment: expect.any(String) });
      for (const p of s.doc.spec.ports)
        expect({ service: nameOf(s), targetPort: p.targetPort ?? p.port, declared: declaredPort(containersOf(d!), p.targetPort ?? p.port) !== undefined }).toEqual({
          service: nameOf(s),
          targetPort: p.targetPort ?? p.port,
          declared: true,
        });
    }
  });

  it('every Ingress backend is a Service port', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const backends = ingresses.flatMap((i) => (i.doc.spec.rules ?? []).flatMap((r: Obj) => r.http.paths.map((p: Obj) => ({ host: r.host, ...p.backend.service }))));
    expect(new Set(backends.map((b) => b.host)).size).toBeGreaterThanOrEqual(2); // public host and api host
    for (const b of backends) {
      const s = services.find((svc) => svc.doc.metadata.name === b.name);
      expect({ backend: b.name, exists: Boolean(s) }).toEqual({ backend: b.name, exists: true });
      const port = s!.doc.spec.ports.find((p: Obj) => (b.port.name ? p.name === b.port.name : p.port === b.port.number));
      expect({ backend: b, port: Boolean(port) }).toEqual({ backend: b, port: true });
    }
  });

  it('every HorizontalPodAutoscaler and PodDisruptionBudget refers to a Deployment, and each Deployment has both', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    const pdbs = ofKind('PodDisruptionBudget');
    for (const h of hpas) expect(deployments.map((d) => d.doc.metadata.name)).toContain(h.doc.spec.scaleTargetRef.name);
    for (const p of pdbs) expect(deployments.some((d) => matches(p.doc.spec.selector.matchLabels, d.doc.spec.template.metadata.labels))).toBe(true);
    for (const d of deployments) {
      expect({ d: nameOf(d), hpa: hpas.some((h) => h.doc.spec.scaleTargetRef.name === d.doc.metadata.name) }).toEqual({ d: nameOf(d), hpa: true });
      expect({ d: nameOf(d), pdb: pdbs.some((p) => matches(p.doc.spec.selector.matchLabels, d.doc.spec.template.metadata.labels)) }).toEqual({ d: nameOf(d), pdb: true });
    }
  });

  it("the gateway's URL for each service (PUBLIC_SEARCH_URL, EVENTS_KEYS_URL, ...) is a port of that service's Service", () => {
    const gateway = deploymentOf('gateway')!;
    const container = containersOf(gateway).find((c) => targetOf(c) === 'gateway')!;
    const env = plainEnv(container);
    expect(new URL(env.EVENTS_KEYS_URL).hostname).toBe('events-keys');
    const remotes = remoteServices(env);
    expect(remotes.map((r) => r.module)).toEqual(expect.arrayContaining(['public-search', 'events-keys']));
    for (const { module, url } of remotes) {
      const { deployment, containerPort } = servicePortTarget(url.hostname, { number: urlPort(url) });
      const target = deployment && containersOf(deployment).map(targetOf)[0];
      expect({ module, url: url.href, runsIt: Boolean(target && TARGETS[target]?.includes(module)) }).toEqual({ module, url: url.href, runsIt: true });
      const servicePort = Number(configMap.SERVICE_PORT ?? schemaDefault(schema, 'SERVICE_PORT'));
      expect({ module, url: url.href, containerPort }).toEqual({ module, url: url.href, containerPort: servicePort });
    }
  });

  it("the public host goes to the gateway's PUBLIC_PORT and the api host to its API_PORT", () => {
    const publicHost = new URL(configMap.PUBLIC_BASE_URL).hostname;
    const port = (v: string) => Number(configMap[v] ?? schemaDefault(schema, v));
    const routes = ofKind('Ingress').flatMap((i) =>
      (i.doc.spec.rules ?? []).flatMap((r: Obj) => r.http.paths.map((p: Obj) => ({ host: r.host as string, name: p.backend.service.name, port: p.backend.service.port }))),
    );
    expect(routes.map((r) => r.host)).toContain(publicHost);
    const apiHosts = new Set(routes.filter((r) => r.host !== publicHost).map((r) => r.host));
    expect(apiHosts.size).toBe(1);
    for (const r of routes) {
      const { deployment, containerPort } = servicePortTarget(r.name, r.port);
      const wanted = r.host === publicHost ? port('PUBLIC_PORT') : port('API_PORT');
      expect({ host: r.host, target: deployment && containersOf(deployment).map(targetOf)[0], containerPort }).toEqual({
        host: r.host,
        target: 'gateway',
        containerPort: wanted,
      });
    }
  });

  it('SERVICE_TOKEN comes only from a Secret: never the ConfigMap, never a literal, one Secret key for every workload', () => {
    for (const c of configMaps) expect({ configMap: nameOf(c), has: 'SERVICE_TOKEN' in (c.doc.data ?? {}) }).toEqual({ configMap: nameOf(c), has: false });
    const sources = new Set<string>();
    for (const w of [...deployments, ...jobs])
      for (const c of containersOf(w)) {
        for (const e of c.env ?? [])
          if (e.name === 'SERVICE_TOKEN') expect({ w: nameOf(w), secretKeyRef: Boolean(e.valueFrom?.secretKeyRef) }).toEqual({ w: nameOf(w), secretKeyRef: true });
        const source = containerEnv(c).get('SERVICE_TOKEN');
        if (!source) continue;
        expect({ w: nameOf(w), from: source.from }).toEqual({ w: nameOf(w), from: 'secret' });
        if (source.from === 'secret') sources.add(`${source.name}/${source.key}`);
      }
    expect(sources.size).toBe(1);
    const [secretName, key] = [...sources][0].split('/');
    expect(secretKeys(secretName)).toContain(key);
  });

  describe.each(SPLIT_TARGETS.map((t) => [t, requiredSecretsOf(t)] as const))('target %s', (target, required) => {
    it(`gets ${required.join(', ') || 'no secret'} from a Secret key it cannot start without`, () => {
      const d = deploymentOf(target);
      expect(d).toBeDefined();
      for (const c of containersOf(d!))
        for (const name of required) {
          const source = containerEnv(c).get(name);
          expect({ name, source }).toEqual({ name, source: { from: 'secret', name: expect.any(String), key: name, optional: false, via: 'env' } });
          if (source?.from === 'secret') expect(secretKeys(source.name)).toContain(name);
        }
    });
  });

  it('production never seeds demo data', () => {
    expect(configMap.DEMO_DATA).toBe('false');
  });

  it('every environment variable name is one the config schema knows', () => {
    const names = new Set<string>();
    for (const c of configMaps) Object.keys(c.doc.data ?? {}).forEach((k) => names.add(k));
    for (const s of secrets) Object.keys({ ...(s.doc.stringData ?? {}), ...(s.doc.data ?? {}) }).forEach((k) => names.add(k));
    for (const w of [...deployments, ...jobs]) for (const c of containersOf(w)) for (const e of c.env ?? []) names.add(e.name);
    // Commented-out alternatives in the secret template count too.
    for (const s of secrets) {
      const text = fs.readFileSync(s.file, 'utf8');
      for (const m of text.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):/gm)) names.add(m[1]);
    }
    expect(names.size).toBeGreaterThan(0);
    expect([...names].filter((n) => !schema.has(n))).toEqual([]);
  });
});

describe('deployment files', () => {
  const files = [
    ...yamlFilesUnder(K8S_DIR),
    ...fs.readdirSync(K8S_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !/\.(ya?ml|md)$/.test(e.name)).map((e) => path.join(e.parentPath, e.name)),
    COMPOSE_FILE,
    path.join(ROOT, 'Dockerfile'),
  ];

  it.each(FORBIDDEN_VARIABLES)('never mention %s', (name) => {
    const found = files.filter((f) => fs.readFileSync(f, 'utf8').includes(name)).map((f) => path.relative(ROOT, f));
    expect(found).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const instruction = (name: string) => [...dockerfile.matchAll(new RegExp(`^${name}\\s+(.+)$`, 'gm'))].map((m) => m[1].trim());
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it("the ENTRYPOINT runs the package's `gx` bin, which the runtime stage copies", () => {
    const bin = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin?.gx as string;
    expect(bin).toBeTruthy();
    const entrypoint = JSON.parse(instruction('ENTRYPOINT').pop()!);
    expect(entrypoint).toEqual(['node', bin.replace(/^\.\//, '')]);
    expect(runtimeStage).toMatch(new RegExp(`^COPY\\s+${bin.replace(/^\.\//, '').replace(/[.]/g, '\\.')}\\s`, 'm'));
    expect(JSON.parse(instruction('CMD').filter((c) => c.startsWith('[')).pop()!)).toEqual(['start', '--target', 'all']);
  });

  it('the runtime stage ships infra/, runs as a numeric non-root user, in production mode', () => {
    expect(runtimeStage).toMatch(/^COPY\s+infra\s/m);
    const user = /^USER\s+(\d+)(?::(\d+))?\s*$/m.exec(runtimeStage);
    expect(user).not.toBeNull();
    expect(Number(user![1])).toBeGreaterThan(0);
    expect(runtimeStage).toMatch(/NODE_ENV=production/);
    expect(runtimeStage).toMatch(/npm ci --omit=dev --ignore-scripts/);
  });
});

describe('docker-compose.yml', () => {
  const svcs: Record<string, Obj> = compose.services ?? {};
  /** Services that run the project image (they have `build`, or the same image as one that has). */
  const builtImages = new Set(Object.values(svcs).filter((s) => s.build).map((s) => s.image));
  const gx = Object.entries(svcs).filter(([, s]) => s.build || builtImages.has(s.image));
  const envOf = (s: Obj): Record<string, string> => {
    const env = s.environment ?? {};
    if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
    return Object.fromEntries(env.map((e: string) => [e.split('=')[0], e.slice(e.indexOf('=') + 1)]));
  };
  const commandOf = (s: Obj): string[] => (Array.isArray(s.command) ? s.command : String(s.command ?? '').split(/\s+/));
  const targetIn = (s: Obj) => {
    const cmd = commandOf(s);
    return cmd[cmd.indexOf('--target') + 1];
  };
  /** The value compose would use with nothing set in the shell or `.env`: `${X:-default}` gives the default. */
  const interpolated = (v: string) => v.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-?]([^}]*))?\}/g, (_m, def?: string) => def ?? '');
  const byTarget = (target: string) => gx.filter(([, s]) => targetIn(s) === target);
  const durationSeconds = (d: string) => {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(d));
    if (!m) throw new Error(`unparsed duration ${d}`);
    return Number(m[1]) * ({ ms: 0.001, s: 1, m: 60 }[m[2] ?? 's'] ?? 1);
  };

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

  it('every environment variable of the project services is one the config schema knows', () => {
    expect(gx.length).toBeGreaterThanOrEqual(2);
    const unknown = gx.flatMap(([name, s]) => Object.keys(envOf(s)).filter((k) => !schema.has(k)).map((k) => `${name}: ${k}`));
    expect(unknown).toEqual([]);
  });

  it('depends_on waits for health, and every dependency has a healthcheck', () => {
    for (const [name, s] of gx) {
      const deps = s.depends_on ?? {};
      expect({ name, form: Array.isArray(deps) ? 'list' : 'map' }).toEqual({ name, form: 'map' });
      for (const [dep, cond] of Object.entries(deps as Obj)) {
        expect({ name, dep, condition: cond.condition }).toEqual({ name, dep, condition: 'service_healthy' });
        expect({ dep, healthcheck: Boolean(svcs[dep]?.healthcheck?.test) }).toEqual({ dep, healthcheck: true });
      }
    }
  });

  it('only public-search seeds demo data (explicitly false elsewhere: the default is true)', () => {
    for (const [name, s] of gx) expect({ name, DEMO_DATA: envOf(s).DEMO_DATA }).toEqual({ name, DEMO_DATA: name === 'public-search' ? 'true' : 'false' });
  });

  it('has a service for every target of services/registry.ts except `all`', () => {
    for (const target of SPLIT_TARGETS) expect({ target, services: byTarget(target).length }).toEqual({ target, services: 1 });
  });

  it("the gateway's URL for each service (PUBLIC_SEARCH_URL, EVENTS_KEYS_URL, ...) is that service's SERVICE_PORT, and the gateway waits for it", () => {
    const env = Object.fromEntries(Object.entries(envOf(svcs.gateway)).map(([k, v]) => [k, interpolated(v)]));
    expect(new URL(env.EVENTS_KEYS_URL).hostname).toBe('events-keys');
    const remotes = remoteServices(env);
    expect(remotes.map((r) => r.module)).toEqual(expect.arrayContaining(['public-search', 'events-keys']));
    for (const { module, url } of remotes) {
      const s = svcs[url.hostname];
      expect({ module, url: url.href, runsIt: Boolean(s && TARGETS[targetIn(s)]?.includes(module)) }).toEqual({ module, url: url.href, runsIt: true });
      expect({ module, port: urlPort(url) }).toEqual({ module, port: Number(envOf(s).SERVICE_PORT ?? schemaDefault(schema, 'SERVICE_PORT')) });
      expect(Object.keys(svcs.gateway.depends_on ?? {})).toContain(url.hostname);
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
          expect({ name, variable, host: env[variable] && new URL(interpolated(env[variable])).hostname }).toEqual({ name, variable, host: service });
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
    const containerPorts = (svcs.gateway.ports ?? []).map((p: string | Obj) => Number(typeof p === 'string' ? p.split(':').pop() : p.target));
    for (const v of ['PUBLIC_PORT', 'API_PORT']) expect(containerPorts).toContain(Number(env[v] ?? schemaDefault(schema, v)));
  });

  it('stop_grace_period exceeds SHUTDOWN_TIMEOUT_MS', () => {
    for (const [name, s] of gx) {
      const timeoutMs = Number(envOf(s).SHUTDOWN_TIMEOUT_MS ?? schemaDefault(schema, 'SHUTDOWN_TIMEOUT_MS'));
      expect({ name, ok: durationSeconds(s.stop_grace_period ?? '10s') > timeoutMs / 1000 }).toEqual({ name, ok: true });
    }
  });
});
