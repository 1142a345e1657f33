import { jobRunnerContract } from './job-runner.contract';

describe('JobRunner contract: the in-process runner (no REDIS_URL)', () => {
  jobRunnerContract({ env: async () => ({ REDIS_URL: '' }) }, { kind: 'in-process', fetchAttempts: 1, runsOneAtATime: true, retryFailed: 'runs-here' });
});
