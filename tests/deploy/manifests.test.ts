/**
 * Invariants of the Kubernetes manifests (k8s/) and the Dockerfile that a
 * schema validator cannot see: labels that must agree, ports that must line up
 * with the configuration, probes on the right paths, environment variables
 * that the configuration schema (shared/config/config.ts) actually reads, one
 * workload per target of services/registry.ts, and where secrets come from.
 * docker-compose.yml has its own suite: compose.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../shared/config/config';
import { COMPOSE_FILE, requiredSecretsOf, ROOT, schemaDefault, SPLIT_TARGETS, type Obj } from './deploy-files';
import {
  BASE_DIR,
  configMap,
  configMaps,
  containerEnv,
  containersOf,
  cronJobs,
  declaredPort,
  deploymentOf,
  deployments,
  K8S_DIR,
  k8sFiles,
  manifests,
  matches,
  nameOf,
  ofKind,
  plainEnv,
  podSpec,
  portOf,
  preStopSleepSeconds,
  schema,
  secretKeys,
  secrets,
  targetOf,
  TEMPLATES,
  workloads,
  yamlFilesUnder,
} from './k8s-base';

/** Must never appear in a deployment file: it turns data-API authentication off (benchmarks only). */
const FORBIDDEN_VARIABLES = ['API_AUTH_DISABLED'];

/** Which port variables a target listens on besides METRICS_PORT; every other target listens on SERVICE_PORT. */
const TARGET_PORT_VARS: Record<string, string[]> = {
  all: ['PUBLIC_PORT', 'API_PORT'],
  gateway: ['PUBLIC_PORT', 'API_PORT'],
};

