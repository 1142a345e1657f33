/**
 * The NetworkPolicies of k8s/base/network-policies.yaml, evaluated (network-policy-model.ts) on the
 * rendered kustomizations: the namespace denies everything by default; the gateway is reachable
 * from the ingress controller only, each service from the gateway only, the metrics port from the
 * monitoring namespace only; and each pod reaches exactly the backends its target needs, derived
 * from the modules services/registry.ts gives it (a new module without a decision here fails).
 */
import { MODULES } from '../../services/registry';
import { loadConfig } from '../../shared/config/config';
import { modulesOf, remoteServices, SPLIT_TARGETS, urlPort, type Obj } from './deploy-files';
import { KUSTOMIZATIONS } from './kustomize';
import { allowed, selects, type Endpoint } from './network-policy-model';
import { containersOf, podTemplateOf, renderedKustomization } from './k8s-rendered';

type Backend = 'postgres' | 'redis' | 'elasticsearch' | 'qdrant' | 'embeddings' | 'internet';

/** What each module talks to outside the namespace (Postgres, Redis, the shared engines, the internet). */
const BACKENDS_OF_MODULE: Record<string, Backend[]> = {
  database: ['postgres'],
  redis: ['redis'],
  papers: [],
  'keyword-index': ['elasticsearch'],
  // A release's frozen keyword index lives in the keyword engine, reached only where keyword-index runs (servesSearches).
  releases: [],
  'vector-search': ['qdrant', 'embeddings'],
  'response-cache': [],
  'api-keys': [],
  'public-search': [],
  'public-site': [],
  'events-keys': [],
  'company-data': [],
  'semantic-search': [],
  'paper-changes': [],
  // BullMQ on Redis (without the redis module), OpenAlex and LLM_URL over HTTPS.
  'ingest-worker': ['redis', 'internet'],
  // Writes Elasticsearch and Qdrant, embedding each changed paper.
  indexer: ['elasticsearch', 'qdrant', 'embeddings'],
  gateway: [],
};
/**
 * The pods that are not a target's: the Jobs (`gx migrate`, `gx reindex`), and the index-seed
 * overlay's publisher (the embedded keyword index alone, never Elasticsearch): Postgres only.
 */
const BACKENDS_OF_COMPONENT: Record<string, Backend[]> = { migrate: ['postgres'], reindex: ['postgres'], 'keyword-index-seed': ['postgres'] };

const needs = (component: string): Set<Backend> =>
  new Set(BACKENDS_OF_COMPONENT[component] ?? [...modulesOf(component)].flatMap((m) => BACKENDS_OF_MODULE[m] ?? []));

/** Where the backends are (network-policies.yaml's documented defaults; the URL-configured ones are checked against the ConfigMap below). */
const BACKENDS: Record<Backend, { endpoint: Endpoint; port: number }> = {
  postgres: { endpoint: { namespace: 'postgres', labels: { app: 'postgresql' } }, port: 5432 },
  redis: { endpoint: { namespace: 'redis', labels: { app: 'redis' } }, port: 6379 },
  elasticsearch: { endpoint: { namespace: 'elasticsearch', labels: { app: 'elasticsearch' } }, port: 9200 },
  qdrant: { endpoint: { namespace: 'qdrant', labels: { app: 'qdrant' } }, port: 6333 },
  embeddings: { endpoint: { namespace: 'embeddings', labels: { app: 'text-embeddings' } }, port: 80 },
  internet: { endpoint: { ip: '104.18.12.34' }, port: 443 },
};
const INGRESS_CONTROLLER: Endpoint = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
const PROMETHEUS: Endpoint = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
const COLLECTOR: Endpoint = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'otel-collector' } };
const KUBE_DNS: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
const STRANGER: Endpoint = { namespace: 'default', labels: { app: 'something-else' } };
const CLUSTER_IP: Endpoint = { ip: '10.96.0.10' };

