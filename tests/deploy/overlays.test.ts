/**
 * The production overlay (k8s/overlays/production) and the sizing of the base (k8s/base):
 *
 * - the overlay, rendered (a small kustomize: resources + strategic-merge patches, cross-checked
 *   against `kubectl kustomize` when kubectl is installed), sets only variables that
 *   shared/config/config.ts knows, and points semantic search at Qdrant and an embedding service and
 *   every keyword-index user at Elasticsearch, so no pod falls back to an embedded index;
 * - credentials (every *_API_KEY, *_PASSWORD, *_TOKEN of the schema) live in the Secret template,
 *   never in a ConfigMap or a literal;
 * - the base, whose pods run the embedded engines, has memory and /data limits that satisfy the
 *   sizing formula (k8s/README.md, "Sizing") for the corpus size its manifests state.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_DEMO_COUNT } from '../../shared/demo/demo-papers';
import { loadConfig } from '../../shared/config/config';
import { MODULES, TARGETS } from '../../services/registry';
import { configSchema, loadYaml, ROOT, type Obj } from './deploy-files';

const K8S_DIR = path.join(ROOT, 'k8s');
const BASE_DIR = path.join(K8S_DIR, 'base');
const PRODUCTION_DIR = path.join(K8S_DIR, 'overlays', 'production');

// ------------------------------------------------------------------ sizing formula --

const MiB = 1024 * 1024;
const KiB = 1024;

/**
 * What one replica needs, by which engines run embedded in it (k8s/README.md, "Sizing"). Measured
 * with `gx start --target public-search | semantic-search` on 5,000–30,000 papers (papers.jsonl plus
 * generated ones), VmHWM including the first build, the snapshot save at stop and the reopen:
 *   process alone (events-keys)           113 MiB at any corpus size
 *   + embedded keyword index              ~10.3 KiB a paper  (public-search 185 → 436 MiB, 5k → 30k)
 *   + embedded vector index (1,024 dims)  ~15 KiB a paper    (semantic-search peak 286 → 907 MiB)
 *   vector snapshot on disk               8,408 bytes a paper (240.55 MiB at 30,000), two during a save
 *   keyword snapshot on disk              ~2.1 KiB a paper (papers.jsonl), two during a save
 * The constants below round those up; the manifests state the same ones.
 */
const SIZING = {
  memory: { fixed: 192 * MiB, keywordPerPaper: 12 * KiB, vectorPerPaper: 16 * KiB },
  data: { fixed: 16 * MiB, keywordPerPaper: 5 * KiB, vectorPerPaper: 16.5 * KiB },
};

interface Engines {
  /** The keyword index lives in the pod (no Elasticsearch guaranteed). */
  keyword: boolean;
  /** The vector index lives in the pod and under DATA_DIR (no Qdrant guaranteed). */
  vector: boolean;
}

const memoryNeed = (papers: number, e: Engines) =>
  SIZING.memory.fixed + papers * ((e.keyword ? SIZING.memory.keywordPerPaper : 0) + (e.vector ? SIZING.memory.vectorPerPaper : 0));
const dataNeed = (papers: number, e: Engines) =>
  SIZING.data.fixed + papers * ((e.keyword ? SIZING.data.keywordPerPaper : 0) + (e.vector ? SIZING.data.vectorPerPaper : 0));

/** A Kubernetes quantity in bytes (memory and storage forms). */
function bytes(quantity: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity).trim());
  if (!m) throw new Error(`unparsed quantity ${quantity}`);
  const unit = { Ki: KiB, Mi: MiB, Gi: 1024 * MiB, Ti: 1024 * 1024 * MiB, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] ?? ''] ?? 1;
  return Number(m[1]) * unit;
}

/**
 * The sizing a manifest states in its comments:
 *   memory limit >= 192 MiB + 28 KiB x papers
 *   /data limit  >= 16 MiB + 16.5 KiB x papers
 *   Sized for: 10000 papers
 */
