/**
 * Every kustomization of k8s/ (base, overlays/dev, overlays/production) renders offline, and every
 * object it renders is valid against the Kubernetes API schemas (and KEDA's and the Prometheus
 * Operator's CRDs) — what `kubectl apply` would refuse fails here first. The renderer is the small
 * one of kustomize.ts; where kubectl is installed it must agree with `kubectl kustomize`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Obj } from './deploy-files';
import { schemaProblems, type Named } from './k8s-schema';
import { KUSTOMIZATIONS, kubectlKustomize, kustomizationDir, render, strategicMerge, UnsupportedKustomization } from './kustomize';

const rendered = Object.fromEntries(KUSTOMIZATIONS.map((k) => [k, render(kustomizationDir(k))])) as Record<(typeof KUSTOMIZATIONS)[number], Obj[]>;
const named = (k: string, docs: Obj[]): Named[] => docs.map((doc) => ({ name: `${k}: ${doc.kind}/${doc.metadata?.name}`, doc }));

/** A valid Deployment, for the tests that break one on purpose. */
const deployment = (): Obj => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'broken' },
  spec: {
    selector: { matchLabels: { app: 'x' } },
    template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'gx', image: 'gx-search:1', ports: [{ name: 'http', containerPort: 8090 }] }] } },
  },
});

describe('the schema check', () => {
  it('accepts a valid Deployment', async () => {
    expect(await schemaProblems([{ name: 'ok', doc: deployment() }])).toEqual([]);
  });

  it.each<[string, (d: Obj) => void, RegExp]>([
    ['a field the API does not have (a typo)', (d) => (d.spec.replica = 2), /'"replica"' does not exist in type 'IDeploymentSpec'/],
    ['a misspelt container field', (d) => (d.spec.template.spec.containers[0].imagePullPolcy = 'Always'), /imagePullPolcy/],
    ['a wrong type', (d) => (d.spec.template.spec.containers[0].ports[0].containerPort = '8090'), /containerPort must be integer/],
    ['a missing required field', (d) => delete d.spec.template.spec.containers, /spec\/template\/spec must have required property containers/],
    ['a value outside its enum', (d) => (d.spec.template.spec.containers[0].imagePullPolicy = 'Sometimes'), /imagePullPolicy must be equal to one of the allowed values/],
  ])('rejects %s', async (_what, breakIt, message) => {
    const doc = deployment();
    breakIt(doc);
    const problems = await schemaProblems([{ name: 'broken', doc }]);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(message);
  });

  it('rejects a custom resource with a wrong field (KEDA ScaledObject) and an unknown kind', async () => {
    const scaledObject = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'x' }, spec: { scaleTargetRef: { name: 'x' }, minReplicas: 2, triggers: [] } };
    const unknown = { apiVersion: 'example.org/v1', kind: 'Widget', metadata: { name: 'w' } };
    const problems = await schemaProblems([
      { name: 'scaledObject', doc: scaledObject },
      { name: 'widget', doc: unknown },
    ]);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^scaledObject: .*minReplicas/), 'widget: no schema for apiVersion example.org/v1, kind Widget']));
  });
});

