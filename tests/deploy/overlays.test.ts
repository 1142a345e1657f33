/**
 * The overlays (k8s/overlays/production, k8s/overlays/dev), rendered by kustomize.ts:
 *
 * - each sets only variables that shared/config/config.ts knows, and every container's environment
 *   is a valid production configuration;
 * - production points semantic search at Qdrant and an embedding service and every keyword-index user
 *   at Elasticsearch, so no pod falls back to an embedded index;
 * - dev runs one replica of each target with the embedded engines, migrates at start (one role) and
 *   seeds the demo corpus from one target only;
 * - credentials (every *_API_KEY, *_PASSWORD, *_TOKEN of the schema) live in the Secret template,
 *   never in a ConfigMap or a literal.
 * Their sizing: sizing.test.ts; their schemas and the renderer: kustomize-renderer.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../shared/config/config';
import { SPLIT_TARGETS, type Obj } from './deploy-files';
import { kustomizationDir } from './kustomize';
import { containersOf, deploymentOf, enginesOf, envOf, plainValues, renderedKustomization, schemaKeys, secretTemplateKeys, targetOf, type Rendered } from './k8s-rendered';

const PRODUCTION_DIR = kustomizationDir('overlays/production');
const DEV_DIR = kustomizationDir('overlays/dev');
const SEED_DIR = kustomizationDir('overlays/index-seed');
const schema = schemaKeys();
/** Variables of the schema that hold credentials. */
const CREDENTIAL = /(_API_KEY|_PASSWORD|_TOKEN)$/;
/** Words that start a comment line like a key does (`# CHANGE: set …`) but name no variable. */
const COMMENT_MARKERS = new Set(['CHANGE', 'TEMPLATE', 'NOTE', 'TODO']);
const credentialVariables = [...schema].filter((k) => CREDENTIAL.test(k));

const base = renderedKustomization('base');
const production = renderedKustomization('overlays/production');
const dev = renderedKustomization('overlays/dev');
const seeded = renderedKustomization('overlays/index-seed');

/** Every variable name an overlay sets: ConfigMap keys, env names, Secret keys, commented-out alternatives. */
function variablesOf(r: Rendered, dir: string): Set<string> {
  const names = new Set<string>();
  for (const m of r.configMaps) Object.keys(m.data ?? {}).forEach((k) => names.add(k));
  for (const d of r.deployments)
    for (const c of containersOf(d))
      for (const e of c.env ?? []) {
        names.add(e.name);
        if (e.valueFrom?.secretKeyRef) names.add(e.valueFrom.secretKeyRef.key);
        if (e.valueFrom?.configMapKeyRef) names.add(e.valueFrom.configMapKeyRef.key);
      }
  for (const file of [...fs.readdirSync(dir), '../../base/configmap.yaml'].filter((f) => /\.ya?ml$/.test(f)))
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):\s/gm))
      if (!COMMENT_MARKERS.has(m[1])) names.add(m[1]);
  return names;
}

