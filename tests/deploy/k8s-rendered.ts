import fs from 'node:fs';
import path from 'node:path';
import { configSchema, loadYaml, modulesOf, type Obj } from './deploy-files';
import { kustomizationDir, render, type KustomizationName } from './kustomize';

/**
 * The kustomizations of k8s/ rendered (kustomize.ts), with what the overlay, sizing, network and
 * monitoring tests ask of them: the workloads, each container's environment as the kubelet builds it
 * (Secret keys: those the template k8s/base/secret.example.yaml names) and which search engines a
 * target runs inside its own pod.
 */
export interface Rendered {
  docs: Obj[];
  deployments: Obj[];
  configMaps: Obj[];
}

export function rendered(docs: Obj[]): Rendered {
  return { docs, deployments: docs.filter((d) => d.kind === 'Deployment'), configMaps: docs.filter((d) => d.kind === 'ConfigMap') };
}

const cache = new Map<KustomizationName, Rendered>();
export function renderedKustomization(name: KustomizationName): Rendered {
  if (!cache.has(name)) cache.set(name, rendered(render(kustomizationDir(name))));
  return cache.get(name)!;
}

export const MiB = 1024 * 1024;
export const KiB = 1024;

/** A Kubernetes quantity in bytes (memory and storage forms). */
export function bytes(quantity: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity).trim());
  if (!m) throw new Error(`unparsed quantity ${quantity}`);
  const unit = { Ki: KiB, Mi: MiB, Gi: 1024 * MiB, Ti: 1024 * 1024 * MiB, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] ?? ''] ?? 1;
  return Number(m[1]) * unit;
}

/** The config schema's top-level keys. */
export const schemaKeys = (): Set<string> => new Set(configSchema().keys());

export const secretTemplateFile = path.join(kustomizationDir('base'), 'secret.example.yaml');
export const secretTemplate = loadYaml(secretTemplateFile).find((d) => d.kind === 'Secret' && d.metadata.name === 'gx-secrets')!;
/** Every key the services' Secret template names, filled in or commented out (optional ones). */
export const secretTemplateKeys = new Set([
  ...Object.keys({ ...(secretTemplate.stringData ?? {}), ...(secretTemplate.data ?? {}) }),
  ...[...fs.readFileSync(secretTemplateFile, 'utf8').matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]),
]);

/** The pod template of a Deployment or a CronJob. */
export const podTemplateOf = (d: Obj): Obj => (d.kind === 'CronJob' ? d.spec.jobTemplate.spec.template : d.spec.template);
export const containersOf = (d: Obj): Obj[] => podTemplateOf(d).spec.containers ?? [];
export function targetOf(c: Obj): string | undefined {
  const args: string[] = [...(c.command ?? []), ...(c.args ?? [])].map(String);
  const i = args.indexOf('--target');
  return i >= 0 ? args[i + 1] : undefined;
}
export const deploymentOf = (r: Rendered, target: string) => r.deployments.find((d) => containersOf(d).some((c) => targetOf(c) === target));

export type Source = { from: 'value'; value: string } | { from: 'configMap'; value?: string } | { from: 'secret'; key: string; required: boolean };

/** A container's environment as the kubelet builds it (envFrom, then env); Secret keys from the template. */
export function envOf(r: Rendered, c: Obj): Map<string, Source> {
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

export const plainValues = (env: Map<string, Source>): Record<string, string> =>
  Object.fromEntries([...env].flatMap(([k, s]) => (s.from !== 'secret' && s.value !== undefined ? [[k, s.value]] : [])));

/** Whether a variable is certainly set: a plain value, or a Secret key the pod cannot start without. */
export const guaranteed = (env: Map<string, Source>, name: string) => {
  const s = env.get(name);
  if (!s) return false;
  if (s.from === 'secret') return s.required;
  return s.value !== undefined && s.value.trim() !== '';
};

export interface Engines {
  /** The keyword index lives in the pod (no Elasticsearch guaranteed). */
  keyword: boolean;
  /** The vector index lives in the pod and under DATA_DIR (no Qdrant guaranteed). */
  vector: boolean;
}

/** Which engines a target runs in its own pod, given its environment (unsure counts as embedded). */
export function enginesOf(target: string, env: Map<string, Source>): Engines {
  const mods = modulesOf(target);
  return {
    keyword: mods.has('keyword-index') && !guaranteed(env, 'ELASTICSEARCH_URL'),
    vector: mods.has('vector-search') && !guaranteed(env, 'QDRANT_URL'),
  };
}

export const dataVolumeLimit = (d: Obj, c: Obj, dataDir: string): number | undefined => {
  const mount = (c.volumeMounts ?? []).find((v: Obj) => v.mountPath === dataDir);
  const volume = (podTemplateOf(d).spec.volumes ?? []).find((v: Obj) => v.name === mount?.name);
  return volume?.emptyDir?.sizeLimit === undefined ? undefined : bytes(volume.emptyDir.sizeLimit);
};