function statedSizing(text: string): { papers?: number; memory?: { fixed: number; perPaper: number }; data?: { fixed: number; perPaper: number } } {
  const formula = (what: string) => {
    const m = new RegExp(`^#\\s*${what}\\s*(?:>=|≥)\\s*([\\d.]+)\\s*MiB(?:\\s*\\+\\s*([\\d.]+)\\s*KiB\\s*[x×*]\\s*papers)?\\s*$`, 'm').exec(text);
    return m ? { fixed: Number(m[1]) * MiB, perPaper: Number(m[2] ?? 0) * KiB } : undefined;
  };
  const papers = /^#\s*Sized for:\s*([\d,_]+)\s*papers/m.exec(text)?.[1];
  return { papers: papers === undefined ? undefined : Number(papers.replace(/[,_]/g, '')), memory: formula('memory limit'), data: formula('/data limit') };
}

// ------------------------------------------------------------------ loading --


/** The config schema's top-level keys. */
const schemaKeys = (): Set<string> => new Set(configSchema().keys());

// ---------------------------------------------------- a small kustomize renderer --

/** Strategic-merge keys of the lists our patches touch (the Kubernetes API's patchMergeKey). */
const MERGE_KEYS: Record<string, string> = { containers: 'name', initContainers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath', ports: 'containerPort' };

function strategicMerge(base: any, patch: any, key?: string): any {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const mergeKey = key && MERGE_KEYS[key];
    if (!mergeKey || !Array.isArray(base)) return structuredClone(patch);
    const out = base.map((item) => structuredClone(item));
    for (const p of patch) {
      const i = out.findIndex((item) => item?.[mergeKey] === p?.[mergeKey]);
      if (i >= 0) out[i] = strategicMerge(out[i], p);
      else out.push(structuredClone(p));
    }
    return out;
  }
  if (typeof patch === 'object' && typeof base === 'object' && base !== null && !Array.isArray(base)) {
    const out: Obj = { ...base };
    for (const [k, v] of Object.entries(patch)) {
      const merged = strategicMerge(base[k], v, k);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
    return out;
  }
  return structuredClone(patch);
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'patches', 'images', 'namespace', 'labels']);

/**
 * The documents `kustomize build dir` would give, as far as these tests look: resources (files and
 * directories with a kustomization) and strategic-merge patches. Name, label, namespace and image
 * transforms are ignored; a field it does not understand fails the test instead of being skipped.
 */
function render(dir: string): Obj[] {
  const kustomization = loadYaml(path.join(dir, 'kustomization.yaml'))[0];
  const unsupported = Object.keys(kustomization).filter((k) => !SUPPORTED_FIELDS.has(k));
  if (unsupported.length) throw new Error(`${path.relative(ROOT, dir)}/kustomization.yaml: the test renderer does not support ${unsupported.join(', ')}`);
  const docs: Obj[] = (kustomization.resources ?? []).flatMap((r: string) => {
    const p = path.join(dir, r);
    return fs.statSync(p).isDirectory() ? render(p) : loadYaml(p);
  });
  for (const entry of kustomization.patches ?? []) {
    if (entry.target) throw new Error('the test renderer does not support patches with a target');
    const patches = entry.path ? loadYaml(path.join(dir, entry.path)) : loadYamlFile0(entry.patch);
    for (const p of patches) {
      const i = docs.findIndex((d) => d.kind === p.kind && d.metadata?.name === p.metadata?.name);
      if (i < 0) throw new Error(`patch ${entry.path ?? '(inline)'}: no ${p.kind}/${p.metadata?.name} in the resources`);
      docs[i] = strategicMerge(docs[i], p);
    }
  }
  return docs;
}

function loadYamlFile0(text: string): Obj[] {
  return parseAllDocuments(text).map((d) => d.toJS() as Obj).filter(Boolean);
}

function kubectlKustomize(dir: string): Obj[] | undefined {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  return loadYamlFile0(r.stdout);
}

// ------------------------------------------------------------ environment --

interface Rendered {
  docs: Obj[];
  deployments: Obj[];
  configMaps: Obj[];
}

