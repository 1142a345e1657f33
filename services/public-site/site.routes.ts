import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { notFound } from '../../shared/errors/problem';
import { ifNoneMatchHits, strongEtag } from '../../shared/http/etag';
import { TOPIC_SLUGS, type TopicSlug } from '../../shared/papers/paper.schema';
import { projectRoot } from '../../shared/project-paths';
import { HTML_SECURITY_HEADERS } from './html-headers';

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

/** Topic names for people; the slugs stay the values (spec 000 §4.2). */
export const TOPIC_LABELS: Readonly<Record<TopicSlug, string>> = {
  esg: 'ESG',
  energy_transition: 'Energy transition',
  carbon_pricing: 'Carbon pricing',
  climate_finance: 'Climate finance',
  ccus: 'CCUS (carbon capture)',
  hydrogen: 'Hydrogen',
  renewable: 'Renewable energy',
  policy: 'Policy',
  carbon_accounting: 'Carbon accounting',
  climate_science: 'Climate science',
  disclosure_infrastructure: 'Disclosure infrastructure',
  transition_finance: 'Transition finance',
  energy_efficiency: 'Energy efficiency',
  scope3: 'Scope 3 emissions',
  scope1_2: 'Scope 1 and 2 emissions',
  tcfd: 'TCFD',
  sbt: 'Science Based Targets',
  cdp: 'CDP',
  ev: 'Electric vehicles',
  greenwashing: 'Greenwashing',
  climate_risk: 'Climate risk',
  biodiversity: 'Biodiversity',
  supply_chain: 'Supply chain',
  ai_esg: 'AI for ESG',
  other: 'Other',
};

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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The search page from `site/index.html`: the topic options come from TOPIC_SLUGS, and every
 * `"/assets/NAME"` becomes its versioned URL.
 */
export function renderSearchPage(assets: SiteAssets, template = fs.readFileSync(siteDir('index.html'), 'utf8')): string {
  const options = TOPIC_SLUGS.map((slug) => `<option value="${slug}">${escapeHtml(TOPIC_LABELS[slug])}</option>`).join('\n            ');
  return template
    .replace('<!-- topic-options -->', options)
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
export function siteRoutes(assets: SiteAssets = SiteAssets.load()): Router {
  const router = Router();
  const page = staticFile('index.html', Buffer.from(renderSearchPage(assets)));

  router.get('/', (req, res) => sendStatic(req, res, page, PAGE_CACHE_CONTROL));

  router.get('/assets/*file', (req, res) => {
    const segments = (req.params as { file: string[] }).file;
    const file = segments.some((s) => UNSAFE_SEGMENT.test(s)) ? undefined : assets.get(segments.join('/'));
    if (!file) throw notFound(`No asset at ${req.path}.`);
    const versioned = req.query.v === file.version;
    sendStatic(req, res, file, versioned ? VERSIONED_ASSET_CACHE_CONTROL : ASSET_CACHE_CONTROL);
  });

  return router;
}
