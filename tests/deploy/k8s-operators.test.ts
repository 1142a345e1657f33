/**
 * What the production overlay asks of the cluster's operators, checked against the code it talks
 * about: KEDA scales the ingest worker on the BullMQ list that really holds its waiting jobs (on a
 * real Redis when there is one), and the Prometheus Operator scrapes every target's metrics port
 * with the labels infra/observability's alert rules select on; the PrometheusRule generated from
 * those rules (k8s/tools/prometheus-rule.js) is a valid object carrying every one of them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { parseAllDocuments } from 'yaml';
import { BATCH_QUEUE, FETCH_QUEUE } from '../../services/ingest-worker/runner/bullmq-runner';
import { loadConfig } from '../../shared/config/config';
import { describeWithRedis, freshRedisUrl } from '../support/test-redis';
import { loadYaml, ROOT, SPLIT_TARGETS, type Obj } from './deploy-files';
import { schemaProblems } from './k8s-schema';
import { K8S_DIR } from './kustomize';
import { containersOf, podTemplateOf, renderedKustomization } from './k8s-rendered';
import { selects } from './network-policy-model';

const production = renderedKustomization('overlays/production');
const config = loadConfig(production.configMaps.find((m) => m.metadata.name === 'gx-config')!.data);
const one = (kind: string) => {
  const found = production.docs.filter((d) => d.kind === kind);
  expect(found.length).toBe(1);
  return found[0];
};
/** BullMQ's list of a queue's waiting jobs: `<prefix>:<queue>:wait`. */
const waitList = (queue: string) => `${config.ingest.queuePrefix}:${queue}:wait`;

describe('k8s/overlays/production: KEDA scales the ingest worker on its queue', () => {
  const scaledObject = () => one('ScaledObject');
  const redisTriggers = () => scaledObject().spec.triggers.filter((t: Obj) => t.type === 'redis');

  it('targets the ingest-worker Deployment, and no HorizontalPodAutoscaler competes for it', () => {
    const ref = scaledObject().spec.scaleTargetRef;
    expect(production.deployments.map((d) => d.metadata.name)).toContain(ref.name);
    expect(ref.name).toBe('ingest-worker');
    expect(production.docs.filter((d) => d.kind === 'HorizontalPodAutoscaler' && d.spec.scaleTargetRef.name === ref.name)).toEqual([]);
  });

  it('never scales to zero: the indexer (leader lock) and the daily scheduler run in these pods', () => {
    expect(scaledObject().spec.minReplicaCount).toBeGreaterThanOrEqual(2);
    expect(scaledObject().spec.maxReplicaCount).toBeGreaterThan(scaledObject().spec.minReplicaCount);
  });

  it("watches BullMQ's wait lists of both ingest queues, under the configured INGEST_QUEUE_PREFIX", () => {
    expect(redisTriggers().map((t: Obj) => t.metadata.listName).sort()).toEqual([waitList(BATCH_QUEUE), waitList(FETCH_QUEUE)].sort());
    for (const t of redisTriggers()) expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
  });

  it('authenticates through a TriggerAuthentication whose Secret keys the Secret template names', () => {
    const auth = one('TriggerAuthentication');
    for (const t of redisTriggers()) expect(t.authenticationRef.name).toBe(auth.metadata.name);
    const template = loadYaml(path.join(K8S_DIR, 'base', 'secret.example.yaml'));
    for (const ref of auth.spec.secretTargetRef) {
      const secret = template.find((s) => s.kind === 'Secret' && s.metadata.name === ref.name);
      expect({ ref, key: secret && ref.key in (secret.stringData ?? {}) }).toEqual({ ref, key: true });
    }
    expect(auth.spec.secretTargetRef.map((r: Obj) => r.parameter).sort()).toEqual(['address', 'password']);
  });

  it('a CPU trigger has CPU requests to work from', () => {
    const cpu = scaledObject().spec.triggers.filter((t: Obj) => t.type === 'cpu');
    expect(cpu.length).toBe(1);
    const worker = production.deployments.find((d) => d.metadata.name === 'ingest-worker')!;
    for (const c of containersOf(worker)) expect(c.resources?.requests?.cpu).toBeTruthy();
  });

  describeWithRedis('on a real Redis', () => {
    it("a job added to the ingest batch queue is what the trigger's list counts", async () => {
      const url = await freshRedisUrl();
      const connection = new Redis(url, { maxRetriesPerRequest: null });
      const queue = new Queue(BATCH_QUEUE, { connection, prefix: config.ingest.queuePrefix });
      try {
        const listName = redisTriggers().find((t: Obj) => t.metadata.listName.includes(BATCH_QUEUE)).metadata.listName;
        expect(await connection.llen(listName)).toBe(0);
        await queue.add('batch', { runId: 'keda-check', batchNo: 1 });
        await queue.add('batch', { runId: 'keda-check', batchNo: 2 });
        expect(await connection.llen(listName)).toBe(2);
      } finally {
        await queue.obliterate({ force: true });
        await queue.close();
        connection.disconnect();
      }
    });
  });
});

