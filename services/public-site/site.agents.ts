import type { Config } from '../../shared/config/config';

/** The public llms.txt's lines for the site (section "Optional"). */
export const siteLlmsTxt = (config: Pick<Config, 'publicBaseUrl'>): string[] => {
  const base = config.publicBaseUrl;
  return [
    `- [Paper pages](${base}/papers/{id}): the human-readable page of each record (its \`url\`), with citation downloads at \`/papers/{id}.bib\`, \`.ris\` and \`.json\` (CSL-JSON).`,
    `- [Sitemap](${base}/sitemap.xml)`,
  ];
};
