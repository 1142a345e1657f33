import express from 'express';
import request from 'supertest';
import { livenessReporter } from '../runtime/liveness';
import { healthRoutes } from './health.routes';

/** `/healthz` fails only when a part reports that it cannot recover by itself. */
describe('/healthz and liveness', () => {
  const app = express().use(healthRoutes(() => ({})));

  it('answers 200 ok, then 503 naming the part that failed, then 200 again once it recovered', async () => {
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    const postgres = livenessReporter('embedded-postgres');
    const other = livenessReporter('embedded-postgres');
    postgres.fail('the embedded PostgreSQL exited and 5 restarts failed: no space left on device');
    const failing = await request(app).get('/healthz').expect(503);
    expect(failing.headers['cache-control']).toBe('no-store');
    expect(failing.body).toEqual({
      status: 'failing',
      failing: { 'embedded-postgres': { reason: 'the embedded PostgreSQL exited and 5 restarts failed: no space left on device', since: expect.stringMatching(/^\d{4}-/) } },
    });
    // Another reporter's recovery does not clear this one's failure.
    other.ok();
    await request(app).get('/healthz').expect(503);
    postgres.ok();
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
  });
});
