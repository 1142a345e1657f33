import { gauge } from '../telemetry/metrics';
import type { Database } from './database';

const reachable = gauge('gx_db_reachable', "1 when the process's Postgres answered SELECT 1 within 1.5 s at this scrape, else 0", []);

/** How long a scrape waits for the database's answer: inside the 2 s a scrape gives each source. */
const PING_BUDGET_MS = 1_500;

/** Sets `gx_db_reachable` from a `SELECT 1` (a stalled server counts as unreachable after the budget). */
export async function reportReachable(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_BUDGET_MS)));
  const answered = db.ping().then(
    () => true,
    () => false,
  );
  try {
    reachable.set((await Promise.race([answered, late])) ? 1 : 0);
  } finally {
    clearTimeout(timer);
  }
}
