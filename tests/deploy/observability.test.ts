/**
 * infra/observability: the alert rules, the Grafana dashboard and provisioning, Prometheus' scrape
 * configuration and the OpenTelemetry collector, against each other, against docker-compose.yml
 * and against the metrics the gx processes expose (metric-names.ts):
 *
 * - every rule is complete (expr, for, severity, summary, description) and its runbook_url leads
 *   to a subsection of docs/runbooks.md "Runbooks" (and every subsection there to a rule);
 * - every metric, label and closed label value an expression uses exists;
 * - the dashboard is a well-formed Grafana dashboard on the provisioned Prometheus datasource and
 *   shows every gx metric;
 * - Prometheus scrapes every gx service of compose on its METRICS_PORT and loads the rules;
 * - compose mounts each of these files where its program reads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { commandOf, composeServices as svcs, envOf, flagValue, gxServices, mountsOf, targetIn } from './compose-file';
import { loadYaml, ROOT, type Obj } from './deploy-files';
import { GX_METRICS, processMetrics, seriesNames, TARGET_LABELS } from './metric-names';

const OBS = path.join(ROOT, 'infra', 'observability');
const RULES_FILE = path.join(OBS, 'alert-rules.yml');
const PROMETHEUS_FILE = path.join(OBS, 'prometheus.yml');
const COLLECTOR_FILE = path.join(OBS, 'otel-collector.yaml');
const GRAFANA_DIR = path.join(OBS, 'grafana');
const DASHBOARD_FILE = path.join(GRAFANA_DIR, 'dashboards', 'gx-overview.json');
const RUNBOOKS = fs.readFileSync(path.join(ROOT, 'docs', 'runbooks.md'), 'utf8');

const REQUIRED_ALERTS = [
  'GxTargetDown',
  'GxHighErrorRate',
  'GxHighLatency',
  'GxIndexLagging',
  'GxIndexDeadLetters',
  'GxIngestQueueBacklog',
  'GxIngestRunsFailing',
  'GxEmbedderErrors',
  'GxPostgresPoolSaturated',
];

const rules: Obj = loadYaml(RULES_FILE)[0];
const alerts: Obj[] = (rules.groups ?? []).flatMap((g: Obj) => g.rules ?? []).filter((r: Obj) => r.alert);
const prometheus: Obj = loadYaml(PROMETHEUS_FILE)[0];
const collector: Obj = loadYaml(COLLECTOR_FILE)[0];
const dashboard: Obj = JSON.parse(fs.readFileSync(DASHBOARD_FILE, 'utf8'));
const provisioning = path.join(GRAFANA_DIR, 'provisioning');
const yamlIn = (dir: string) => fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).flatMap((f) => loadYaml(path.join(dir, f)));
const datasources: Obj[] = yamlIn(path.join(provisioning, 'datasources')).flatMap((d) => d.datasources ?? []);
const dashboardProviders: Obj[] = yamlIn(path.join(provisioning, 'dashboards')).flatMap((d) => d.providers ?? []);

const KNOWN = seriesNames({ ...GX_METRICS, ...processMetrics() });
const isDuration = (d: unknown) => typeof d === 'string' && /^(\d+(ms|s|m|h|d|w|y))+$/.test(d);

// ------------------------------------------------------------------ PromQL --

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The `###` headings of one `##` section of docs/runbooks.md. */
function subsections(section: string): string[] {
  const lines = RUNBOOKS.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${section}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => /^### /.test(l)).map((l) => l.slice(4).trim());
}

interface Selector {
  name: string;
  matchers: { label: string; op: string; value: string }[];
}

/** The metric selectors of an expression (`name{label="v", ...}` or a bare name), strings and durations aside. */
function selectors(expr: string): Selector[] {
  const out: Selector[] = [];
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, (m) => m.replace(/[a-z_]/gi, 'x'));
  const re = /\b([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?/g;
  for (let m = re.exec(expr); m; m = re.exec(expr)) {
    const name = m[1];
    // Names inside strings were masked in the copy; skip what is not a metric there.
    if (withoutStrings.slice(m.index, m.index + name.length) !== name) continue;
    if (!/^(gx_|http_server_|up$)/.test(name)) continue;
    const matchers = [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)].map((x) => ({ label: x[1], op: x[2], value: x[3] }));
    out.push({ name, matchers });
  }
  return out;
}

