import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { toPublicPaper } from '../../shared/papers/public-paper';
import { renderPaperPage } from '../../services/public-site/paper-page.html';
import { renderNotFoundPage } from '../../services/public-site/not-found-page';
import { notFoundPageRoute } from '../../services/public-site/not-found.routes';
import { SiteAssets, siteRoutes } from '../../services/public-site/site.routes';
import { EN_PAPER, storedPaper } from './site-fixtures';

/**
 * The generated-demo-data notice: on the search page and the 404 pages when DEMO_DATA is on, on a
 * paper page when its record is a generated one (`source = 'demo'`); in the page's language.
 */
describe('the demo notice', () => {
  const assets = SiteAssets.load();
  const notice = (html: string) => parse(html).querySelector('#demo-notice')?.text.trim();

  it('is on the search page in both languages when the corpus is the demo, and absent otherwise', async () => {
    const demo = express().use(siteRoutes(assets, { demo: true }));
    const real = express().use(siteRoutes(assets, { demo: false }));
    const en = (await request(demo).get('/').set('Accept-Language', 'en').expect(200)).text;
    expect(notice(en)).toMatch(/^Demo data: .*generated.*not research\.$/);
    expect(parse(en).querySelector('#demo-notice')!.getAttribute('role')).toBe('note');
    const ja = (await request(demo).get('/?hl=ja').expect(200)).text;
    expect(notice(ja)).toMatch(/^デモデータ：.*自動生成.*研究成果ではありません。$/);
    expect(notice((await request(real).get('/').expect(200)).text)).toBeUndefined();
  });

  it('is on the 404 page of an unknown path when the corpus is the demo', async () => {
    const app = express().use(notFoundPageRoute({ demo: true }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await request(url).get('/about').set('Accept', 'text/html').set('Accept-Language', 'ja').expect(404);
      expect(notice(res.text)).toMatch(/^デモデータ：/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(notice(renderNotFoundPage({ lang: 'en', kind: 'page', path: '/x', demo: false }))).toBeUndefined();
  });

  it('is on a paper page when the record is generated, whatever DEMO_DATA says, and not on a loaded paper', () => {
    const paper = storedPaper(EN_PAPER);
    const page = (source: string | null, lang: 'en' | 'ja') =>
      renderPaperPage({ record: toPublicPaper({ ...paper, source }, 'https://papers.example.org'), paper: { ...paper, source }, release: '2026-11-28' }, { lang });
    expect(notice(page('demo', 'en'))).toMatch(/^Demo data: /);
    expect(notice(page('demo', 'ja'))).toMatch(/^デモデータ：/);
    expect(notice(page('openalex', 'en'))).toBeUndefined();
    expect(notice(page(null, 'ja'))).toBeUndefined();
  });
});
