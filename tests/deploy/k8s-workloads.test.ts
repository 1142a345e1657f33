/**
 * k8s/base, continued (manifests.test.ts has the rest): how traffic reaches each target (Services,
 * the Ingress, the gateway's service URLs), telemetry (the `metrics` port, OTLP, the scrape
 * annotations) and the database roles of the Jobs and the services.
 */
import { TARGETS } from '../../services/registry';
import { loadConfig } from '../../shared/config/config';
import { remoteServices, schemaDefault, urlPort, type Obj } from './deploy-files';
import {
  configMap,
  containerEnv,
  containersOf,
  cronJobs,
  declaredPort,
  deploymentOf,
  deployments,
  matches,
  nameOf,
  ofKind,
  plainEnv,
  podTemplate,
  portOf,
  schema,
  secrets,
  servicePortTarget,
  services,
  targetOf,
  workloads,
} from './k8s-base';

describe('k8s/base: routes', () => {
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
});

describe('k8s/base: telemetry', () => {
  it('the ConfigMap sets METRICS_PORT and an OTLP endpoint the configuration accepts', () => {
    const config = loadConfig(configMap);
    expect(config.telemetry.metricsPort).toBe(portOf('METRICS_PORT'));
    expect(config.telemetry.otlpEndpoint).toMatch(/^https?:\/\/[^/]+:4318$/);
  });

  it.each(deployments.map((d) => [nameOf(d), d] as const))('%s: OTEL_SERVICE_NAME is its target, Prometheus finds it by annotation on the `metrics` port', (_name, d) => {
    for (const c of containersOf(d)) {
      expect(plainEnv(c).OTEL_SERVICE_NAME).toBe(targetOf(c));
      expect(declaredPort([c], 'metrics')?.containerPort).toBe(portOf('METRICS_PORT'));
    }
    expect(podTemplate(d).metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(portOf('METRICS_PORT')), 'prometheus.io/path': '/metrics' });
  });

  it('the metrics port is never behind a Service or the Ingress (never a public door)', () => {
    const exposed = services.flatMap((s) => s.doc.spec.ports.map((p: Obj) => [s.doc.metadata.name, p.targetPort ?? p.port]));
    expect(exposed.filter(([, port]) => port === 'metrics' || port === portOf('METRICS_PORT'))).toEqual([]);
  });
});

describe('k8s/base: database roles', () => {
  const migrateJob = cronJobs.find((j) => containersOf(j).some((c) => c.args?.[0] === 'migrate'))!;
  const databaseUrlSource = (w: (typeof workloads)[number]) => containerEnv(containersOf(w)[0]).get('DATABASE_URL');

  it('the services do not migrate (DATABASE_MIGRATE=false): they only check the schema at start', () => {
    expect(configMap.DATABASE_MIGRATE).toBe('false');
    expect(loadConfig(configMap).database.migrate).toBe(false);
  });

  it("the gx-migrate Job's DATABASE_URL is a required key of a Secret of its own, which no other workload reads", () => {
    expect(migrateJob).toBeDefined();
    const own = databaseUrlSource(migrateJob);
    expect(own).toEqual({ from: 'secret', name: expect.any(String), key: 'DATABASE_URL', optional: false, via: 'env' });
    const ownSecret = (own as { name: string }).name;
    for (const w of workloads.filter((x) => x !== migrateJob)) {
      const source = databaseUrlSource(w);
      expect({ w: nameOf(w), source }).toEqual({ w: nameOf(w), source: { from: 'secret', name: 'gx-secrets', key: 'DATABASE_URL', optional: false, via: 'env' } });
      const reads = [...containerEnv(containersOf(w)[0]).values()].some((v) => v.from === 'secret' && v.name === ownSecret);
      expect({ w: nameOf(w), readsTheOwnersSecret: reads }).toEqual({ w: nameOf(w), readsTheOwnersSecret: false });
    }
  });

  it('the Secret template gives the two a different role on the same database', () => {
    const url = (name: string) => new URL(secrets.find((s) => s.doc.metadata.name === name)!.doc.stringData.DATABASE_URL);
    const services = url('gx-secrets');
    const owner = url('gx-migrate-secrets');
    expect({ host: owner.host, db: owner.pathname }).toEqual({ host: services.host, db: services.pathname });
    expect([services.username, owner.username]).toEqual(['gx_app', 'gx_owner']);
  });
});