const shutdownTimeoutMs = Number(configMap.SHUTDOWN_TIMEOUT_MS);

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

  it('the kustomization lists every manifest of base except the Secret template, and only files that exist', () => {
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
    expect(cronJobs.length).toBeGreaterThanOrEqual(2);
    for (const w of workloads)
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

    it('runs `start --target <component>`, listening on the ports the config gives that target, METRICS_PORT as `metrics`', () => {
      const component = d.doc.spec.template.metadata.labels['app.kubernetes.io/component'];
      for (const c of containers) {
        const target = targetOf(c);
        expect(target).toBe(component);
        const portVars = [...(TARGET_PORT_VARS[target!] ?? ['SERVICE_PORT']), 'METRICS_PORT'];
        const expected = portVars.map(portOf).sort();
        const declared = (c.ports ?? []).map((p: Obj) => p.containerPort).sort();
        expect(declared).toEqual(expected);
        expect(declaredPort([c], 'metrics')?.containerPort).toBe(portOf('METRICS_PORT'));
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

    it('terminationGracePeriodSeconds exceeds SHUTDOWN_GRACE_SECONDS (plus any preStop sleep): the process ends its shutdown before SIGKILL', () => {
      for (const c of containers) {
        const grace = Number(plainEnv(c).SHUTDOWN_GRACE_SECONDS);
        expect(Number.isInteger(grace)).toBe(true);
        expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(grace + preStopSleepSeconds(c));
      }
    });
  });

  describe.each(workloads.map((w) => [nameOf(w), w] as const))('%s (workload hardening)', (_name, w) => {
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

  it.each(['reindex', 'migrate'])('the `gx %s` Job is a suspended CronJob of the kustomization (a run: kubectl create job --from=cronjob/…)', (command) => {
    const found = cronJobs.filter((j) => containersOf(j).some((c) => (c.args ?? [])[0] === command));
    expect(found.length).toBe(1);
    expect(found[0].doc.spec.suspend).toBe(true);
    expect(found[0].doc.spec.concurrencyPolicy).toBe('Forbid');
    expect(podSpec(found[0]).restartPolicy).toBe('Never');
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

  it('SERVICE_TOKEN comes only from a Secret: never the ConfigMap, never a literal, one Secret key for every workload', () => {
    for (const c of configMaps) expect({ configMap: nameOf(c), has: 'SERVICE_TOKEN' in (c.doc.data ?? {}) }).toEqual({ configMap: nameOf(c), has: false });
    const sources = new Set<string>();
    for (const w of workloads)
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
    // The Secrets the pods read (not gx-keda-redis, which KEDA reads).
    const envSecrets = new Set(workloads.flatMap((w) => containersOf(w).flatMap((c) => [...containerEnv(c).values()].flatMap((v) => (v.from === 'secret' ? [v.name] : [])))));
    expect([...envSecrets].sort()).toEqual(['gx-migrate-secrets', 'gx-secrets']);
    for (const s of secrets.filter((x) => envSecrets.has(x.doc.metadata.name))) Object.keys({ ...(s.doc.stringData ?? {}), ...(s.doc.data ?? {}) }).forEach((k) => names.add(k));
    for (const w of workloads) for (const c of containersOf(w)) for (const e of c.env ?? []) names.add(e.name);
    // Commented-out alternatives in the secret template count too.
    for (const file of new Set(secrets.map((s) => s.file))) {
      const text = fs.readFileSync(file, 'utf8');
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

  /** Each stage's instructions, continuation lines joined and comments dropped. */
  const stages: { name: string; instructions: { op: string; args: string }[] }[] = [];
  for (const line of dockerfile.replace(/\\\n/g, ' ').split('\n')) {
    const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!m || line.trim().startsWith('#')) continue;
    if (m[1] === 'FROM') stages.push({ name: /\bAS\s+(\S+)/i.exec(m[2])?.[1] ?? String(stages.length), instructions: [] });
    else stages.at(-1)?.instructions.push({ op: m[1], args: m[2].trim() });
  }
  const MANIFESTS = ['package.json', 'package-lock.json'];
  /** The sources of a COPY (flags and the destination left out); none for a copy from another stage. */
  const copySources = (args: string): string[] => {
    if (/--from=/.test(args)) return [];
    const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/).filter((w) => !w.startsWith('--'));
    return words.slice(0, -1);
  };

  it.each(['build', 'runtime'])(
    'the %s stage copies package.json and package-lock.json and runs `npm ci` before copying any source, so the dependency layer is cached across source edits',
    (name) => {
      const stage = stages.find((s) => s.name === name);
      expect(stage).toBeDefined();
      const list = stage!.instructions;
      const manifestCopy = list.findIndex((i) => i.op === 'COPY' && copySources(i.args).length > 0 && copySources(i.args).every((src) => MANIFESTS.includes(src)));
      const npmCi = list.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
      const sourceCopy = list.findIndex((i) => i.op === 'COPY' && copySources(i.args).some((src) => !MANIFESTS.includes(src)));
      expect(manifestCopy).toBeGreaterThanOrEqual(0);
      expect(copySources(list[manifestCopy].args).sort()).toEqual([...MANIFESTS].sort());
      expect(npmCi).toBeGreaterThan(manifestCopy);
      if (sourceCopy >= 0) expect(sourceCopy).toBeGreaterThan(npmCi);
    },
  );

  it('the build stage installs without scripts (`prepare` would build before the sources are there) and builds after copying them', () => {
    const build = stages.find((s) => s.name === 'build')!.instructions;
    const npmCi = build.find((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))!;
    expect(npmCi.args).toMatch(/--ignore-scripts/);
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.build).toBeTruthy();
    const sourceCopy = build.findIndex((i) => i.op === 'COPY' && copySources(i.args).some((src) => !MANIFESTS.includes(src)));
    const runBuild = build.findIndex((i) => i.op === 'RUN' && /\bnpm run build\b/.test(i.args));
    expect(sourceCopy).toBeGreaterThanOrEqual(0);
    expect(runBuild).toBeGreaterThan(sourceCopy);
  });
});
