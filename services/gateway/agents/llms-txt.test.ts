import type { Config } from '../../../shared/config/config';
import { contributionsTo } from '../../../shared/runtime/module';
import { MODULES } from '../../registry';
import { publicLlmsTxt } from './llms-txt';

const modules = contributionsTo('public', [...MODULES.values()]);

describe("the public door's llms.txt", () => {
  const config = { publicBaseUrl: 'https://papers.example.org', publicRateLimit: { perMinute: 60, burst: 10 } } as Config;

  it('links the data API when its address is configured (API_BASE_URL)', () => {
    expect(publicLlmsTxt({ ...config, apiBaseUrl: 'https://api.papers.example.org' }, modules)).toContain(
      'its own `/llms.txt`: [https://api.papers.example.org/llms.txt](https://api.papers.example.org/llms.txt).',
    );
  });

  it('only names it when not', () => {
    const text = publicLlmsTxt(config, modules);
    expect(text).toContain('is a separate host with its own `/llms.txt`.');
    expect(text).not.toContain('api.papers');
  });
});