describe.each(KUSTOMIZATIONS)('k8s/%s network policies', (k) => {
  const r = renderedKustomization(k);
  const policies = r.docs.filter((d) => d.kind === 'NetworkPolicy');
  const workloads = r.docs.filter((d) => d.kind === 'Deployment' || d.kind === 'CronJob');
  const podOf = (w: Obj): Endpoint => ({ namespace: w.metadata.namespace, labels: podTemplateOf(w).metadata.labels, ports: containersOf(w).flatMap((c) => c.ports ?? []) });
  const pods = workloads.map((w) => ({ component: podTemplateOf(w).metadata.labels['app.kubernetes.io/component'] as string, pod: podOf(w) }));
  const pod = (component: string) => pods.find((p) => p.component === component)!.pod;
  const services = SPLIT_TARGETS.filter((t) => t !== 'gateway' && t !== 'ingest-worker');

  it('deny everything by default, both ways, for every pod of the namespace', () => {
    const deny = policies.find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(allowed(policies, STRANGER, pod('events-keys'), { port: 'http' })).toBe(false);
    expect(allowed(policies, pod('company-data'), STRANGER, { port: 443 })).toBe(false);
  });

  it('every module has a decision about the backends it reaches', () => {
    expect([...MODULES.keys()].filter((m) => !(m in BACKENDS_OF_MODULE))).toEqual([]);
  });

  it('each pod reaches exactly the backends its target needs (Postgres, Redis, Elasticsearch, Qdrant, embeddings, the internet)', () => {
    const extra = { base: ['migrate'], 'overlays/dev': [], 'overlays/production': ['migrate'], 'overlays/index-seed': ['migrate', 'keyword-index-seed'] }[k];
    expect(pods.map((p) => p.component).sort()).toEqual([...SPLIT_TARGETS, 'reindex', ...extra].sort());
    const wrong: string[] = [];
    for (const { component, pod: p } of pods)
      for (const [name, b] of Object.entries(BACKENDS) as [Backend, (typeof BACKENDS)[Backend]][]) {
        const want = needs(component).has(name);
        if (allowed(policies, p, b.endpoint, { port: b.port }) !== want) wrong.push(`${component} → ${name}: ${want ? 'blocked' : 'allowed'}`);
      }
    expect(wrong).toEqual([]);
  });

  it('every pod resolves names (DNS) and sends traces to the collector; nothing else leaves for the cluster', () => {
    for (const { component, pod: p } of pods) {
      expect({ component, dns: allowed(policies, p, KUBE_DNS, { port: 53, protocol: 'UDP' }) && allowed(policies, p, KUBE_DNS, { port: 53, protocol: 'TCP' }) }).toEqual({ component, dns: true });
      expect({ component, otlp: allowed(policies, p, COLLECTOR, { port: 4318 }) }).toEqual({ component, otlp: true });
      expect({ component, clusterIp: allowed(policies, p, CLUSTER_IP, { port: 443 }), stranger: allowed(policies, p, STRANGER, { port: 80 }) }).toEqual({ component, clusterIp: false, stranger: false });
    }
  });

  it('the gateway is reachable from the ingress controller on its two doors, and from nothing else', () => {
    const gateway = pod('gateway');
    for (const door of ['public', 'api']) expect({ door, allowed: allowed(policies, INGRESS_CONTROLLER, gateway, { port: door }) }).toEqual({ door, allowed: true });
    expect(allowed(policies, INGRESS_CONTROLLER, gateway, { port: 'metrics' })).toBe(false);
    expect(allowed(policies, STRANGER, gateway, { port: 'public' })).toBe(false);
    for (const { component, pod: p } of pods) expect({ component, allowed: allowed(policies, p, gateway, { port: 'api' }) }).toEqual({ component, allowed: false });
  });

  it.each(SPLIT_TARGETS.filter((t) => t !== 'gateway'))('%s is reachable only from the gateway (and the ingest worker from nobody)', (target) => {
    const p = pod(target);
    const fromGateway = allowed(policies, pod('gateway'), p, { port: 'http' });
    expect({ target, fromGateway }).toEqual({ target, fromGateway: services.includes(target) });
    for (const other of [INGRESS_CONTROLLER, STRANGER, PROMETHEUS, ...pods.filter((x) => x.component !== 'gateway').map((x) => x.pod)])
      expect({ target, from: other.labels, allowed: allowed(policies, other, p, { port: 'http' }) }).toEqual({ target, from: other.labels, allowed: false });
  });

  it("the gateway reaches each service at the URL its configuration gives (through that service's Service)", () => {
    const configMap = r.configMaps.find((m) => m.metadata.name === 'gx-config')!.data;
    const remotes = remoteServices(configMap);
    expect(remotes.length).toBeGreaterThanOrEqual(4);
    for (const { module, url } of remotes) {
      const service = r.docs.find((d) => d.kind === 'Service' && d.metadata.name === url.hostname)!;
      const targetPort = service.spec.ports.find((p: Obj) => p.port === urlPort(url)).targetPort;
      const destination = pods.find((p) => selects({ matchLabels: service.spec.selector }, p.pod.labels))!.pod;
      expect({ module, allowed: allowed(policies, pod('gateway'), destination, { port: targetPort }) }).toEqual({ module, allowed: true });
    }
  });

  it('the metrics port of every Deployment is open to the monitoring namespace only', () => {
    for (const target of SPLIT_TARGETS) {
      const p = pod(target);
      expect({ target, prometheus: allowed(policies, PROMETHEUS, p, { port: 'metrics' }) }).toEqual({ target, prometheus: true });
      for (const other of [INGRESS_CONTROLLER, STRANGER, pod('gateway')])
        expect({ target, from: other.labels, allowed: allowed(policies, other, p, { port: 'metrics' }) }).toEqual({ target, from: other.labels, allowed: false });
    }
  });

  it('the configured URLs point where the policies allow: OTLP collector, Qdrant and the embedding service', () => {
    const config = loadConfig(r.configMaps.find((m) => m.metadata.name === 'gx-config')!.data);
    const where = (url: string): { endpoint: Endpoint; port: number } => {
      const u = new URL(url);
      const [, namespace] = u.hostname.split('.');
      return { endpoint: { namespace, labels: {} }, port: urlPort(u) };
    };
    const configured = [config.telemetry.otlpEndpoint, config.qdrant?.url, config.embedding.url].filter((u): u is string => Boolean(u));
    expect(configured.length).toBe(k === 'overlays/production' ? 3 : 1);
    for (const url of configured) {
      const { endpoint, port } = where(url);
      expect({ url, allowed: allowed(policies, pod('semantic-search'), endpoint, { port }) }).toEqual({ url, allowed: true });
    }
  });

  (k === 'overlays/dev' ? it.skip : it)('the pre-rollout step (only the objects labelled config, network-policy and migrate) lets the migration reach Postgres', () => {
    const subset = r.docs.filter((d) => ['config', 'network-policy', 'migrate'].includes(d.metadata.labels?.['app.kubernetes.io/component']));
    expect(subset.map((d) => d.kind)).toEqual(expect.arrayContaining(['ConfigMap', 'CronJob', 'NetworkPolicy']));
    const migrate = podOf(subset.find((d) => d.kind === 'CronJob')!);
    const subsetPolicies = subset.filter((d) => d.kind === 'NetworkPolicy');
    expect(allowed(subsetPolicies, migrate, BACKENDS.postgres.endpoint, { port: BACKENDS.postgres.port })).toBe(true);
    expect(allowed(subsetPolicies, migrate, KUBE_DNS, { port: 53, protocol: 'UDP' })).toBe(true);
    expect(subset.filter((d) => d.kind === 'Deployment')).toEqual([]);
  });
});

