import express from 'express';
import pg from 'pg';
import request from 'supertest';
import { PostgresQuotaStore } from '../../services/gateway/limits/quota-store.postgres';
import { whileClientWaits } from '../../shared/db/client-waits';
import { Database } from '../../shared/db/database';
import { isDatabaseUnavailable } from '../../shared/errors/database-unavailable';
import { errorHandler } from '../../shared/http/problem-response';
import { createLogger } from '../../shared/logging/logger';
import { freePort } from '../support/services';
import { waitFor } from '../support/wait-for';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The database faults as node-postgres reports them, told apart from a wrong statement; the query
 * timeout, which bounds what a client waits for and nothing else; and the transaction helper, which
 * never leaves a write half-done nor hands a broken connection to the next caller. Against the test
 * run's Postgres: only this suite's own connections are cut, never the server.
 */
describe('database faults', () => {
  let database: TestDatabase;
  /** One connection and a 300 ms bound: whatever a test leaves on the connection, the next one meets. */
  let db: Database;
  const reason = async (work: Promise<unknown>) => work.then(() => undefined, (err: unknown) => err);
  /** As a request does: its statements are bounded. */
  const waited = <T>(work: () => Promise<T>) => whileClientWaits(work);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database(database.url, 1, { queryTimeoutMs: 300 });
    await db.query('CREATE TABLE fault_writes (id int PRIMARY KEY, note text)');
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await db.query('TRUNCATE fault_writes');
  });

  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM fault_writes')).rows[0]!.n;
  /** This database's other connections as `pg_stat_activity` shows them (seen from a fresh connection). */
  const activity = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; query: string }>(
        'SELECT state, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = $1',
        ['client backend'],
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  describe('unavailability, told apart from a wrong statement', () => {
    it('a refused connection, a statement not answered in time, a connection ended by the server', async () => {
      const nobody = new Database(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, 1);
      try {
        const refused = await reason(nobody.query('SELECT 1'));
        expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
        expect(isDatabaseUnavailable(refused)).toBe(true);
      } finally {
        await nobody.close();
      }

      const slow = await reason(waited(() => db.query('SELECT pg_sleep(2)')));
      expect((slow as Error).message).toBe('Query read timeout');
      expect(isDatabaseUnavailable(slow)).toBe(true);

      const ended = await reason(db.query('SELECT pg_terminate_backend(pg_backend_pid())'));
      expect(isDatabaseUnavailable(ended)).toBe(true);
      // The pool replaced both connections: the next statement runs.
      expect(await count()).toBe(0);
    });

    it('the quota counters kept in Postgres fail the same way (rate-limiter-flexible passes the error on)', async () => {
      const nobody = new Database(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, 1);
      try {
        const failed = await reason(new PostgresQuotaStore(nobody.pool).increment('daily:k:2026-01-01', 60));
        expect(isDatabaseUnavailable(failed)).toBe(true);
      } finally {
        await nobody.close();
      }
    });

    it('a statement the server cancels (statement_timeout) is unavailability too', async () => {
      const canceled = await reason(db.transaction(async (tx) => {
        await tx.query("SET LOCAL statement_timeout = '50ms'");
        await tx.query('SELECT pg_sleep(0.2)');
      }));
      expect(canceled).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(canceled)).toBe(true);
    });

    it('a wrong statement or a broken constraint is not', async () => {
      expect(isDatabaseUnavailable(await reason(db.query('SELEC 1')))).toBe(false);
      await db.query('INSERT INTO fault_writes VALUES (1)');
      expect(isDatabaseUnavailable(await reason(db.query('INSERT INTO fault_writes VALUES (1)')))).toBe(false);
      expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
      // What the errors of other layers wrap is looked into.
      expect(isDatabaseUnavailable(new Error('lookup failed', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
    });
  });

  describe('the transaction helper: a write lands whole or not at all', () => {
    it('rolls back what a failing transaction wrote, and the connection serves the next caller cleanly', async () => {
      const failed = await reason(db.transaction(async (tx) => {
        await tx.query('INSERT INTO fault_writes VALUES (1, $1)', ['first half']);
        throw new Error('the second half failed');
      }));
      expect((failed as Error).message).toBe('the second half failed');
      expect(await count()).toBe(0);
      await db.transaction(async (tx) => void (await tx.query('INSERT INTO fault_writes VALUES (2)')));
      expect(await count()).toBe(1);
    });

    it('a connection lost mid-way leaves nothing written, and is not reused', async () => {
      const lost = await reason(db.transaction(async (tx) => {
        await tx.query('INSERT INTO fault_writes VALUES (1, $1)', ['before the cut']);
        await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
        await tx.query('INSERT INTO fault_writes VALUES (2, $1)', ['after the cut']);
      }));
      expect(isDatabaseUnavailable(lost)).toBe(true);
      expect(await count()).toBe(0);
    });

    it('a connection the server ends between two statements: nothing written, and the process does not crash', async () => {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const lost = await reason(db.transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await tx.query('INSERT INTO fault_writes VALUES (1, $1)', ['before the shutdown']);
          // As a fast shutdown does to a session idle in its transaction (an uncaught 'error' event without a listener).
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('INSERT INTO fault_writes VALUES (2, $1)', ['after the shutdown']);
        }));
        expect(isDatabaseUnavailable(lost)).toBe(true);
        expect(await count()).toBe(0);
      } finally {
        await admin.end();
      }
    });

    it('a statement not answered in time: nothing written, and no open transaction handed to the next caller', async () => {
      const late = await reason(waited(() => db.transaction(async (tx) => {
        await tx.query('INSERT INTO fault_writes VALUES (1, $1)', ['before the wait']);
        await tx.query('SELECT pg_sleep(1) -- abandoned');
      })));
      expect((late as Error).message).toBe('Query read timeout');
      // The pool's only connection was closed rather than reused in the middle of that transaction.
      await db.transaction(async (tx) => void (await tx.query('INSERT INTO fault_writes VALUES (3)')));
      expect((await db.query<{ id: number }>('SELECT id FROM fault_writes')).rows).toEqual([{ id: 3 }]);
      // The server ends the abandoned transaction once its sleep is over, without committing it.
      await waitFor('the abandoned transaction to end', async () => !(await activity()).some((a) => a.query.includes('-- abandoned')), 100);
      expect((await db.query<{ id: number }>('SELECT id FROM fault_writes')).rows).toEqual([{ id: 3 }]);
    });
  });

  describe('the bound applies to what a client waits for, and to nothing else', () => {
    it('leaves work nobody waits for unbounded: a start, a catch-up, a load, a migration may rightly take long', async () => {
      await db.query('SELECT pg_sleep(0.6)');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO fault_writes VALUES (1)');
        await tx.query('SELECT pg_sleep(0.6)');
      });
      expect(await count()).toBe(1);
    });

    it('bounds every statement of a request: single ones, each of a transaction, and the pool used directly (the quota counters)', async () => {
      expect(((await reason(waited(() => db.query('SELECT pg_sleep(0.6)')))) as Error).message).toBe('Query read timeout');
      expect(((await reason(waited(() => db.pool.query('SELECT pg_sleep(0.6)')))) as Error).message).toBe('Query read timeout');
      const late = await reason(waited(() => db.transaction(async (tx) => {
        await tx.query('INSERT INTO fault_writes VALUES (2)');
        await tx.query({ text: 'SELECT pg_sleep($1)', values: [0.6] });
      })));
      expect((late as Error).message).toBe('Query read timeout');
      expect(await count()).toBe(0);
      // The one connection of the pool, used by a request's transaction, then serves work nobody waits for unbounded again.
      await waited(() => db.transaction(async (tx) => void (await tx.query('SELECT 1'))));
      await db.transaction(async (tx) => void (await tx.query('SELECT pg_sleep(0.6)')));
    });
  });

  describe('the error handler', () => {
    it('answers an unavailable database 503 database_unavailable problem+json with Retry-After, whatever the route', async () => {
      const nobody = new Database(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, 1);
      const app = express();
      app.get('/things', async (_req, res) => void res.json((await nobody.query('SELECT 1')).rows));
      app.get('/broken', async () => {
        await db.query('SELEC 1');
      });
      app.use(errorHandler(createLogger({ level: 'silent' })));
      try {
        const res = await request(app).get('/things').expect(503);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toMatchObject({ status: 503, code: 'database_unavailable', instance: '/things' });
        expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
        // A wrong statement stays what it is: a bug, 500.
        expect((await request(app).get('/broken').expect(500)).body.code).toBe('internal_error');
      } finally {
        await nobody.close();
      }
    });
  });
});
