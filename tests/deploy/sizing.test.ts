/**
 * Memory and /data limits against the sizing formula (k8s/README.md, "Sizing"): the base and the dev
 * overlay run the search engines embedded in each pod, so their limits must grow with the corpus
 * they state they are sized for; the production overlay's pods keep no index (overlays.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_COUNT } from '../../modules/papers/demo/demo-papers';
import { kustomizationDir } from './kustomize';
import { bytes, containersOf, dataVolumeLimit, enginesOf, envOf, KiB, MiB, plainValues, renderedKustomization, targetOf, type Engines } from './k8s-rendered';

/**
 * What one replica needs, by which engines run embedded in it (k8s/README.md, "Sizing"). Measured
 * with `gx start --target public-search | semantic-search` on 5,000–30,000 papers (papers.jsonl plus
 * generated ones), VmHWM including the first build, the snapshot save at stop and the reopen:
 *   process alone (events-keys)           113 MiB at any corpus size
 *   + embedded keyword index              ~10.3 KiB a paper  (public-search 185 → 436 MiB, 5k → 30k)
 *   + embedded vector index (1,024 dims)  ~15 KiB a paper    (semantic-search peak 286 → 907 MiB)
 *   vector snapshot on disk               8,408 bytes a paper (240.55 MiB at 30,000), two during a save
 *   keyword index files on disk           ~6.1 KiB a paper (1,828 MB at 300,000, issue 21's scaling
 *                                         bench), two sets during a rebuild
 * The constants below round those up; the manifests state the same ones.
 */
const SIZING = {
  memory: { fixed: 192 * MiB, keywordPerPaper: 12 * KiB, vectorPerPaper: 16 * KiB },
  data: { fixed: 16 * MiB, keywordPerPaper: 12.5 * KiB, vectorPerPaper: 16.5 * KiB },
};

const memoryNeed = (papers: number, e: Engines) =>
  SIZING.memory.fixed + papers * ((e.keyword ? SIZING.memory.keywordPerPaper : 0) + (e.vector ? SIZING.memory.vectorPerPaper : 0));
const dataNeed = (papers: number, e: Engines) =>
  SIZING.data.fixed + papers * ((e.keyword ? SIZING.data.keywordPerPaper : 0) + (e.vector ? SIZING.data.vectorPerPaper : 0));
const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

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

/** The pods of a rendered kustomization that keep an index copy, with their engines. */
function sizedPods(name: 'base' | 'overlays/dev') {
  const r = renderedKustomization(name);
  return r.deployments.flatMap((d) =>
    containersOf(d).flatMap((c) => {
      const target = targetOf(c)!;
      const engines = enginesOf(target, envOf(r, c));
      return engines.keyword || engines.vector ? [[target, d, c, engines] as const] : [];
    }),
  );
}

/** The memory limit and /data sizeLimit of a container satisfy the formula for `papers`. */
function expectSized(name: 'base' | 'overlays/dev', target: string, d: Parameters<typeof dataVolumeLimit>[0], c: Parameters<typeof dataVolumeLimit>[1], engines: Engines, papers: number) {
  const limit = bytes(c.resources.limits.memory);
  expect({ target, papers, limit: mib(limit), enough: limit >= memoryNeed(papers, engines) }).toEqual({ target, papers, limit: mib(limit), enough: true });
  expect(bytes(c.resources.requests.memory)).toBeLessThanOrEqual(limit);
  const dataDir = plainValues(envOf(renderedKustomization(name), c)).DATA_DIR;
  expect(dataDir).toBeTruthy();
  const data = dataVolumeLimit(d, c, dataDir);
  expect({ target, papers, data: data && mib(data), enough: data !== undefined && data >= dataNeed(papers, engines) }).toEqual({ target, papers, data: data && mib(data), enough: true });
}

describe('the sizing formula', () => {
  const formulaDoc = fs.readFileSync(path.join(kustomizationDir('base'), '..', 'README.md'), 'utf8');

  it('k8s/README.md states the formula with the constants used here', () => {
    const c = (n: number) => String(n / KiB);
    expect(formulaDoc).toContain(`${SIZING.memory.fixed / MiB} MiB`);
    for (const perPaper of [SIZING.memory.keywordPerPaper, SIZING.memory.vectorPerPaper, SIZING.data.keywordPerPaper, SIZING.data.vectorPerPaper]) expect(formulaDoc).toContain(`${c(perPaper)} KiB`);
  });

  it('the formula covers the measured figures it was derived from', () => {
    // VmHWM / snapshot size measured for docs/sizing.md (see the SIZING comment), in MiB.
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
});

describe('sizing of k8s/base (embedded engines)', () => {
  const sized = sizedPods('base');

  it('the targets with an embedded index are public-search (keyword) and semantic-search (keyword + vector)', () => {
    expect(Object.fromEntries(sized.map(([t, , , e]) => [t, e]))).toEqual(
      expect.objectContaining({ 'public-search': { keyword: true, vector: false }, 'semantic-search': { keyword: true, vector: true } }),
    );
  });

  describe.each(sized)('%s', (target, d, c, engines) => {
    const stated = statedSizing(fs.readFileSync(path.join(kustomizationDir('base'), `${target}.yaml`), 'utf8'));

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
      expectSized('base', target, d, c, engines, stated.papers!);
    });
  });
});