describe('the policy model', () => {
  const ns = (spec: Obj): Obj => ({ metadata: { name: 'p', namespace: 'a' }, spec });
  const a: Endpoint = { namespace: 'a', labels: { app: 'x' }, ports: [{ name: 'http', containerPort: 8090 }] };
  const b: Endpoint = { namespace: 'b', labels: { app: 'y' } };

  it('a namespace without policies is open; a selected pod is closed except for what a rule allows', () => {
    expect(allowed([], a, b, { port: 1 })).toBe(true);
    const deny = ns({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(allowed([deny], a, b, { port: 1 })).toBe(false);
    const allowB = ns({ podSelector: { matchLabels: { app: 'x' } }, policyTypes: ['Egress'], egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'b' } } }], ports: [{ port: 5432 }] }] });
    expect(allowed([deny, allowB], a, b, { port: 5432 })).toBe(true);
    expect(allowed([deny, allowB], a, b, { port: 5433 })).toBe(false);
    expect(allowed([deny, allowB], a, b, { port: 5432, protocol: 'UDP' })).toBe(false);
  });

  it('resolves named ports on the destination pod and honours ipBlock exceptions', () => {
    const deny = ns({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const inbound = ns({ podSelector: {}, policyTypes: ['Ingress'], ingress: [{ from: [{ namespaceSelector: {} }], ports: [{ port: 'http' }] }] });
    expect(allowed([deny, inbound], b, a, { port: 8090 })).toBe(true);
    expect(allowed([deny, inbound], b, a, { port: 8091 })).toBe(false);
    const web = ns({ podSelector: {}, policyTypes: ['Egress'], egress: [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8'] } }] }] });
    expect(allowed([deny, web], a, { ip: '8.8.8.8' }, { port: 443 })).toBe(true);
    expect(allowed([deny, web], a, { ip: '10.1.2.3' }, { port: 443 })).toBe(false);
    expect(allowed([deny, web], a, b, { port: 443 })).toBe(false);
  });
});
