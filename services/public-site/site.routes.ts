import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { notFound } from '../../shared/errors/problem';
import { ifNoneMatchHits, strongEtag } from '../../shared/http/etag';
import { TOPIC_SLUGS, VENUE_TYPES, type TopicSlug } from '../../shared/papers/paper.schema';
import { projectRoot } from '../../shared/project-paths';
import { HTML_SECURITY_HEADERS } from './html-headers';
import { escapeHtml, jsonForScript } from './html-text';
import type { Messages } from './i18n/en';
import { MESSAGES, pageLanguage, SITE_LANGS, type SiteLang } from './i18n/site-language';
import { demoNoticeHtml, languageSwitchHtml } from './site-page.html';

/**
 * The site's files (HTML, CSS, plain ES-module JavaScript: no build step). They are not TypeScript,
 * so they are not in dist/: both the sources and the compiled tree find them from the project root
 * (the Docker image must copy `services/public-site/site`).
 */
export const siteDir = (...parts: string[]): string => path.join(projectRoot(), 'services', 'public-site', 'site', ...parts);

/** The search page: revalidated on every load (cheap: ETag, 304), so it always names the current assets. */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** An asset asked for by its current version (`?v=`, as the pages link it): the URL changes with the content. */
export const VERSIONED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An asset asked for without its current version: kept a little, then revalidated. */
export const ASSET_CACHE_CONTROL = 'public, max-age=300';

/** Topic names for people (English; the Japanese are in i18n/ja.ts); the slugs stay the values (spec 000 §4.2). */
export const TOPIC_LABELS: Readonly<Record<TopicSlug, string>> = MESSAGES.en.topics;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** A strong ETag of the content. */
  etag: string;
  /** A short hash of the content: the `v` of the asset's versioned URL. */
  version: string;
}

function staticFile(name: string, body: Buffer): StaticFile {
  return {
    body,
    contentType: CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
    etag: strongEtag(body),
    version: createHash('sha256').update(body).digest('base64url').slice(0, 12),
  };
}

/**
 * The files of `site/assets`, read once at start (they are small): a request names a file by its
 * path relative to that folder and only those names are served, so no request reaches another file.
 */
export class SiteAssets {
  private constructor(private readonly files: ReadonlyMap<string, StaticFile>) {}

  static load(dir = siteDir('assets')): SiteAssets {
    if (!fs.existsSync(dir)) throw new Error(`the site's assets are missing: ${dir} (copy services/public-site/site next to dist/)`);
    const files = new Map<string, StaticFile>();
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const full = path.join(entry.parentPath, entry.name);
      const name = path.relative(dir, full).split(path.sep).join('/');
      files.set(name, staticFile(name, fs.readFileSync(full)));
    }
    return new SiteAssets(files);
  }

  get(name: string): StaticFile | undefined {
    return this.files.get(name);
  }

  /** The versioned URL pages link an asset by (`/assets/site.css?v=…`). */
  url(name: string): string {
    const file = this.files.get(name);
    if (!file) throw new Error(`no asset ${name} in ${siteDir('assets')}`);
    return `/assets/${name.split('/').map(encodeURIComponent).join('/')}?v=${file.version}`;
  }
}

/** A catalogue value by its dotted key (`search.heading`): `…Html` values are trusted markup, others are escaped. */
function message(m: Messages, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], m);
  if (typeof value !== 'string') throw new Error(`index.html names no message "${key}"`);
  return key.endsWith('Html') ? value : escapeHtml(value);
}

export interface SearchPageOptions {
  lang: SiteLang;
  /** The corpus is the generated demo (DEMO_DATA): the page carries the notice. */
  demo: boolean;
}

/**
 * The search page from `site/index.html` in one language: `{{key}}` from the language's catalogue,
 * the topic and venue-type options, the language switch, the demo notice, the script's strings as
 * a JSON data block (not script: the CSP's `script-src 'self'` is untouched), and every
 * `"/assets/NAME"` as its versioned URL.
 */
export function renderSearchPage(assets: SiteAssets, { lang, demo }: SearchPageOptions, template = fs.readFileSync(siteDir('index.html'), 'utf8')): string {
  const m = MESSAGES[lang];
  const options = (labels: Readonly<Record<string, string>>, values: readonly string[]) =>
    values.map((value) => `<option value="${value}">${escapeHtml(labels[value]!)}</option>`).join('\n            ');
  const browser = { ...m.browser, langs: m.langs };
  return template
    .replace('<!-- topic-options -->', options(m.topics, TOPIC_SLUGS))
    .replace('<!-- venue-type-options -->', options(m.venueTypes, VENUE_TYPES))
    .replace('<!-- language-switch -->', languageSwitchHtml(lang, '/'))
    .replace('<!-- demo-notice -->', demo ? demoNoticeHtml(lang) : '')
    .replace('<!-- messages -->', `<script type="application/json" id="site-messages">${jsonForScript(browser)}</script>`)
    .replace(/\{\{([\w.]+)\}\}/g, (_m, key: string) => (key === 'lang' ? lang : message(m, key)))
    .replace(/(["'])\/assets\/([^"'?#]+)\1/g, (_m, quote: string, name: string) => `${quote}${assets.url(name)}${quote}`);
}

/** Sends a static body with its validators; answers 304 when the client's copy is current. */
function sendStatic(req: Request, res: Response, file: StaticFile, cacheControl: string): void {
  res.set(HTML_SECURITY_HEADERS);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', file.etag);
  if (ifNoneMatchHits(req.headers['if-none-match'], file.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', file.body.length);
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** Path segments that could leave the assets folder, or that no asset name holds. */
const UNSAFE_SEGMENT = /^\.{1,2}$|[/\\\0]|^$/;

/** `GET /`: the search page; `GET /assets/*`: the site's static files. */
export function siteRoutes(assets: SiteAssets = SiteAssets.load(), { demo = false }: { demo?: boolean } = {}): Router {
  const router = Router();
  const pages = Object.fromEntries(SITE_LANGS.map((lang) => [lang, staticFile('index.html', Buffer.from(renderSearchPage(assets, { lang, demo })))])) as Record<SiteLang, StaticFile>;

  // One page per language, chosen by `?hl=` or Accept-Language; `no-cache` keeps it out of the edge cache.
  router.get('/', (req, res) => {
    res.setHeader('Vary', 'Accept-Language');
    sendStatic(req, res, pages[pageLanguage(req)], PAGE_CACHE_CONTROL);
  });

  router.get('/assets/*file', (req, res) => {
    const segments = (req.params as { file: string[] }).file;
    const file = segments.some((s) => UNSAFE_SEGMENT.test(s)) ? undefined : assets.get(segments.join('/'));
    if (!file) throw notFound(`No asset at ${req.path}.`);
    const versioned = req.query.v === file.version;
    sendStatic(req, res, file, versioned ? VERSIONED_ASSET_CACHE_CONTROL : ASSET_CACHE_CONTROL);
  });

  return router;
}
