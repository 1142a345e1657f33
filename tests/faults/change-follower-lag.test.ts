import { ChangeFollower } from '../../shared/indexing/change-follower';
import type { FollowedLog, LogCursor, LogLag } from '../../shared/indexing/change-log.port';

/**
 * An index that answers from memory reports its own state while the database is away: its lag is
 * the last one measured (nothing can be added to the log meanwhile), at once when the database
 * refuses and within a second when it does not answer, so readiness (2 s a check) never mistakes a
 * database outage for a broken index. Other faults, and a lag never measured, still fail.
 */
describe('ChangeFollower.lag through a database outage', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  let answer: () => Promise<LogLag>;
  const log: FollowedLog = {
    read: async (after: LogCursor) => ({ changes: [], next: after }),
    lag: () => answer(),
  };
  const follower = () => new ChangeFollower(log, { findByIds: async () => [] }, { apply: async () => undefined }, { position: '0' });

  it('answers the last lag measured while the database refuses or stalls, its age grown meanwhile', async () => {
    const f = follower();
    answer = async () => ({ changes: 3, seconds: 10 });
    expect(await f.lag()).toEqual({ changes: 3, seconds: 10 });

    answer = async () => Promise.reject(refused());
    expect(await f.lag()).toEqual({ changes: 3, seconds: 10 });

    // A stalled server never answers: the lag still comes (the last one measured), so a readiness check is not left waiting.
    answer = () => new Promise(() => undefined);
    const stalled = await f.lag();
    expect(stalled.changes).toBe(3);
    expect(stalled.seconds).toBeGreaterThanOrEqual(10);
  });

  it('knows it is caught up after a catch-up that found nothing more', async () => {
    const f = follower();
    await f.catchUp();
    answer = async () => Promise.reject(refused());
    expect(await f.lag()).toEqual({ changes: 0, seconds: 0 });
  });

  it('still fails for any other fault, or when no lag was ever known', async () => {
    const f = follower();
    answer = async () => Promise.reject(refused());
    await expect(f.lag()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    answer = async () => ({ changes: 0, seconds: 0 });
    await f.lag();
    answer = async () => Promise.reject(new Error('relation "paper_changes" does not exist'));
    await expect(f.lag()).rejects.toThrow('does not exist');
  });
});
