import { randomUUID } from 'node:crypto';
import type { GxLog } from '../lifecycle/gx-child';
import { startFleet, type Fleet, type FleetTarget } from '../support/fleet';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { testKeys } from '../support/test-keys';
import { describeWithRedis } from '../support/test-redis';

const SERVER = 2;
const CLIENT = 3;

/**
 * Every service in its own OS process, exporting to an OTLP/HTTP receiver of the test's own: one
 * request through the gateway is one trace, whose spans come from the gateway and the service
 * behind it, joined by the W3C `traceparent` the gateway's proxy sends.
 */
describeWithRedis('traces across processes', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let fleet: Fleet;
  let auth: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    fleet = await startFleet({
      shape: 'split',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' },
      perTargetEnv: (target) => ({ OTEL_SERVICE_NAME: `gx-${target}` }),
    });
    auth = (await testKeys(fleet.database!.db).create('researcher')).auth;
  });
  afterAll(async () => {
    await fleet?.stop();
    await receiver?.stop();
  });

  /** The trace id a process logged for a request, from its JSON request line (written once the answer is out). */
  function loggedTraceId(target: FleetTarget, requestId: string): Promise<unknown> {
    const gx = fleet.child(target)!;
    const isIt = (l: GxLog) => (l.req as { id?: string } | undefined)?.id === requestId;
    const seen = gx.logs.find(isIt);
    if (seen) return Promise.resolve(seen.trace_id);
    return new Promise((resolve) => gx.onLog((l) => isIt(l) && resolve(l.trace_id)));
  }

  /** Waits for the request's trace to hold a server span of `service` whose parent is a client span of the gateway. */
  async function traceOf(requestId: string, service: FleetTarget): Promise<ReceivedSpan[]> {
    const traceId = (await loggedTraceId('gateway', requestId)) as string;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    // Both ends of the hop, each exported by its own process on its own schedule (the gateway's client span ends after the service's server span).
    const servedIn = (of: ReceivedSpan[]) => of.find((s) => s.service === `gx-${service}` && s.kind === SERVER);
    const spans = await receiver.trace(traceId, (of) => of.some((s) => s.spanId === servedIn(of)?.parentSpanId));
    const served = spans.find((s) => s.service === `gx-${service}` && s.kind === SERVER)!;
    const forwarded = spans.find((s) => s.spanId === served.parentSpanId);
    expect(forwarded).toMatchObject({ service: 'gx-gateway', kind: CLIENT });
    expect(new Set(spans.map((s) => s.pid)).size).toBeGreaterThanOrEqual(2);
    // The service logged the same request under the same trace.
    expect(await loggedTraceId(service, requestId)).toBe(traceId);
    return spans;
  }

  it('a public search is one trace from the gateway to public-search', async () => {
    const requestId = `trace-public-${randomUUID()}`;
    const res = await fetch(`${fleet.publicUrl}/api/v1/papers/search?q=${encodeURIComponent('offshore wind')}&limit=3`, { headers: { 'X-Request-Id': requestId } });
    expect(res.status).toBe(200);
    const spans = await traceOf(requestId, 'public-search');
    expect(spans.find((s) => s.service === 'gx-gateway' && s.kind === SERVER)?.parentSpanId).toBeUndefined();
  });

  it('a data-API paper search is one trace through authentication to semantic-search', async () => {
    const requestId = `trace-api-${randomUUID()}`;
    const res = await fetch(`${fleet.apiUrl}/api/v1/papers/search?q=${encodeURIComponent('carbon pricing')}&mode=keyword`, {
      headers: { 'X-Request-Id': requestId, Authorization: auth },
    });
    expect(res.status).toBe(200);
    const spans = await traceOf(requestId, 'semantic-search');
    // The key was checked inside the same trace: the gateway's queries to Postgres are part of it.
    expect(spans.some((s) => s.service === 'gx-gateway' && s.attributes['db.system.name'] === 'postgresql')).toBe(true);
  });
});
