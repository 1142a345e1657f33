import fs from 'node:fs';
import path from 'node:path';
import { configSchema, loadYaml, ROOT, schemaDefault, type Obj } from './deploy-files';

/**
 * The files of k8s/base as written (not rendered): what manifests.test.ts and k8s-workloads.test.ts
 * check, with the lookups they share (the rendered overlays: k8s-rendered.ts).
 */
export const K8S_DIR = path.join(ROOT, 'k8s');
export const BASE_DIR = path.join(K8S_DIR, 'base');

/** Manifests of k8s/base that are applied by hand and must stay out of the kustomization. */
export const TEMPLATES = new Set(['secret.example.yaml']);

export interface Manifest {
  file: string;
  doc: Obj;
}

export function yamlFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return yamlFilesUnder(p);
      return /\.ya?ml$/.test(e.name) ? [p] : [];
    })
    .sort();
}

export const schema = configSchema();
// The base only: overlays (k8s/overlays/*) hold partial patches, rendered and checked by overlays.test.ts.
export const k8sFiles = yamlFilesUnder(BASE_DIR);
export const manifests: Manifest[] = k8sFiles.flatMap((file) => loadYaml(file).map((doc) => ({ file, doc })));

export const ofKind = (kind: string) => manifests.filter((m) => m.doc.kind === kind);
export const deployments = ofKind('Deployment');
export const services = ofKind('Service');
/** Job templates: the CronJobs of the kustomization (suspended; a run is `kubectl create job --from=cronjob/…`). */
export const cronJobs = ofKind('CronJob');
export const configMaps = ofKind('ConfigMap');
export const secrets = ofKind('Secret');
export const configMap: Record<string, string> = Object.assign({}, ...configMaps.map((c) => c.doc.data ?? {}));
/** Everything that runs pods. */
export const workloads = [...deployments, ...cronJobs];

export const nameOf = (m: Manifest) => `${path.relative(ROOT, m.file)}#${m.doc.kind}/${m.doc.metadata?.name ?? m.doc.metadata?.generateName}`;
/** The pod template of a Deployment or a CronJob. */
export const podTemplate = (m: Manifest): Obj => (m.doc.kind === 'CronJob' ? m.doc.spec.jobTemplate.spec.template : m.doc.spec.template);
export const podSpec = (m: Manifest): Obj => podTemplate(m).spec;
export const containersOf = (m: Manifest): Obj[] => podSpec(m).containers ?? [];
export const matches = (selector: Obj, labels: Obj) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The container port a probe or Service targetPort names (by name or number), if declared. */
export function declaredPort(containers: Obj[], port: string | number): Obj | undefined {
  return containers
    .flatMap((c) => c.ports ?? [])
    .find((p: Obj) => (typeof port === 'number' ? p.containerPort === port : p.name === port || String(p.containerPort) === port));
}

export function targetOf(container: Obj): string | undefined {
  const args: string[] = [...(container.command ?? []), ...(container.args ?? [])].map(String);
  const i = args.indexOf('--target');
  return i >= 0 ? args[i + 1] : undefined;
}

export function preStopSleepSeconds(container: Obj): number {
  const cmd: string[] = container.lifecycle?.preStop?.exec?.command ?? [];
  if (cmd[0] === 'sleep') return Number(cmd[1]) || 0;
  return Number(container.lifecycle?.preStop?.sleep?.seconds ?? 0);
}

/** A port variable's value: the ConfigMap's, else the schema's default. */
export const portOf = (variable: string) => Number(configMap[variable] ?? schemaDefault(schema, variable));

// ------------------------------------------------------- k8s environment --

export type EnvSource =
  | { from: 'value'; value: string }
  | { from: 'configMap'; name: string; key: string; value?: string }
  | { from: 'secret'; name: string; key: string; optional: boolean; via: 'env' | 'envFrom' };

export const secretKeys = (name: string): string[] =>
  secrets.filter((s) => s.doc.metadata.name === name).flatMap((s) => Object.keys({ ...(s.doc.stringData ?? {}), ...(s.doc.data ?? {}) }));

/** A container's environment as the kubelet builds it: envFrom in order, then env, later entries winning. */
export function containerEnv(c: Obj): Map<string, EnvSource> {
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
export const plainEnv = (c: Obj): Record<string, string> =>
  Object.fromEntries(
    [...containerEnv(c)].flatMap(([k, s]) => (s.from === 'value' || (s.from === 'configMap' && s.value !== undefined) ? [[k, s.value as string]] : [])),
  );

export const deploymentOf = (target: string) => deployments.find((d) => containersOf(d).some((c) => targetOf(c) === target));

/** The container port a Service port leads to, in the Deployment the Service selects. */
export function servicePortTarget(serviceName: string, port: { name?: string; number?: number }): { deployment?: Manifest; containerPort?: number } {
  const s = services.find((svc) => svc.doc.metadata.name === serviceName);
  if (!s) return {};
  const p = s.doc.spec.ports.find((sp: Obj) => (port.name !== undefined ? sp.name === port.name : sp.port === port.number));
  const deployment = deployments.find((dep) => matches(s.doc.spec.selector, dep.doc.spec.template.metadata.labels));
  if (!p || !deployment) return { deployment };
  return { deployment, containerPort: declaredPort(containersOf(deployment), p.targetPort ?? p.port)?.containerPort };
}