describe('sizing of k8s/overlays/dev (embedded engines, small limits)', () => {
  const stated = statedSizing(fs.readFileSync(path.join(kustomizationDir('overlays/dev'), 'resources-patch.yaml'), 'utf8'));
  const dev = renderedKustomization('overlays/dev');

  it('states the corpus size it is sized for: at least the demo corpus it seeds', () => {
    expect(stated.papers).toBeGreaterThanOrEqual(DEFAULT_DEMO_COUNT);
  });

  it.each(sizedPods('overlays/dev'))('%s: memory limit and /data sizeLimit satisfy the formula for that corpus', (target, d, c, engines) => {
    expectSized('overlays/dev', target, d, c, engines, stated.papers!);
  });

  it('every other pod has at least the process term (192 MiB, 16 MiB of /data)', () => {
    for (const d of dev.deployments)
      for (const c of containersOf(d)) {
        expect({ target: targetOf(c), enough: bytes(c.resources.limits.memory) >= SIZING.memory.fixed }).toEqual({ target: targetOf(c), enough: true });
        const data = dataVolumeLimit(d, c, plainValues(envOf(dev, c)).DATA_DIR);
        expect({ target: targetOf(c), enough: data !== undefined && data >= SIZING.data.fixed }).toEqual({ target: targetOf(c), enough: true });
      }
  });
});

describe('sizing of k8s/overlays/index-seed (the keyword index seed)', () => {
  const seeded = renderedKustomization('overlays/index-seed');
  const dir = kustomizationDir('overlays/index-seed');
  const publisher = seeded.deployments.find((d) => d.metadata.name === 'keyword-index-seed')!;
  const stated = statedSizing(fs.readFileSync(path.join(dir, 'keyword-index-seed.yaml'), 'utf8'));
  const volume = fs.readFileSync(path.join(dir, 'index-seed-volume.yaml'), 'utf8');

  it('the publisher states the keyword formula and satisfies it, for at least the corpus the base is sized for', () => {
    const base = statedSizing(fs.readFileSync(path.join(kustomizationDir('base'), 'public-search.yaml'), 'utf8'));
    expect(stated.papers).toBeGreaterThanOrEqual(base.papers!);
    expect(stated.memory).toEqual({ fixed: SIZING.memory.fixed, perPaper: SIZING.memory.keywordPerPaper });
    expect(stated.data).toEqual({ fixed: SIZING.data.fixed, perPaper: SIZING.data.keywordPerPaper });
    const c = containersOf(publisher)[0];
    const memory = bytes(c.resources.limits.memory);
    expect(memory).toBeGreaterThanOrEqual(memoryNeed(stated.papers!, { keyword: true, vector: false }));
    expect(dataVolumeLimit(publisher, c, plainValues(envOf(seeded, c)).DATA_DIR)!).toBeGreaterThanOrEqual(dataNeed(stated.papers!, { keyword: true, vector: false }));
  });

  it('the seed volume holds two publications of the corpus it states (the keyword files term of /data)', () => {
    const formula = /^#\s*seed volume\s*>=\s*([\d.]+)\s*MiB\s*\+\s*([\d.]+)\s*KiB\s*x\s*papers\s*$/m.exec(volume);
    expect(formula && { fixed: Number(formula[1]) * MiB, perPaper: Number(formula[2]) * KiB }).toEqual({ fixed: SIZING.data.fixed, perPaper: SIZING.data.keywordPerPaper });
    const papers = Number(/^#\s*Sized for:\s*([\d,_]+)\s*papers/m.exec(volume)![1]!.replace(/[,_]/g, ''));
    expect(papers).toBeGreaterThanOrEqual(stated.papers!);
    const claim = seeded.docs.find((d) => d.kind === 'PersistentVolumeClaim')!;
    expect(bytes(claim.spec.resources.requests.storage)).toBeGreaterThanOrEqual(dataNeed(papers, { keyword: true, vector: false }));
  });
});

describe('sizing of k8s/overlays/production (shared engines)', () => {
  const production = renderedKustomization('overlays/production');

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
