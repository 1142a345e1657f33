import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadYaml, ROOT, type Obj } from './deploy-files';

/**
 * A small kustomize, enough for k8s/ and offline: `kustomize build` is not installable from the
 * package registries this project may use, so the tests render with this and, where `kubectl` is on
 * the machine, check that `kubectl kustomize` renders the same (kustomize-renderer.test.ts).
 *
 * It supports exactly what k8s/ uses, and throws on anything else, so that a kustomization can
 * never render differently here without the test saying so:
 *   resources   files and directories with a kustomization.yaml (no URLs)
 *   namespace   on every namespaced object
 *   labels      `pairs`, with `includeTemplates` (workload pod templates); not `includeSelectors`
 *   images      name → newName / newTag / digest, in Deployment, Job and CronJob pod templates
 *   patches     strategic merge (by `path` or inline `patch`), optionally with a `target` of kind,
 *               name, group, version; `$patch: delete` of a whole object; no JSON6902, no other `$`
 *               directive, and only lists whose merge behaviour is written down below.
 * Order as kustomize's: resources, then patches, then namespace, labels and images.
 */

const KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'labels', 'images', 'resources', 'patches']);
const LABEL_FIELDS = new Set(['pairs', 'includeSelectors', 'includeTemplates']);
const IMAGE_FIELDS = new Set(['name', 'newName', 'newTag', 'digest']);
const PATCH_FIELDS = new Set(['path', 'patch', 'target']);
const TARGET_FIELDS = new Set(['kind', 'name', 'group', 'version']);

