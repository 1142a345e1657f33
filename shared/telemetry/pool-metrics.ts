import type pg from 'pg';
import { gauge } from './metrics';

const connections = gauge('gx_db_pool_connections', 'Postgres pool connections: total open, idle, and callers waiting for one', ['state']);
const max = gauge('gx_db_pool_max', 'Largest number of connections the Postgres pool opens (DATABASE_POOL_SIZE)', []);

export function reportPool(pool: pg.Pool, size: number): void {
  connections.set({ state: 'total' }, pool.totalCount);
  connections.set({ state: 'idle' }, pool.idleCount);
  connections.set({ state: 'waiting' }, pool.waitingCount);
  max.set(size);
}
