import { Router, type Request, type Response } from 'express';
import { notFound, serviceUnavailable } from '../../shared/errors/problem';
import type { PaperRepository } from '../../modules/papers';
import { SEARCH_CACHE_CONTROL, sendCacheable } from '../../shared/http/cacheable-response';

/** The sitemaps protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

export interface SitemapDeps {
  papers: Pick<PaperRepository, 'idRuns' | 'updateTimesFrom'>;
  publicBaseUrl: string;
  /** Paper URLs per child sitemap: the protocol's 50,000 unless a test lowers it to see the index split. */
  urlsPerSitemap?: number;
}

/**
 * `/sitemap.xml` (a sitemap index), its children `/sitemaps/pages.xml` (the search page) and
 * `/sitemaps/papers-{n}.xml` (the paper pages, in id order, `urlsPerSitemap` each), and `/robots.txt`.
 * Every URL is absolute, from PUBLIC_BASE_URL, and a paper's is exactly its record's `url`.
 */
export function sitemapRoutes(deps: SitemapDeps): Router {
  const router = Router();
  const base = deps.publicBaseUrl;
  const perSitemap = deps.urlsPerSitemap ?? SITEMAP_MAX_URLS;
  if (!Number.isInteger(perSitemap) || perSitemap < 1 || perSitemap > SITEMAP_MAX_URLS) {
    throw new Error(`urlsPerSitemap must be a whole number from 1 to ${SITEMAP_MAX_URLS}`);
  }

  const runs = async () => {
    try {
      return await deps.papers.idRuns(perSitemap);
    } catch (err) {
      throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
    }
  };

  router.get('/robots.txt', (req, res) => {
    const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /mcp', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
    sendCacheable(req, res, body, { 'Content-Type': 'text/plain; charset=utf-8' });
  });

  router.get('/sitemap.xml', async (req, res) => {
    const children = [`<sitemap><loc>${escapeXml(`${base}/sitemaps/pages.xml`)}</loc></sitemap>`];
    (await runs()).forEach((run, i) => {
      children.push(`<sitemap><loc>${escapeXml(`${base}/sitemaps/papers-${i + 1}.xml`)}</loc><lastmod>${run.lastModified}</lastmod></sitemap>`);
    });
    const body = `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${children.join('\n')}\n</sitemapindex>\n`;
    sendCacheable(req, res, body, { 'Content-Type': XML_CONTENT_TYPE });
  });

  router.get('/sitemaps/pages.xml', (req, res) => {
    const body = `${XML_DECLARATION}<urlset xmlns="${NS}">\n<url><loc>${escapeXml(`${base}/`)}</loc><changefreq>daily</changefreq></url>\n</urlset>\n`;
    sendCacheable(req, res, body, { 'Content-Type': XML_CONTENT_TYPE });
  });

  router.get(/^\/sitemaps\/papers-([1-9]\d{0,8})\.xml$/, async (req, res) => {
    const n = Number((req.params as Record<string, string>)[0]);
    req.routeLabel = '/sitemaps/papers-:n.xml';
    const run = (await runs())[n - 1];
    if (!run) throw notFound(`There is no sitemap ${n}; /sitemap.xml lists those there are.`);
    await streamPaperUrls(req, res, deps, run.firstId, perSitemap);
  });

  return router;
}

/**
 * Writes a child sitemap batch by batch as Postgres returns them (a 50,000-URL file is some 6 MB;
 * nothing holds it whole). The first batch is read before the status is sent, so a store that is
 * down is a 503; a failure later can only cut the response short.
 */
async function streamPaperUrls(req: Request, res: Response, deps: SitemapDeps, firstId: string, count: number): Promise<void> {
  const batches = deps.papers.updateTimesFrom(firstId, count);
  let first: IteratorResult<Array<{ id: string; updated_at: string }>>;
  try {
    first = await batches.next();
  } catch (err) {
    throw serviceUnavailable('papers_unavailable', 'The paper store is unavailable; retry in a moment.').because(err);
  }
  res.setHeader('Content-Type', XML_CONTENT_TYPE);
  res.setHeader('Cache-Control', SEARCH_CACHE_CONTROL);
  res.status(200);
  if (req.method === 'HEAD') return void res.end();
  const urls = (batch: Array<{ id: string; updated_at: string }>) =>
    batch.map((p) => `<url><loc>${escapeXml(`${deps.publicBaseUrl}/papers/${encodeURIComponent(p.id)}`)}</loc><lastmod>${p.updated_at}</lastmod></url>\n`).join('');
  res.write(`${XML_DECLARATION}<urlset xmlns="${NS}">\n`);
  try {
    if (!first.done) res.write(urls(first.value));
    for await (const batch of batches) {
      // Wait for a slow reader to take what was written rather than buffer the whole file; stop if it left.
      if (!res.write(urls(batch))) await writable(res);
      if (res.destroyed) return;
    }
  } catch (err) {
    res.destroy(err as Error);
    return;
  }
  res.end('</urlset>\n');
}

/** Resolves when the response can take more, or has closed (the client went away). */
function writable(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