/** Labels named in `by (...)` / `without (...)` / `on (...)` / `ignoring (...)` clauses. */
const groupingLabels = (expr: string) => [...expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) => m[1].split(',').map((l) => l.trim()).filter(Boolean));

/** Problems of one expression: unknown metrics, labels or closed label values, unbalanced brackets. */
function problems(expr: string, grafana = false): string[] {
  const out: string[] = [];
  const text = grafana ? expr.replace(/\$__rate_interval|\$__interval|\$service/g, '5m') : expr;
  for (const [open, close] of ['()', '{}', '[]']) {
    const bare = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (bare.split(open).length !== bare.split(close).length) out.push(`unbalanced ${open}${close}`);
  }
  const found = selectors(text);
  if (!found.length) out.push('uses no gx metric');
  const labelsHere = new Set<string>(['le']);
  for (const sel of found) {
    if (sel.name === 'up') {
      TARGET_LABELS.forEach((l) => labelsHere.add(l));
      continue;
    }
    const known = KNOWN.get(sel.name);
    if (!known) {
      out.push(`unknown metric ${sel.name}`);
      continue;
    }
    known.labels.forEach((l) => labelsHere.add(l));
    for (const m of sel.matchers) {
      if (!known.labels.includes(m.label)) out.push(`${sel.name} has no label ${m.label}`);
      const values = known.def.labels[m.label];
      if (!values || m.label === 'job') continue;
      const wanted = m.op === '=' || m.op === '!=' ? [m.value] : /^[a-z_|]+$/.test(m.value) ? m.value.split('|') : [];
      for (const v of wanted) if (!values.includes(v)) out.push(`${sel.name}{${m.label}} is never "${v}" (one of ${values.join(', ')})`);
    }
    // Prometheus' job for the gx processes.
    for (const m of sel.matchers) if (m.label === 'job' && m.op === '=' && m.value !== 'gx') out.push(`${sel.name}: job is "gx", not "${m.value}"`);
  }
  for (const l of groupingLabels(text)) if (!labelsHere.has(l)) out.push(`grouping by ${l}, which no metric of the expression has`);
  return out;
}

// ------------------------------------------------------------------ tests --

describe('the expression checker', () => {
  it('flags unknown metrics, labels, label values and groupings, and accepts good expressions', () => {
    expect(problems('sum by (service) (rate(http_server_request_duration_seconds_count{job="gx", http_response_status_code=~"5.."}[5m]))')).toEqual([]);
    expect(problems('gx_ingest_queue_jobs{state="waitng"} > 1')).toEqual([expect.stringContaining('never "waitng"')]);
    expect(problems('rate(gx_no_such_metric_total[5m])')).toEqual([expect.stringContaining('unknown metric')]);
    expect(problems('gx_db_pool_max{pool="main"}')).toEqual([expect.stringContaining('no label pool')]);
    expect(problems('sum by (route) (gx_db_pool_max)')).toEqual([expect.stringContaining('grouping by route')]);
    expect(problems('sum(gx_db_pool_max')).toEqual([expect.stringContaining('unbalanced')]);
  });
});