const schema = schemaKeys();
const secretTemplateFile = path.join(BASE_DIR, 'secret.example.yaml');
const secretTemplate = loadYaml(secretTemplateFile).find((d) => d.kind === 'Secret')!;
/** Every key the Secret template names, filled in or commented out (optional ones). */
const secretTemplateKeys = new Set([
  ...Object.keys({ ...(secretTemplate.stringData ?? {}), ...(secretTemplate.data ?? {}) }),
  ...[...fs.readFileSync(secretTemplateFile, 'utf8').matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]),
]);
/** Variables of the schema that hold credentials. */
const CREDENTIAL = /(_API_KEY|_PASSWORD|_TOKEN)$/;
/** Words that start a comment line like a key does (`# CHANGE: set …`) but name no variable. */
const COMMENT_MARKERS = new Set(['CHANGE', 'TEMPLATE', 'NOTE', 'TODO']);
const credentialVariables = [...schema].filter((k) => CREDENTIAL.test(k));

function rendered(docs: Obj[]): Rendered {
  return { docs, deployments: docs.filter((d) => d.kind === 'Deployment'), configMaps: docs.filter((d) => d.kind === 'ConfigMap') };
}

const containersOf = (d: Obj): Obj[] => d.spec.template.spec.containers ?? [];
function targetOf(c: Obj): string | undefined {
  const args: string[] = [...(c.command ?? []), ...(c.args ?? [])].map(String);
  const i = args.indexOf('--target');
  return i >= 0 ? args[i + 1] : undefined;
}

type Source = { from: 'value'; value: string } | { from: 'configMap'; value?: string } | { from: 'secret'; key: string; required: boolean };

/** A container's environment as the kubelet builds it (envFrom, then env); Secret keys from the template. */
function envOf(r: Rendered, c: Obj): Map<string, Source> {
  const env = new Map<string, Source>();
  for (const ref of c.envFrom ?? []) {
    if (ref.configMapRef) {
      const data: Obj = r.configMaps.find((m) => m.metadata.name === ref.configMapRef.name)?.data ?? {};
      for (const [k, v] of Object.entries(data)) env.set(k, { from: 'configMap', value: String(v) });
    }
    if (ref.secretRef && ref.secretRef.name === secretTemplate.metadata.name)
      for (const k of secretTemplateKeys) env.set(k, { from: 'secret', key: k, required: false });
  }
  for (const e of c.env ?? []) {
    const s = e.valueFrom?.secretKeyRef;
    const m = e.valueFrom?.configMapKeyRef;
    if (s) env.set(e.name, { from: 'secret', key: s.key, required: s.optional !== true });
    else if (m) env.set(e.name, { from: 'configMap', value: r.configMaps.find((x) => x.metadata.name === m.name)?.data?.[m.key] });
    else if (e.value !== undefined) env.set(e.name, { from: 'value', value: String(e.value) });
  }
  return env;
}

const plainValues = (env: Map<string, Source>): Record<string, string> =>
  Object.fromEntries([...env].flatMap(([k, s]) => (s.from !== 'secret' && s.value !== undefined ? [[k, s.value]] : [])));

/** Whether a variable is certainly set: a plain value, or a Secret key the pod cannot start without. */
const guaranteed = (env: Map<string, Source>, name: string) => {
  const s = env.get(name);
  if (!s) return false;
  if (s.from === 'secret') return s.required;
  return s.value !== undefined && s.value.trim() !== '';
};

/** Which engines a target runs in its own pod, given its environment (unsure counts as embedded). */
function enginesOf(target: string, env: Map<string, Source>): Engines {
  const mods = new Set<string>();
  const visit = (n: string) => {
    if (mods.has(n)) return;
    mods.add(n);
    for (const d of MODULES.get(n)?.dependsOn ?? []) visit(d);
  };
  for (const n of TARGETS[target] ?? []) visit(n);
  return {
    keyword: mods.has('keyword-index') && !guaranteed(env, 'ELASTICSEARCH_URL'),
    vector: mods.has('vector-search') && !guaranteed(env, 'QDRANT_URL'),
  };
}

const dataVolumeLimit = (d: Obj, c: Obj, dataDir: string): number | undefined => {
  const mount = (c.volumeMounts ?? []).find((v: Obj) => v.mountPath === dataDir);
  const volume = (d.spec.template.spec.volumes ?? []).find((v: Obj) => v.name === mount?.name);
  return volume?.emptyDir?.sizeLimit === undefined ? undefined : bytes(volume.emptyDir.sizeLimit);
};

