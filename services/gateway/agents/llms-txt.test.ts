import { publicLlmsTxt } from './llms-txt';

describe("the public door's llms.txt", () => {
  const config = { publicBaseUrl: 'https://papers.example.org', publicRateLimit: { perMinute: 60, burst: 10 } };

  it('links the data API when its address is configured (API_BASE_URL)', () => {
    expect(publicLlmsTxt({ ...config, apiBaseUrl: 'https://api.papers.example.org' })).toContain(
      'its own `/llms.txt`: [https://api.papers.example.org/llms.txt](https://api.papers.example.org/llms.txt).',
    );
  });

  it('only names it when not', () => {
    const text = publicLlmsTxt(config);
    expect(text).toContain('is a separate host with its own `/llms.txt`.');
    expect(text).not.toContain('api.papers');
  });
});