describe('k8s/overlays/production', () => {
  it('patches only what the base has, and keeps every base Deployment', () => {
    expect(production.deployments.map((d) => d.metadata.name).sort()).toEqual(base.deployments.map((d) => d.metadata.name).sort());
  });

  it('sets only variables shared/config/config.ts knows (ConfigMap keys, env names, Secret keys, commented-out alternatives)', () => {
    const names = variablesOf(production, PRODUCTION_DIR);
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
});

describe('k8s/overlays/dev', () => {
  it('sets only variables shared/config/config.ts knows, and every container environment is a valid production configuration', () => {
    expect([...variablesOf(dev, DEV_DIR)].filter((n) => !schema.has(n))).toEqual([]);
    for (const d of dev.deployments)
      for (const c of containersOf(d)) expect(() => loadConfig(plainValues(envOf(dev, c)))).not.toThrow();
  });

  it('runs one replica of each target, with no autoscaler to change that', () => {
    expect(Object.fromEntries(dev.deployments.map((d) => [targetOf(containersOf(d)[0]), d.spec.replicas]))).toEqual(Object.fromEntries(SPLIT_TARGETS.map((t) => [t, 1])));
    expect(dev.docs.filter((d) => d.kind === 'HorizontalPodAutoscaler' || d.kind === 'ScaledObject')).toEqual([]);
  });

  it('needs no operator: every object is a built-in kind', () => {
    const builtIn = /^(v1|apps\/v1|batch\/v1|autoscaling\/v2|policy\/v1|networking\.k8s\.io\/v1)$/;
    expect(dev.docs.filter((d) => !builtIn.test(d.apiVersion)).map((d) => `${d.apiVersion} ${d.kind}`)).toEqual([]);
  });

  it('keeps the embedded engines: no Elasticsearch, Qdrant or embedding service is required', () => {
    for (const d of dev.deployments)
      for (const c of containersOf(d)) {
        const env = envOf(dev, c);
        const config = loadConfig(plainValues(env));
        expect({ target: targetOf(c), qdrant: config.qdrant, embedding: config.embedding.url }).toEqual({ target: targetOf(c), qdrant: undefined, embedding: undefined });
        expect({ target: targetOf(c), es: env.get('ELASTICSEARCH_URL') }).toEqual({ target: targetOf(c), es: { from: 'secret', key: 'ELASTICSEARCH_URL', required: false } });
      }
  });

  it('migrates at start with the one role it has (no gx-migrate Job), and only public-search seeds the demo corpus', () => {
    expect(dev.docs.filter((d) => d.kind === 'CronJob').map((d) => d.metadata.name)).toEqual(['gx-reindex']);
    for (const d of dev.deployments)
      for (const c of containersOf(d)) {
        const config = loadConfig(plainValues(envOf(dev, c)));
        expect({ target: targetOf(c), migrate: config.database.migrate, demo: config.demoData }).toEqual({ target: targetOf(c), migrate: true, demo: targetOf(c) === 'public-search' });
      }
  });
});

describe('k8s/overlays/index-seed', () => {
  const podSpec = (d: Obj) => d.spec.template.spec;
  /** The volume a container mounts at `mountPath`, with the mount. */
  const mounted = (d: Obj, c: Obj, mountPath: string) => {
    const mount = (c.volumeMounts ?? []).find((v: Obj) => v.mountPath === mountPath);
    return mount && { mount, volume: (podSpec(d).volumes ?? []).find((v: Obj) => v.name === mount.name) };
  };
  const claim = seeded.docs.find((d) => d.kind === 'PersistentVolumeClaim')!;
  const publishers = seeded.deployments.filter((d) => containersOf(d).some((c) => loadConfig(plainValues(envOf(seeded, c))).indexSeed?.publish));

  it('keeps every base Deployment and adds the publisher; sets only variables the schema knows, each environment a valid production configuration', () => {
    expect(seeded.deployments.map((d) => d.metadata.name).sort()).toEqual([...base.deployments.map((d) => d.metadata.name), 'keyword-index-seed'].sort());
    expect([...variablesOf(seeded, SEED_DIR)].filter((n) => !schema.has(n))).toEqual([]);
    for (const d of seeded.deployments)
      for (const c of containersOf(d)) {
        const env = plainValues(envOf(seeded, c));
        expect(env.NODE_ENV).toBe('production');
        expect(() => loadConfig(env)).not.toThrow();
      }
  });

  it('shares one ReadWriteMany volume: written by exactly one publisher, one replica at a time, its own index files on a volume of its own', () => {
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    expect(publishers.map((d) => d.metadata.name)).toEqual(['keyword-index-seed']);
    const [publisher] = publishers;
    expect({ replicas: publisher!.spec.replicas, strategy: publisher!.spec.strategy.type }).toEqual({ replicas: 1, strategy: 'Recreate' });
    // No Service, HPA or disruption budget picks it up: it serves no one.
    const labels = publisher!.spec.template.metadata.labels;
    const selects = (d: Obj) =>
      d.kind === 'HorizontalPodAutoscaler' ? d.spec.scaleTargetRef.name === publisher!.metadata.name : Object.entries<string>(d.kind === 'Service' ? d.spec.selector : d.spec.selector.matchLabels).every(([k, v]) => labels[k] === v);
    expect(seeded.docs.filter((d) => ['Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(d.kind) && selects(d)).map((d) => `${d.kind}/${d.metadata.name}`)).toEqual([]);
    const c = containersOf(publisher!)[0];
    const config = loadConfig(plainValues(envOf(seeded, c)));
    const seed = mounted(publisher!, c, config.indexSeed!.dir);
    expect({ claim: seed?.volume?.persistentVolumeClaim?.claimName, readOnly: seed?.mount.readOnly ?? false }).toEqual({ claim: claim.metadata.name, readOnly: false });
    // DATA_DIR is one process's own (its owner lock): never the shared volume.
    expect(mounted(publisher!, c, config.dataDir)?.volume?.emptyDir).toBeDefined();
  });

  it('every pod with an embedded keyword index reads the seed, read-only; the other pods leave it alone', () => {
    const readers = seeded.deployments.filter((d) => !publishers.includes(d));
    for (const d of readers)
      for (const c of containersOf(d)) {
        const target = targetOf(c)!;
        const env = envOf(seeded, c);
        const config = loadConfig(plainValues(env));
        if (!enginesOf(target, env).keyword) {
          expect({ target, seed: config.indexSeed }).toEqual({ target, seed: undefined });
          continue;
        }
        const seed = config.indexSeed && mounted(d, c, config.indexSeed.dir);
        expect({ target, publish: config.indexSeed?.publish, claim: seed?.volume?.persistentVolumeClaim?.claimName, readOnly: seed?.mount.readOnly, volumeReadOnly: seed?.volume?.persistentVolumeClaim?.readOnly }).toEqual({
          target,
          publish: false,
          claim: claim.metadata.name,
          readOnly: true,
          volumeReadOnly: true,
        });
      }
    expect(readers.filter((d) => containersOf(d).some((c) => enginesOf(targetOf(c)!, envOf(seeded, c)).keyword)).map((d) => d.metadata.name).sort()).toEqual(['public-search', 'semantic-search']);
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
    ['dev', dev],
    ['production', production],
    ['index-seed', seeded],
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