/** Metrics the code defines with shared/telemetry/metrics.ts' `counter`, `gauge` and `histogram`: name, type, labels. */
function definedInCode(): Map<string, { type: string; labels: string[]; file: string }> {
  const out = new Map<string, { type: string; labels: string[]; file: string }>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
    });
  for (const file of ['shared', 'modules', 'services'].flatMap((d) => walk(path.join(ROOT, d)))) {
    const text = fs.readFileSync(file, 'utf8');
    const re = /\b(counter|gauge|histogram)\(\s*'([a-z_:][a-z0-9_:]*)'\s*,\s*(?:'(?:[^'\\]|\\.)*'|`[^`]*`)\s*,\s*\[([^\]]*)\]/g;
    for (const m of text.matchAll(re))
      out.set(m[2], { type: m[1], labels: [...m[3].matchAll(/'([^']+)'/g)].map((l) => l[1]).sort(), file: path.relative(ROOT, file) });
  }
  return out;
}

describe('the metric list (metric-names.ts)', () => {
  it('is what the code defines: every listed metric with its type and labels, and every gx metric of the code listed', () => {
    const code = definedInCode();
    expect(code.size).toBeGreaterThan(0);
    for (const [name, def] of Object.entries(GX_METRICS))
      expect({ name, inCode: code.has(name) ? { type: code.get(name)!.type, labels: code.get(name)!.labels } : 'not defined' }).toEqual({
        name,
        inCode: { type: def.type, labels: Object.keys(def.labels).sort() },
      });
    expect([...code.keys()].filter((n) => !(n in GX_METRICS))).toEqual([]);
  });

  it("includes prom-client's process metrics under the registry's prefix", () => {
    const names = Object.keys(processMetrics());
    expect(names.some((n) => n.endsWith('process_resident_memory_bytes'))).toBe(true);
    expect(names.some((n) => n.endsWith('process_cpu_seconds_total'))).toBe(true);
  });
});

describe('alert rules (infra/observability/alert-rules.yml)', () => {
  it('has the alerts operators need, each once', () => {
    const names = alerts.map((a) => a.alert);
    expect(names).toEqual(expect.arrayContaining(REQUIRED_ALERTS));
    expect(names.length).toBe(new Set(names).size);
    for (const g of rules.groups) expect({ group: g.name, rules: (g.rules ?? []).length > 0 }).toEqual({ group: expect.any(String), rules: true });
  });

  it.each(alerts.map((a) => [a.alert as string, a] as const))('%s has an expression, a duration, a severity, a summary, a description and a runbook', (_name, a) => {
    expect(typeof a.expr).toBe('string');
    expect(isDuration(a.for)).toBe(true);
    expect(['critical', 'warning', 'info']).toContain(a.labels?.severity);
    for (const key of ['summary', 'description', 'runbook_url']) expect({ key, value: typeof a.annotations?.[key] === 'string' && a.annotations[key].length > 0 }).toEqual({ key, value: true });
    expect(problems(a.expr)).toEqual([]);
  });

  it('every runbook_url leads to a subsection of docs/runbooks.md "Runbooks", and every subsection there has its alert', () => {
    const headings = subsections('Runbooks');
    expect(headings.length).toBeGreaterThan(0);
    const anchors = new Map(headings.map((h) => [slug(h), h]));
    for (const a of alerts) {
      const m = /^docs\/runbooks\.md#(.+)$/.exec(a.annotations?.runbook_url ?? '');
      expect({ alert: a.alert, url: a.annotations?.runbook_url, anchor: Boolean(m && anchors.has(m[1])) }).toEqual({ alert: a.alert, url: a.annotations?.runbook_url, anchor: true });
    }
    const linked = new Set(alerts.map((a) => a.annotations.runbook_url.split('#')[1]));
    expect(headings.filter((h) => !linked.has(slug(h)))).toEqual([]);
  });
});

describe('Grafana (infra/observability/grafana)', () => {
  const prometheusDs = datasources.find((d) => d.type === 'prometheus');
  const allPanels: Obj[] = (dashboard.panels ?? []).flatMap((p: Obj) => [p, ...(p.panels ?? [])]);
  const graphPanels = allPanels.filter((p) => p.type !== 'row');

  it('provisions a Prometheus datasource that points at the compose prometheus service, and a trace datasource at Jaeger', () => {
    expect(prometheusDs?.uid).toBeTruthy();
    const url = new URL(prometheusDs!.url);
    expect(svcs[url.hostname]?.image).toMatch(/^prom\/prometheus:/);
    expect(flagValue(commandOf(svcs[url.hostname]), '--web.listen-address') ?? ':9090').toBe(`:${url.port}`);
    const jaeger = datasources.find((d) => d.type === 'jaeger');
    expect(svcs[new URL(jaeger!.url).hostname]?.image).toMatch(/^jaegertracing\/jaeger:/);
    expect(new Set(datasources.map((d) => d.uid)).size).toBe(datasources.length);
  });

  it('the dashboard is well formed: uid and title, panels with positions inside the grid, unique ids, no overlaps', () => {
    expect(dashboard.uid).toBe('gx-overview');
    expect(dashboard.title).toBeTruthy();
    expect(graphPanels.length).toBeGreaterThanOrEqual(10);
    const ids = allPanels.map((p) => p.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const boxes = allPanels.map((p) => ({ id: p.id, ...p.gridPos }));
    for (const b of boxes) {
      expect({ id: b.id, inside: b.x >= 0 && b.w > 0 && b.h > 0 && b.x + b.w <= 24 && b.y >= 0 }).toEqual({ id: b.id, inside: true });
      for (const o of boxes)
        if (o.id !== b.id) {
          const overlap = b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h;
          expect({ a: b.id, b: o.id, overlap }).toEqual({ a: b.id, b: o.id, overlap: false });
        }
    }
  });

  it('every panel queries the provisioned Prometheus datasource by uid, with known metrics, labels and values', () => {
    for (const p of graphPanels) {
      expect({ panel: p.title, datasource: p.datasource?.uid }).toEqual({ panel: p.title, datasource: prometheusDs!.uid });
      expect({ panel: p.title, targets: (p.targets ?? []).length > 0 }).toEqual({ panel: p.title, targets: true });
      const refIds = p.targets.map((t: Obj) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
      for (const t of p.targets) {
        expect({ panel: p.title, ref: t.refId, datasource: t.datasource?.uid ?? p.datasource.uid }).toEqual({ panel: p.title, ref: t.refId, datasource: prometheusDs!.uid });
        expect({ panel: p.title, ref: t.refId, problems: problems(t.expr, true) }).toEqual({ panel: p.title, ref: t.refId, problems: [] });
      }
    }
    for (const v of dashboard.templating?.list ?? []) if (v.datasource) expect(v.datasource.uid).toBe(prometheusDs!.uid);
  });

  it('the dashboard shows every gx metric, and process memory and CPU', () => {
    const used = new Set(graphPanels.flatMap((p) => p.targets.flatMap((t: Obj) => selectors(String(t.expr).replace(/\$\w+/g, '5m')).map((s) => KNOWN.get(s.name)?.metric ?? s.name))));
    expect(Object.keys(GX_METRICS).filter((m) => !used.has(m))).toEqual([]);
    const process = [...used].filter((m) => m.startsWith('gx_process_'));
    expect(process.some((m) => /resident_memory_bytes$/.test(m))).toBe(true);
    expect(process.some((m) => /cpu_seconds_total$/.test(m))).toBe(true);
  });

  it('compose mounts the provisioning where Grafana reads it and the dashboards where the provider looks', () => {
    const grafana = svcs.grafana;
    expect(grafana?.image).toMatch(/^grafana\/grafana:/);
    const mounts = mountsOf(grafana);
    const bind = (target: string) => mounts.find((m) => m.type === 'bind' && m.target === target);
    expect(path.resolve(ROOT, bind('/etc/grafana/provisioning')?.source ?? '-')).toBe(provisioning);
    expect(dashboardProviders.length).toBeGreaterThan(0);
    for (const provider of dashboardProviders) {
      const mount = bind(provider.options.path);
      expect({ provider: provider.name, mounted: mount && path.resolve(ROOT, mount.source) }).toEqual({ provider: provider.name, mounted: path.dirname(DASHBOARD_FILE) });
    }
    const home = envOf(grafana).GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH;
    if (home) expect(home).toBe(path.posix.join(dashboardProviders[0].options.path, path.basename(DASHBOARD_FILE)));
  });
});

describe('Prometheus (infra/observability/prometheus.yml)', () => {
  const prom = svcs.prometheus;
  const mounts = mountsOf(prom ?? {});
  const mountedFrom = (target: string) => {
    const m = mounts.find((x) => x.type === 'bind' && x.target === target);
    return m && path.resolve(ROOT, m.source);
  };

  it('compose runs it with this file as its configuration', () => {
    const configPath = flagValue(commandOf(prom), '--config.file');
    expect(configPath).toBeDefined();
    expect(mountedFrom(configPath!)).toBe(PROMETHEUS_FILE);
  });

  it('loads alert-rules.yml, from where compose mounts it', () => {
    const files: string[] = prometheus.rule_files ?? [];
    expect(files.map(mountedFrom)).toContain(RULES_FILE);
  });

  it('scrapes every gx service of compose on its METRICS_PORT at /metrics, labelled with the service', () => {
    const jobs: Obj[] = prometheus.scrape_configs ?? [];
    const gx = jobs.find((j) => j.job_name === 'gx');
    expect(gx).toBeDefined();
    expect(gx!.metrics_path ?? '/metrics').toBe('/metrics');
    const targets = new Map<string, string | undefined>();
    for (const sc of gx!.static_configs ?? []) for (const t of sc.targets ?? []) targets.set(t, sc.labels?.service);
    expect(gxServices.length).toBeGreaterThanOrEqual(6);
    for (const [name, s] of gxServices) {
      const target = `${name}:${envOf(s).METRICS_PORT}`;
      expect({ name, target, service: targets.has(target) ? targets.get(target) : 'not scraped' }).toEqual({ name, target, service: name });
      // The label the dashboard and the alerts group by is also the target it runs.
      expect(targetIn(s)).toBe(name);
    }
    expect([...targets.keys()].filter((t) => !svcs[t.split(':')[0]])).toEqual([]);
  });
});

describe('OpenTelemetry collector (infra/observability/otel-collector.yaml)', () => {
  const pipelines: Obj = collector.service?.pipelines ?? {};

  it('compose runs it with this file, and the gx services send OTLP/HTTP to the port its receiver listens on', () => {
    const svc = svcs['otel-collector'];
    const configPath = flagValue(commandOf(svc), '--config');
    const mount = mountsOf(svc).find((m) => m.target === configPath);
    expect(mount && path.resolve(ROOT, mount.source)).toBe(COLLECTOR_FILE);
    const http = collector.receivers?.otlp?.protocols?.http?.endpoint as string;
    expect(http).toBeDefined();
    const port = http.split(':').pop();
    for (const [name, s] of gxServices) expect({ name, port: new URL(envOf(s).OTEL_EXPORTER_OTLP_ENDPOINT).port }).toEqual({ name, port });
    expect(collector.receivers.otlp.protocols.grpc?.endpoint).toMatch(/:4317$/);
  });

  it('the traces pipeline batches and exports to the trace viewer of compose and to debug, with every component defined', () => {
    const traces = pipelines.traces;
    expect(traces?.receivers).toContain('otlp');
    expect(traces?.processors).toContain('batch');
    expect(traces?.exporters).toContain('debug');
    for (const kind of ['receivers', 'processors', 'exporters'] as const)
      for (const [name, p] of Object.entries(pipelines))
        for (const c of (p as Obj)[kind] ?? []) expect({ pipeline: name, kind, c, defined: c in (collector[kind] ?? {}) }).toEqual({ pipeline: name, kind, c, defined: true });
    const viewer = (traces.exporters as string[]).map((e) => collector.exporters[e]?.endpoint).filter(Boolean);
    expect(viewer.length).toBeGreaterThan(0);
    for (const endpoint of viewer) {
      const host = String(endpoint).replace(/^\w+:\/\//, '').split(':')[0];
      expect(svcs[host]?.image).toMatch(/^jaegertracing\/jaeger:/);
    }
    expect(Object.keys(svcs['otel-collector'].depends_on ?? {})).toContain('jaeger');
  });
});
