import fs from 'node:fs';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { isCi } from '../support/services';
import { scratchDir } from '../support/test-run';

/**
 * Browser tests drive Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it) with
 * playwright-core, never a browser playwright downloads. GX_CHROMIUM_PATH points at another binary.
 */
export const CHROMIUM_PATH = process.env.GX_CHROMIUM_PATH || '/usr/bin/chromium';

const missingWhy = (): string | undefined =>
  fs.existsSync(CHROMIUM_PATH) ? undefined : `needs Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set GX_CHROMIUM_PATH)`;

/**
 * `describe` when Chromium is there. Otherwise, outside CI, one skipped test that says why; in CI,
 * one failing test (like the reference-data suites).
 */
export function describeWithChromium(name: string, fn: () => void): void {
  const why = missingWhy();
  if (!why) describe(name, fn);
  else if (isCi()) describe(name, () => it(why, () => { throw new Error(`Chromium missing: ${why}; CI must have it`); }));
  else describe.skip(name, () => it(`skipped: ${why}`, () => undefined));
}

/** Headless Chromium. As root it needs --no-sandbox; no background connections (the network is closed). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The phone and desktop sizes the screenshots and layout checks use. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of the page as it is now. axe is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy (script-src 'self') does not apply to, so the page is
 * checked with its real headers, not with CSP bypassed.
 */
export async function axeViolations(page: Page, impacts: readonly string[] = ['serious', 'critical']) {
  // Expressions, not functions: jest's compiler would rewrite a function's source for Node, not for the page.
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axeSource);
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as AxeResults;
  return results.violations
    .filter((v) => impacts.includes(v.impact ?? ''))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Where screenshots go: SCREENSHOT_DIR when set (created, and kept after the run, for people to
 * look at); otherwise a scratch folder of this test run, removed when the test file ends (the
 * screenshots are still taken, so taking them is tested).
 */
export function screenshotDir(): string {
  const wanted = process.env.SCREENSHOT_DIR;
  if (!wanted) return scratchDir('screenshots');
  const dir = path.resolve(wanted);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves a full-page PNG and returns its path. */
export async function screenshot(page: Page, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A page with no timeouts of its own (jest's bounds the test) that records, in `problems`, every
 * Content-Security-Policy refusal, script error and dialog: a test asserts the list stays empty.
 */
export async function watchedPage(context: BrowserContext, problems: string[]): Promise<Page> {
  const p = await context.newPage();
  p.setDefaultTimeout(0);
  p.setDefaultNavigationTimeout(0);
  p.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  p.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  p.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return p;
}

/** Runs `action` on `page` and resolves with the JSON body of the public search request it caused. */
export async function searchAnswer<T>(page: Page, action: () => Promise<unknown>): Promise<T> {
  const [response] = await Promise.all([page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/papers/search'), action()]);
  return (await response.json()) as T;
}
