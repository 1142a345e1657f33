import fs from 'node:fs';
import path from 'node:path';
import { anchorsOf, documentationFiles, githubSlug, headingsOf, isExternal, linksOf, readDoc, ROOT } from './markdown';

/**
 * The README and docs/ hold together: the README stays short enough to read in ten minutes, every
 * relative link and #anchor in them resolves (the file exists in this repository; the anchor is a
 * heading of the target under GitHub's rules), every docs page opens with its title, one sentence
 * and a table of contents of its sections, and the README links every page.
 */
const README_MAX_LINES = 300;
const files = documentationFiles();
const pages = files.filter((f) => f.startsWith('docs/'));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const anchorCache = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
  return anchorCache.get(file)!;
}

/** Why a link of `from` (relative to the project) does not resolve, or undefined when it does. */
function brokenLink(from: string, destination: string): string | undefined {
  if (isExternal(destination)) return undefined;
  const hash = destination.indexOf('#');
  const target = hash < 0 ? destination : destination.slice(0, hash);
  const anchor = hash < 0 ? undefined : destination.slice(hash + 1);
  let file: string;
  try {
    file = target === '' ? path.join(ROOT, from) : path.resolve(path.dirname(path.join(ROOT, from)), decodeURIComponent(target));
  } catch {
    return 'not a valid URL path';
  }
  if (target.startsWith('/')) return 'an absolute path: link relative to the file';
  if (path.relative(ROOT, file).startsWith('..')) return 'leaves the repository';
  if (!fs.existsSync(file)) return `${path.relative(ROOT, file)} does not exist`;
  if (anchor === undefined) return undefined;
  if (fs.statSync(file).isDirectory() || !file.endsWith('.md')) return `an anchor into ${path.relative(ROOT, file)}, which is not a Markdown file`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    return 'not a valid anchor';
  }
  return anchorsIn(file).has(decoded) ? undefined : `${path.relative(ROOT, file)} has no heading with the anchor #${decoded}`;
}

describe('the README and docs/', () => {
  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    expect(lineCount(readDoc('README.md'))).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('there are docs pages', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it.each(files)('every relative link and anchor in %s resolves', (file) => {
    const links = linksOf(readDoc(file));
    const broken = links.map((l) => ({ l, why: brokenLink(file, l.destination) })).filter((b) => b.why);
    expect(broken.map(({ l, why }) => `${file}:${l.line} [${l.text}](${l.destination}): ${why}`)).toEqual([]);
  });

  it('the README links every docs page', () => {
    const linked = new Set(
      linksOf(readDoc('README.md'))
        .filter((l) => !isExternal(l.destination))
        .map((l) => path.relative(ROOT, path.resolve(ROOT, decodeURIComponent(l.destination.split('#')[0])))),
    );
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it.each(pages)('%s opens with its title, one sentence and a table of contents of its ## sections', (file) => {
    const text = readDoc(file);
    const blocks = text.split(/\n\s*\n/).map((b) => b.trim());
    expect(blocks[0]).toMatch(/^# \S.*$/);
    // one sentence: a paragraph (not a list, table, heading or code) ending with a full stop
    expect(blocks[1]).toMatch(/^[^-#|>`<\s][\s\S]*\.$/);
    const toc = blocks[2].split('\n');
    expect(toc.every((l) => /^\s*- \[[^\]]+\]\(#[^)]+\)$/.test(l))).toBe(true);
    const listed = new Set(toc.map((l) => /\(#([^)]+)\)/.exec(l)![1]));
    const sections = headingsOf(text).filter((h) => h.level === 2);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.filter((h) => !listed.has(h.anchor)).map((h) => `## ${h.text}`)).toEqual([]);
    // and nothing but the title is a level-1 heading
    expect(headingsOf(text).filter((h) => h.level === 1).map((h) => h.line)).toEqual([1]);
  });
});

describe('the Markdown reader of these tests', () => {
  it('makes the anchors GitHub makes', () => {
    expect(githubSlug('Rotate `SERVICE_TOKEN`')).toBe('rotate-service_token');
    expect(githubSlug('Keys, plans, quotas, events')).toBe('keys-plans-quotas-events');
    expect(githubSlug('Data API: paper search (vector mode)')).toBe('data-api-paper-search-vector-mode');
    expect(githubSlug('The `gx` command')).toBe('the-gx-command');
    expect(githubSlug('GxTargetDown')).toBe('gxtargetdown');
    expect(githubSlug('Performance → Relevance')).toBe('performance--relevance');
    expect(githubSlug('A *bold* [link](x.md) and _em_')).toBe('a-bold-link-and-em');
    expect(githubSlug('水素 と CO2')).toBe('水素-と-co2');
    const text = '# T\n\n## Same\n\n```\n## Not a heading\n```\n\n## Same\n';
    expect(headingsOf(text).map((h) => h.anchor)).toEqual(['t', 'same', 'same-1']);
  });

  it('reads links outside code, over line breaks, with titles and angle brackets', () => {
    const text = [
      'See [one\n  two](a.md#x) and ![img](<b c.png> "t"), `[not](code.md)`.',
      '```sh',
      'echo "[no](fence.md)"',
      '```',
      '[ref]: ./r.md',
      '<a href="h.md">h</a> <https://example.org>',
    ].join('\n');
    expect(linksOf(text).map((l) => [l.line, l.destination])).toEqual([
      [1, 'a.md#x'],
      [2, 'b c.png'],
      [6, './r.md'],
      [7, 'h.md'],
    ]);
  });

  it('finds a broken file, a broken anchor, and an anchor in another page', () => {
    expect(brokenLink('README.md', 'docs/no-such-page.md')).toMatch(/does not exist/);
    expect(brokenLink('README.md', '#no-such-section')).toMatch(/no heading/);
    expect(brokenLink('README.md', '../outside.md')).toMatch(/leaves the repository/);
    expect(brokenLink('README.md', 'https://example.org/#anything')).toBeUndefined();
    const [page] = pages;
    const anchor = headingsOf(readDoc(page)).find((h) => h.level === 2)!.anchor;
    expect(brokenLink('README.md', `${page}#${anchor}`)).toBeUndefined();
    expect(brokenLink(page, `../${page}#${anchor}`)).toBeUndefined();
  });
});