/** Lists merged item by item in a strategic-merge patch, by their key (the API's patchMergeKey). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
};
/** Lists a strategic-merge patch replaces whole (no patchMergeKey in the API). */
const REPLACED_LISTS = new Set(['args', 'command', 'envFrom', 'tolerations', 'policyTypes', 'ingress', 'egress', 'from', 'to', 'except', 'values', 'matchExpressions', 'metrics', 'rules', 'paths', 'tls', 'hosts']);
/** Kinds patched by strategic merge here: built-in kinds whose lists are described above. */
const MERGEABLE_KINDS = new Set(['ConfigMap', 'Secret', 'Deployment', 'Service', 'CronJob', 'Job', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Ingress']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'PriorityClass', 'IngressClass']);
/** Where a kind's pod template is: labels (includeTemplates) and images go there. */
const TEMPLATE_PATHS: Record<string, string[][]> = {
  Deployment: [['spec', 'template']],
  StatefulSet: [['spec', 'template']],
  DaemonSet: [['spec', 'template']],
  ReplicaSet: [['spec', 'template']],
  Job: [['spec', 'template']],
  CronJob: [['spec', 'jobTemplate'], ['spec', 'jobTemplate', 'spec', 'template']],
};

export class UnsupportedKustomization extends Error {}

function refuseUnknown(what: string, obj: Obj, allowed: Set<string>): void {
  const unknown = Object.keys(obj ?? {}).filter((k) => !allowed.has(k));
  if (unknown.length) throw new UnsupportedKustomization(`${what}: the test renderer does not support ${unknown.join(', ')}`);
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const versionOf = (apiVersion: string) => apiVersion.split('/').pop()!;

/** One object merged with a strategic-merge patch (k8s built-in kinds, the lists above). */
export function strategicMerge(base: unknown, patch: unknown, key?: string): unknown {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    if (!key || (!(key in MERGE_KEYS) && key !== 'ports' && !REPLACED_LISTS.has(key)))
      throw new UnsupportedKustomization(`a patch sets the list "${key}": the test renderer does not know how kustomize merges it`);
    const mergeKey = key === 'ports' ? (patch.some((p: Obj) => 'containerPort' in p) ? 'containerPort' : 'port') : MERGE_KEYS[key];
    if (!mergeKey || !Array.isArray(base)) return structuredClone(patch);
    const out = base.map((item) => structuredClone(item));
    for (const p of patch as Obj[]) {
      const i = out.findIndex((item) => item?.[mergeKey] === p?.[mergeKey]);
      if (i >= 0) out[i] = strategicMerge(out[i], p);
      else out.push(structuredClone(p));
    }
    return out;
  }
  if (typeof patch === 'object') {
    const directives = Object.keys(patch as Obj).filter((k) => k.startsWith('$'));
    if (directives.length) throw new UnsupportedKustomization(`a patch uses ${directives.join(', ')}: the test renderer supports only \`$patch: delete\` of a whole object`);
    if (typeof base !== 'object' || base === null || Array.isArray(base)) return structuredClone(patch);
    const out: Obj = { ...(base as Obj) };
    for (const [k, v] of Object.entries(patch as Obj)) {
      const merged = strategicMerge((base as Obj)[k], v, k);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
    return out;
  }
  return structuredClone(patch);
}

function parseDocs(text: string, where: string): Obj[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const errors = list.flatMap((d) => d.errors.map((e) => `${where}: ${e.message}`));
  if (errors.length) throw new Error(errors.join('\n'));
  return list.map((d) => d.toJS() as Obj | null).filter((d): d is Obj => d !== null);
}

function applyPatches(dir: string, docs: Obj[], entries: Obj[]): Obj[] {
  let out = docs;
  for (const entry of entries) {
    refuseUnknown(`${path.relative(ROOT, dir)}/kustomization.yaml patches`, entry, PATCH_FIELDS);
    if (entry.target) refuseUnknown(`${path.relative(ROOT, dir)}/kustomization.yaml patch target`, entry.target, TARGET_FIELDS);
    const where = entry.path ? path.relative(ROOT, path.join(dir, entry.path)) : `${path.relative(ROOT, dir)}/kustomization.yaml (inline patch)`;
    const text = entry.path ? fs.readFileSync(path.join(dir, entry.path), 'utf8') : String(entry.patch ?? '');
    const patches = parseDocs(text, where);
    if (patches.some((p) => Array.isArray(p))) throw new UnsupportedKustomization(`${where}: JSON6902 patches are not supported`);
    if (entry.target && patches.length !== 1) throw new UnsupportedKustomization(`${where}: a patch with a target must be one document`);
    for (const p of patches) {
      const target = entry.target ?? { kind: p.kind, name: p.metadata?.name, group: groupOf(String(p.apiVersion ?? '')) };
      const nameRe = target.name === undefined ? undefined : new RegExp(`^(?:${target.name})$`);
      const matches = (d: Obj) =>
        (target.kind === undefined || d.kind === target.kind) &&
        (nameRe === undefined || nameRe.test(d.metadata?.name)) &&
        (target.group === undefined || groupOf(d.apiVersion) === target.group) &&
        (target.version === undefined || versionOf(d.apiVersion) === target.version);
      const hits = out.filter(matches);
      if (hits.length === 0 || (!entry.target && hits.length > 1)) throw new Error(`${where}: ${hits.length} objects match ${JSON.stringify(target)}`);
      if (p.$patch === 'delete') {
        const rest = Object.keys(p).filter((k) => !['apiVersion', 'kind', 'metadata', '$patch'].includes(k));
        if (rest.length) throw new UnsupportedKustomization(`${where}: a delete patch with ${rest.join(', ')}`);
        out = out.filter((d) => !matches(d));
        continue;
      }
      for (const hit of hits) {
        if (!MERGEABLE_KINDS.has(hit.kind)) throw new UnsupportedKustomization(`${where}: strategic merge into a ${hit.kind} is not supported`);
        // A targeted patch's own name is a placeholder: the target's stays.
        const merged = strategicMerge(hit, { ...p, metadata: { ...(p.metadata ?? {}), name: hit.metadata.name } }) as Obj;
        out = out.map((d) => (d === hit ? merged : d));
      }
    }
  }
  return out;
}

function at(obj: Obj, keys: string[]): Obj | undefined {
  let o: Obj | undefined = obj;
  for (const k of keys) o = o?.[k];
  return o;
}

function setImage(container: Obj, images: Obj[]): void {
  const ref = String(container.image ?? '');
  const m = /^(.*?)(?::([^:/@]+))?(?:@(.+))?$/.exec(ref)!;
  const image = images.find((i) => i.name === m[1]);
  if (!image) return;
  const name = image.newName ?? m[1];
  if (image.digest) container.image = `${name}@${image.digest}`;
  else if (image.newTag) container.image = `${name}:${image.newTag}`;
  else container.image = `${name}${m[2] ? `:${m[2]}` : ''}${m[3] ? `@${m[3]}` : ''}`;
}

/** The objects `kustomize build dir` gives (order aside). */
export function render(dir: string): Obj[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = loadYaml(file)[0];
  const where = path.relative(ROOT, file);
  refuseUnknown(where, k, KUSTOMIZATION_FIELDS);
  let docs: Obj[] = (k.resources ?? []).flatMap((r: string) => {
    if (/^[a-z]+:\/\//i.test(r)) throw new UnsupportedKustomization(`${where}: remote resource ${r}`);
    const p = path.resolve(dir, r);
    return fs.statSync(p).isDirectory() ? render(p) : loadYaml(p);
  });
  docs = applyPatches(dir, docs, k.patches ?? []);
  docs = docs.map((d) => structuredClone(d));
  if (k.namespace) for (const d of docs) if (!CLUSTER_SCOPED.has(d.kind)) d.metadata = { ...d.metadata, namespace: k.namespace };
  for (const l of k.labels ?? []) {
    refuseUnknown(`${where} labels`, l, LABEL_FIELDS);
    if (l.includeSelectors) throw new UnsupportedKustomization(`${where}: labels with includeSelectors are not supported`);
    for (const d of docs) {
      d.metadata = { ...d.metadata, labels: { ...(d.metadata?.labels ?? {}), ...l.pairs } };
      if (l.includeTemplates)
        for (const p of TEMPLATE_PATHS[d.kind] ?? []) {
          const t = at(d, p);
          if (t) t.metadata = { ...(t.metadata ?? {}), labels: { ...(t.metadata?.labels ?? {}), ...l.pairs } };
        }
    }
  }
  for (const i of k.images ?? []) refuseUnknown(`${where} images`, i, IMAGE_FIELDS);
  if (k.images?.length)
    for (const d of docs)
      for (const p of TEMPLATE_PATHS[d.kind] ?? []) {
        const spec = at(d, [...p, 'spec']);
        for (const c of [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])]) setImage(c, k.images);
      }
  return docs;
}

/**
 * A kubeconfig that reaches no server: one cluster at port 0 of the loopback address, where nothing
 * can listen, and no credentials. An empty kubeconfig would not do: kubectl then defaults to
 * http://localhost:8080, and a kubectl that dispatches on the server's version (gcloud's) asks that
 * server for `/version` before any command, `kustomize` and `version --client` included.
 */
const NO_SERVER_KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
  - name: none
    cluster:
      server: https://127.0.0.1:0
contexts:
  - name: none
    context:
      cluster: none
current-context: none
`;

/**
 * Runs kubectl on a kubeconfig of its own (above; never the user's) and a cache folder of its own,
 * both in a temporary folder removed afterwards, without the variables that would point it at a
 * cluster (KUBERNETES_MASTER, the in-cluster KUBERNETES_SERVICE_HOST/PORT).
 */
function runKubectl(args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-kubectl-'));
  try {
    const kubeconfig = path.join(dir, 'kubeconfig');
    fs.writeFileSync(kubeconfig, NO_SERVER_KUBECONFIG);
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(KUBECONFIG|KUBERNETES_MASTER|KUBERNETES_SERVICE_HOST|KUBERNETES_SERVICE_PORT)$/.test(name)));
    return spawnSync('kubectl', [`--kubeconfig=${kubeconfig}`, `--cache-dir=${path.join(dir, 'cache')}`, ...args], {
      encoding: 'utf8',
      env: { ...env, KUBECONFIG: kubeconfig },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The kustomize inside kubectl when it is 5 or later (older ones, such as Debian's kubectl 1.20 with
 * kustomize 2, predate `labels` and targeted patches); undefined when there is none.
 */
export function kubectlKustomizeVersion(): string | undefined {
  const r = runKubectl(['version', '--client', '-o', 'json']);
  if (r.error || r.status !== 0) return undefined;
  const version = (JSON.parse(r.stdout) as { kustomizeVersion?: string }).kustomizeVersion;
  return version && Number(/^v?(\d+)/.exec(version)?.[1]) >= 5 ? version : undefined;
}

/** `kubectl kustomize dir`, or undefined when no kubectl with kustomize 5 is installed. */
export function kubectlKustomize(dir: string): Obj[] | undefined {
  if (!kubectlKustomizeVersion()) return undefined;
  const r = runKubectl(['kustomize', dir]);
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  return parseDocs(r.stdout, `kubectl kustomize ${dir}`);
}

/** Every kustomization of k8s/, by its folder relative to k8s/. */
export const K8S_DIR = path.join(ROOT, 'k8s');
export const KUSTOMIZATIONS = ['base', 'overlays/dev', 'overlays/production', 'overlays/index-seed'] as const;
export type KustomizationName = (typeof KUSTOMIZATIONS)[number];
export const kustomizationDir = (name: KustomizationName) => path.join(K8S_DIR, name);
