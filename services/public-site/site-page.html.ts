import { escapeHtml } from './html-text';
import { MESSAGES, otherLanguage, withLanguage, type SiteLang } from './i18n/site-language';

/** The address a page links an asset by: its versioned URL (site.routes.ts SiteAssets.url), so a deploy is picked up at once. */
export type AssetUrl = (name: string) => string;
export const unversioned: AssetUrl = (name) => `/assets/${name}`;

export interface ShellOptions {
  lang: SiteLang;
  title: string;
  /** Extra head elements (already HTML). */
  head?: string;
  /** Stylesheets besides site.css. */
  styles?: readonly string[];
  /** This page's path, for the language switch (`?hl=` of the other language). */
  path: string;
  /** Show the generated-demo-data notice. */
  demo: boolean;
  assetUrl?: AssetUrl;
}

/** The notice shown on every page while the corpus is the generated demo (role=note: not an alert, it is always there). */
export const demoNoticeHtml = (lang: SiteLang): string =>
  `<div id="demo-notice" class="demo-notice" role="note" data-testid="demo-notice"><div class="wrap"><p>${escapeHtml(MESSAGES[lang].demoNotice)}</p></div></div>`;

/** The link to the same page in the other language; `hreflang` and `lang` say which. */
export function languageSwitchHtml(lang: SiteLang, path: string): string {
  const other = otherLanguage(lang);
  const m = MESSAGES[lang];
  return `<p class="language-switch"><a id="language-switch" data-testid="language-switch" href="${escapeHtml(withLanguage(path, other))}" hreflang="${other}" lang="${other}" title="${escapeHtml(m.switchHint)}">${escapeHtml(m.switchLabel)}</a></p>`;
}

/** The site header: one site name on every page, the search link, the language switch. */
export function siteHeaderHtml(lang: SiteLang, path: string): string {
  const m = MESSAGES[lang];
  const home = escapeHtml(withLanguage('/', lang));
  return `<header class="site-header"><div class="wrap"><p class="brand"><a href="${home}">${escapeHtml(m.siteName)}</a></p><p class="tagline"><a href="${home}">${escapeHtml(m.searchLink)}</a></p>${languageSwitchHtml(lang, path)}</div></header>`;
}

const licenceHtml = (lang: SiteLang) =>
  `<footer id="licence" class="site-footer licence-notes"><div class="wrap">\n${MESSAGES[lang].licenceHtml.map((p) => `<p>${p}</p>`).join('\n')}\n</div></footer>`;

/** A server-rendered page of the site (paper pages, the 404 pages): head, header, demo notice, body, licence footer. */
export function sitePage(options: ShellOptions, body: string): string {
  const { lang, assetUrl = unversioned } = options;
  const styles = ['site.css', ...(options.styles ?? [])];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${styles.map((name) => `<link rel="stylesheet" href="${escapeHtml(assetUrl(name))}">`).join('\n')}
<link rel="icon" href="${escapeHtml(assetUrl('favicon.svg'))}" type="image/svg+xml">
${options.head ?? ''}
</head>
<body>
${siteHeaderHtml(lang, options.path)}
${options.demo ? demoNoticeHtml(lang) : ''}
${body}
${licenceHtml(lang)}
</body>
</html>
`;
}
