import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeWithRedis, testRedisBaseUrl } from '../support/test-redis';
import { jobRunnerContract } from './job-runner.contract';

/** Every key of one queue prefix, gone. */
async function deleteQueues(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}

describeWithRedis('JobRunner contract: BullMQ on the real Redis (REDIS_URL)', () => {
  jobRunnerContract(
    {
      // Isolated by a queue prefix of each test's own, not by a logical database: those of
      // `freshRedisUrl` are emptied whenever another suite (or another run) on the same worker id starts.
      env: async () => ({ REDIS_URL: testRedisBaseUrl()!, INGEST_QUEUE_PREFIX: `contract-${randomBytes(5).toString('hex')}` }),
      cleanup: (env) => deleteQueues(env.REDIS_URL!, env.INGEST_QUEUE_PREFIX!),
    },
    { kind: 'bullmq', fetchAttempts: 2, runsOneAtATime: false, retryFailed: 'requeues' },
  );
});