describe('k8s/overlays/production: Prometheus Operator', () => {
  const podMonitor = () => one('PodMonitor');
  const alertRulesFile = path.join(ROOT, 'infra', 'observability', 'alert-rules.yml');

  it("selects every target's pods (not the Jobs') and scrapes their `metrics` port", () => {
    const selected = production.docs
      .filter((d) => d.kind === 'Deployment' || d.kind === 'CronJob')
      .filter((d) => selects(podMonitor().spec.selector, podTemplateOf(d).metadata.labels));
    expect(selected.map((d) => d.metadata.name).sort()).toEqual([...SPLIT_TARGETS].sort());
    const [endpoint] = podMonitor().spec.podMetricsEndpoints;
    expect(endpoint.path).toBe('/metrics');
    for (const d of selected) expect({ d: d.metadata.name, port: containersOf(d).some((c) => (c.ports ?? []).some((p: Obj) => p.name === endpoint.port)) }).toEqual({ d: d.metadata.name, port: true });
  });

  it('labels the series as the alert rules select them: job "gx", `service` = the target', () => {
    const relabel = podMonitor().spec.podMetricsEndpoints[0].relabelings;
    expect(relabel).toEqual(
      expect.arrayContaining([
        { targetLabel: 'job', replacement: 'gx' },
        { sourceLabels: ['__meta_kubernetes_pod_label_app_kubernetes_io_component'], targetLabel: 'service' },
      ]),
    );
    if (fs.existsSync(alertRulesFile)) expect(fs.readFileSync(alertRulesFile, 'utf8')).toMatch(/job="gx"/);
  });

  (fs.existsSync(alertRulesFile) ? it : it.skip)('k8s/tools/prometheus-rule.js turns the alert rules into a valid PrometheusRule with every alert', async () => {
    const result = spawnSync(process.execPath, [path.join(K8S_DIR, 'tools', 'prometheus-rule.js'), '--label', 'release=kube-prometheus'], { encoding: 'utf8', cwd: ROOT });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    const [rule] = parseAllDocuments(result.stdout).map((d) => d.toJS() as Obj);
    expect(await schemaProblems([{ name: 'PrometheusRule', doc: rule }])).toEqual([]);
    expect(rule.metadata).toMatchObject({ namespace: 'gx-search', labels: { release: 'kube-prometheus' } });
    const alerts = (groups: Obj[]) => groups.flatMap((g) => g.rules.map((r: Obj) => r.alert)).sort();
    const source = loadYaml(alertRulesFile)[0];
    expect(alerts(rule.spec.groups)).toEqual(alerts(source.groups));
    expect(alerts(rule.spec.groups).length).toBeGreaterThan(0);
  });
});