describe.each(KUSTOMIZATIONS)('k8s/%s', (k) => {
  const docs = rendered[k];

  it('renders, and every object is valid against the Kubernetes API schemas', async () => {
    expect(docs.length).toBeGreaterThan(10);
    expect(await schemaProblems(named(k, docs))).toEqual([]);
  }, 60_000);

  it('has each object once, every namespaced one in the namespace gx-search', () => {
    const ids = docs.map((d) => `${d.kind}/${d.metadata?.name}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(docs.filter((d) => d.kind !== 'Namespace' && d.metadata?.namespace !== 'gx-search').map((d) => `${d.kind}/${d.metadata?.name}`)).toEqual([]);
  });

  it("every workload's image is the kustomization's (Deployments and the Job templates alike)", () => {
    const kustomization = fs.readFileSync(path.join(kustomizationDir(k), 'kustomization.yaml'), 'utf8');
    const newName = /newName:\s*(\S+)/.exec(kustomization)?.[1];
    const newTag = /newTag:\s*(\S+)/.exec(kustomization)?.[1];
    const images = docs.flatMap((d) => {
      const spec = d.kind === 'CronJob' ? d.spec.jobTemplate.spec.template.spec : d.spec?.template?.spec;
      return (spec?.containers ?? []).map((c: Obj) => `${d.kind}/${d.metadata.name}: ${c.image}`);
    });
    expect(images.length).toBeGreaterThan(5);
    expect(images.filter((i) => !i.endsWith(`: ${newName}:${newTag}`))).toEqual([]);
  });
});

describe('the renderer', () => {
  it('follows `images:` into CronJob templates: a new tag reaches the reindex and migrate Jobs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-kustomize-'));
    try {
      fs.writeFileSync(path.join(dir, 'kustomization.yaml'), `resources: [${JSON.stringify(path.relative(dir, kustomizationDir('overlays/production')))}]\nimages:\n  - name: gx-search\n    newName: registry.example.org/gx-search\n    newTag: "1.2.3"\n`);
      const docs = render(dir);
      const cronJobs = docs.filter((d) => d.kind === 'CronJob').map((d) => [d.metadata.name, d.spec.jobTemplate.spec.template.spec.containers[0].image]);
      expect(cronJobs.sort()).toEqual([
        ['gx-migrate', 'registry.example.org/gx-search:1.2.3'],
        ['gx-reindex', 'registry.example.org/gx-search:1.2.3'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('merges lists by their merge key and replaces the rest', () => {
    const merged = strategicMerge(
      { spec: { containers: [{ name: 'gx', env: [{ name: 'A', value: '1' }], args: ['x'] }], volumes: [{ name: 'data', emptyDir: { sizeLimit: '1Mi' } }] } },
      { spec: { containers: [{ name: 'gx', env: [{ name: 'B', value: '2' }], args: ['y'] }], volumes: [{ name: 'data', emptyDir: { sizeLimit: '2Mi' } }] } },
    ) as Obj;
    expect(merged.spec.containers).toEqual([{ name: 'gx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], args: ['y'] }]);
    expect(merged.spec.volumes).toEqual([{ name: 'data', emptyDir: { sizeLimit: '2Mi' } }]);
  });

  it.each<[string, string, Record<string, string>]>([
    ['a kustomization field it does not know', 'configMapGenerator:\n  - name: x\n    literals: [A=1]\n', {}],
    ['components', 'components: [../c]\n', {}],
    ['a JSON6902 patch', 'patches:\n  - path: p.yaml\n    target: { kind: ConfigMap, name: gx-config }\n', { 'p.yaml': '- op: add\n  path: /data/A\n  value: "1"\n' }],
    ['a `$patch: replace` directive', 'patches:\n  - path: p.yaml\n', { 'p.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: gx-config }\ndata:\n  $patch: replace\n  A: "1"\n' }],
    ['a list it does not know the merge key of', 'patches:\n  - path: p.yaml\n', { 'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: gateway }\nspec:\n  template:\n    spec:\n      hostAliases: [{ ip: 10.0.0.1, hostnames: [x] }]\n' }],
    ['labels with includeSelectors', 'labels:\n  - pairs: { a: b }\n    includeSelectors: true\n', {}],
  ])('refuses %s instead of rendering it wrong', (_what, extra, files) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gx-kustomize-'));
    try {
      fs.writeFileSync(path.join(dir, 'kustomization.yaml'), `resources: [${JSON.stringify(path.relative(dir, kustomizationDir('base')))}]\n${extra}`);
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
      expect(() => render(dir)).toThrow(UnsupportedKustomization);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Lists merged by key come out in another order from kustomize (patched items first): no meaning.
  const normalise = (docs: Obj[]): Obj[] => {
    const sortLists = (v: unknown, key?: string): unknown => {
      if (Array.isArray(v)) {
        const items = v.map((i) => sortLists(i));
        const by = { containers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath' }[key ?? ''];
        return by ? [...items].sort((a, b) => String((a as Obj)[by]).localeCompare(String((b as Obj)[by]))) : items;
      }
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sortLists(x, k)]));
      return v;
    };
    return docs.map((d) => sortLists(d) as Obj).sort((a, b) => `${a.kind}/${a.metadata?.name}`.localeCompare(`${b.kind}/${b.metadata?.name}`));
  };
  const kubectl = Object.fromEntries(KUSTOMIZATIONS.map((k) => [k, kubectlKustomize(kustomizationDir(k))]));
  describe.each(KUSTOMIZATIONS)('k8s/%s', (k) => {
    (kubectl[k] ? it : it.skip)('renders exactly as `kubectl kustomize` does (when kubectl is installed)', () => {
      expect(normalise(rendered[k])).toEqual(normalise(kubectl[k]!));
    });
  });
});
