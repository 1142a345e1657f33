import { ConfigError } from '../../../shared/config/config';
import { testConfig } from '../../../tests/support/test-run';
import { nextRun } from './in-process-scheduler';

describe('the in-process daily schedule', () => {
  it('fires at 03:00 Asia/Tokyo by default: 18:00 UTC the day before', () => {
    const config = testConfig({});
    expect(nextRun(config, new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-21T18:00:00.000Z');
    expect(nextRun(config, new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2026-11-22T18:00:00.000Z');
  });

  it('follows INGEST_CRON and INGEST_TIMEZONE, and refuses an unusable schedule at start-up', () => {
    const config = testConfig({ INGEST_CRON: '30 4 * * 1', INGEST_TIMEZONE: 'Europe/Paris' });
    expect(nextRun(config, new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-23T03:30:00.000Z');
    expect(() => testConfig({ INGEST_CRON: 'every day at three' })).toThrow(ConfigError);
    expect(() => testConfig({ INGEST_TIMEZONE: 'Mars/Olympus' })).toThrow(/INGEST_TIMEZONE/);
  });
});