const base = rendered(render(BASE_DIR));
const production = rendered(render(PRODUCTION_DIR));
const deploymentOf = (r: Rendered, target: string) => r.deployments.find((d) => containersOf(d).some((c) => targetOf(c) === target));
const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

// -------------------------------------------------------------------- tests --

describe('the test renderer', () => {
  it('merges lists by their merge key and replaces the rest', () => {
    const merged = strategicMerge(
      { spec: { containers: [{ name: 'gx', env: [{ name: 'A', value: '1' }], args: ['x'] }], volumes: [{ name: 'data', emptyDir: { sizeLimit: '1Mi' } }] } },
      { spec: { containers: [{ name: 'gx', env: [{ name: 'B', value: '2' }], args: ['y'] }], volumes: [{ name: 'data', emptyDir: { sizeLimit: '2Mi' } }] } },
    );
    expect(merged.spec.containers).toEqual([{ name: 'gx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], args: ['y'] }]);
    expect(merged.spec.volumes).toEqual([{ name: 'data', emptyDir: { sizeLimit: '2Mi' } }]);
  });

  const kubectl = kubectlKustomize(PRODUCTION_DIR);
  (kubectl ? it : it.skip)('renders the production overlay as `kubectl kustomize` does (environment, resources, volumes, ConfigMap data)', () => {
    // The order of merged list items differs (kustomize puts patched items first); it carries no meaning.
    const sorted = (list: Obj[] | undefined, key: string) => list && [...list].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
    const shape = (docs: Obj[]) =>
      docs
        .filter((d) => d.kind === 'Deployment' || d.kind === 'ConfigMap')
        .map((d) =>
          d.kind === 'ConfigMap'
            ? { kind: d.kind, name: d.metadata.name, data: d.data }
            : {
                kind: d.kind,
                name: d.metadata.name,
                containers: containersOf(d).map((c) => ({
                  name: c.name,
                  args: c.args,
                  env: sorted(c.env, 'name'),
                  envFrom: c.envFrom,
                  resources: c.resources,
                  volumeMounts: sorted(c.volumeMounts, 'mountPath'),
                })),
                volumes: sorted(d.spec.template.spec.volumes, 'name'),
              },
        )
        .sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`));
    expect(shape(production.docs)).toEqual(shape(kubectl!));
  });
});

describe('k8s/overlays/production', () => {
  it('patches only what the base has, and keeps every base Deployment', () => {
    expect(production.deployments.map((d) => d.metadata.name).sort()).toEqual(base.deployments.map((d) => d.metadata.name).sort());
  });

  it('sets only variables shared/config/config.ts knows (ConfigMap keys, env names, Secret keys, commented-out alternatives)', () => {
    const names = new Set<string>();
    for (const m of production.configMaps) Object.keys(m.data ?? {}).forEach((k) => names.add(k));
    for (const d of production.deployments)
      for (const c of containersOf(d))
        for (const e of c.env ?? []) {
          names.add(e.name);
          if (e.valueFrom?.secretKeyRef) names.add(e.valueFrom.secretKeyRef.key);
          if (e.valueFrom?.configMapKeyRef) names.add(e.valueFrom.configMapKeyRef.key);
        }
    for (const file of [...fs.readdirSync(PRODUCTION_DIR), '../../base/configmap.yaml'].filter((f) => /\.ya?ml$/.test(f)))
      for (const m of fs.readFileSync(path.join(PRODUCTION_DIR, file), 'utf8').matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):\s/gm))
        if (!COMMENT_MARKERS.has(m[1])) names.add(m[1]);
    expect(names).toContain('QDRANT_URL');
    expect([...names].filter((n) => !schema.has(n))).toEqual([]);
  });

  it('its ConfigMap and every container environment are valid production configurations', () => {
    for (const m of production.configMaps) expect(() => loadConfig(m.data)).not.toThrow();
    for (const d of production.deployments)
      for (const c of containersOf(d)) {
        const env = plainValues(envOf(production, c));
        expect(env.NODE_ENV).toBe('production');
        expect(() => loadConfig(env)).not.toThrow();
      }
  });

  it('semantic-search uses Qdrant and the embedding service (QDRANT_URL, EMBEDDING_URL: in-cluster URLs), and Elasticsearch', () => {
    const d = deploymentOf(production, 'semantic-search');
    expect(d).toBeDefined();
    for (const c of containersOf(d!)) {
      const env = envOf(production, c);
      const config = loadConfig(plainValues(env));
      expect(config.qdrant?.url).toBeDefined();
      expect(config.embedding.url).toBeDefined();
      for (const url of [config.qdrant!.url, config.embedding.url!]) {
        // A Service of the cluster: `name`, `name.namespace`, or `name.namespace.svc[.cluster.local]`.
        expect({ url, inCluster: /^([a-z0-9-]+)(\.[a-z0-9-]+)?(\.svc(\.cluster\.local)?)?$/.test(new URL(url).hostname) }).toEqual({ url, inCluster: true });
      }
      expect(config.embedding.dimensions).toBeGreaterThan(0);
      expect({ ELASTICSEARCH_URL: env.get('ELASTICSEARCH_URL') }).toEqual({ ELASTICSEARCH_URL: { from: 'secret', key: 'ELASTICSEARCH_URL', required: true } });
    }
  });

  it.each(['public-search', 'semantic-search', 'ingest-worker'])('%s cannot start without ELASTICSEARCH_URL (a required Secret key, not the embedded index)', (target) => {
    const d = deploymentOf(production, target);
    expect(d).toBeDefined();
    for (const c of containersOf(d!)) {
      expect({ target, source: envOf(production, c).get('ELASTICSEARCH_URL') }).toEqual({ target, source: { from: 'secret', key: 'ELASTICSEARCH_URL', required: true } });
      expect(secretTemplateKeys).toContain('ELASTICSEARCH_URL');
    }
  });

  it('the ingest worker writes the same Qdrant collection with the same embedding model as semantic-search reads', () => {
    const pick = (target: string) => {
      const config = loadConfig(plainValues(envOf(production, containersOf(deploymentOf(production, target)!)[0])));
      return { qdrant: config.qdrant, embedding: { url: config.embedding.url, api: config.embedding.api, model: config.embedding.model, dimensions: config.embedding.dimensions } };
    };
    expect(pick('ingest-worker')).toEqual(pick('semantic-search'));
  });

  it('no pod keeps an index copy, and its limits cover the process (the formula with no corpus term)', () => {
    for (const d of production.deployments)
      for (const c of containersOf(d)) {
        const target = targetOf(c)!;
        const env = envOf(production, c);
        const engines = enginesOf(target, env);
        expect({ target, engines }).toEqual({ target, engines: { keyword: false, vector: false } });
        const dataDir = plainValues(env).DATA_DIR;
        expect({ target, memory: bytes(c.resources.limits.memory) >= memoryNeed(0, engines) }).toEqual({ target, memory: true });
        const data = dataDir ? dataVolumeLimit(d, c, dataDir) : undefined;
        if (data !== undefined) expect({ target, data: data >= dataNeed(0, engines) }).toEqual({ target, data: true });
      }
  });
});

describe('credentials', () => {
  it('the schema has the credential variables this test guards', () => {
    expect(credentialVariables).toEqual(expect.arrayContaining(['SERVICE_TOKEN', 'ELASTICSEARCH_API_KEY', 'QDRANT_API_KEY', 'EMBEDDING_API_KEY', 'LLM_API_KEY']));
  });

  it('the Secret template names every credential variable (filled in, or commented out when optional)', () => {
    expect(credentialVariables.filter((k) => !secretTemplateKeys.has(k))).toEqual([]);
  });

  it.each([
    ['base', base],
    ['production', production],
  ] as const)('%s: no ConfigMap holds a credential (key, or user:password in a URL), and no container sets one as a literal', (_name, r) => {
    for (const m of r.configMaps)
      for (const [k, v] of Object.entries(m.data ?? {})) {
        expect({ key: k, credential: CREDENTIAL.test(k) }).toEqual({ key: k, credential: false });
        expect({ key: k, userinfo: /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]+@/i.test(String(v)) }).toEqual({ key: k, userinfo: false });
      }
    for (const d of r.deployments)
      for (const c of containersOf(d))
        for (const e of c.env ?? []) if (CREDENTIAL.test(e.name)) expect({ name: e.name, secretKeyRef: Boolean(e.valueFrom?.secretKeyRef) }).toEqual({ name: e.name, secretKeyRef: true });
  });
});

describe('sizing of k8s/base (embedded engines)', () => {
  const formulaDoc = fs.readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8');

  it('k8s/README.md states the formula with the constants used here', () => {
    const c = (n: number) => String(n / KiB);
    expect(formulaDoc).toContain(`${SIZING.memory.fixed / MiB} MiB`);
    for (const perPaper of [SIZING.memory.keywordPerPaper, SIZING.memory.vectorPerPaper, SIZING.data.keywordPerPaper, SIZING.data.vectorPerPaper]) expect(formulaDoc).toContain(`${c(perPaper)} KiB`);
  });

  it('the formula covers the measured figures it was derived from', () => {
    // VmHWM / snapshot size measured for the README (see the SIZING comment), in MiB.
    const measured = [
      { papers: 5_000, keywordOnly: 184.8, semanticPeak: 285.8, snapshot: 40.02 },
      { papers: 10_000, keywordOnly: 245.5, semanticPeak: 438.0, snapshot: 80.13 },
      { papers: 20_000, keywordOnly: 384.9, semanticPeak: 649.3, snapshot: 160.34 },
      { papers: 30_000, keywordOnly: 436.3, semanticPeak: 907.3, snapshot: 240.55 },
    ];
    for (const m of measured) {
      expect(memoryNeed(m.papers, { keyword: true, vector: false })).toBeGreaterThan(m.keywordOnly * MiB);
      expect(memoryNeed(m.papers, { keyword: true, vector: true })).toBeGreaterThan(m.semanticPeak * MiB);
      expect(dataNeed(m.papers, { keyword: false, vector: true })).toBeGreaterThan(2 * m.snapshot * MiB);
    }
  });

  const sized = base.deployments.flatMap((d) =>
    containersOf(d).flatMap((c) => {
      const target = targetOf(c)!;
      const engines = enginesOf(target, envOf(base, c));
      return engines.keyword || engines.vector ? [[target, d, c, engines] as const] : [];
    }),
  );

  it('the targets with an embedded index are public-search (keyword) and semantic-search (keyword + vector)', () => {
    expect(Object.fromEntries(sized.map(([t, , , e]) => [t, e]))).toEqual(
      expect.objectContaining({ 'public-search': { keyword: true, vector: false }, 'semantic-search': { keyword: true, vector: true } }),
    );
  });

  describe.each(sized)('%s', (target, d, c, engines) => {
    const file = path.join(BASE_DIR, `${target}.yaml`);
    const stated = statedSizing(fs.readFileSync(file, 'utf8'));

    it('states the corpus size it is sized for (at least the demo corpus) and the formula for its engines', () => {
      expect(stated.papers).toBeGreaterThanOrEqual(DEFAULT_DEMO_COUNT);
      expect(stated.memory).toEqual({
        fixed: SIZING.memory.fixed,
        perPaper: (engines.keyword ? SIZING.memory.keywordPerPaper : 0) + (engines.vector ? SIZING.memory.vectorPerPaper : 0),
      });
      expect(stated.data).toEqual({
        fixed: SIZING.data.fixed,
        perPaper: (engines.keyword ? SIZING.data.keywordPerPaper : 0) + (engines.vector ? SIZING.data.vectorPerPaper : 0),
      });
    });

    it('its memory limit and /data sizeLimit satisfy the formula for that corpus', () => {
      const papers = stated.papers!;
      const limit = bytes(c.resources.limits.memory);
      expect({ target, papers, limit: mib(limit), enough: limit >= memoryNeed(papers, engines) }).toEqual({ target, papers, limit: mib(limit), enough: true });
      expect(bytes(c.resources.requests.memory)).toBeLessThanOrEqual(limit);
      const dataDir = plainValues(envOf(base, c)).DATA_DIR;
      expect(dataDir).toBeTruthy();
      const data = dataVolumeLimit(d, c, dataDir);
      expect({ target, papers, data: data && mib(data), enough: data !== undefined && data >= dataNeed(papers, engines) }).toEqual({
        target,
        papers,
        data: data && mib(data),
        enough: true,
      });
    });
  });
});
