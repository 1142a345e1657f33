import fs from 'node:fs';
import path from 'node:path';

/**
 * Just enough Markdown for the documentation's tests: which files are the documentation, where their
 * fenced code blocks are, their headings with GitHub's anchors, and their links.
 */
export const ROOT = path.resolve(__dirname, '../..');
export const DOCS_DIR = path.join(ROOT, 'docs');

/** The documentation, relative to the project folder: README.md, then every docs/*.md by name. */
export function documentationFiles(): string[] {
  const pages = fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md')).sort() : [];
  return ['README.md', ...pages.map((f) => `docs/${f}`)];
}

export const readDoc = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

export interface Fence {
  /** 0-based index of the opening and closing fence lines (close = lines.length when unclosed). */
  open: number;
  close: number;
  info: string;
}

/** Fenced code blocks (``` or ~~~, possibly indented inside a list item). */
export function fencesOf(lines: string[]): Fence[] {
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i]);
    if (!m) continue;
    const marker = m[1];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[j])) j++;
    out.push({ open: i, close: j, info: m[2].trim() });
    i = j;
  }
  return out;
}

/** The lines with every fenced block's lines blanked (so line numbers stay). */
function proseLines(text: string): string[] {
  const lines = text.split('\n');
  for (const f of fencesOf(lines)) for (let i = f.open; i <= Math.min(f.close, lines.length - 1); i++) lines[i] = '';
  return lines;
}

/** Inline code spans blanked (newlines kept), so that a link or heading syntax inside one is not read. */
const CODE_SPAN = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;
const blankCode = (text: string) => text.replace(CODE_SPAN, (m) => m.replace(/[^\n]/g, ' '));

/**
 * GitHub's anchor for a heading (github-slugger): the rendered text (markup gone, code kept), lower
 * case, every character that is not a letter, mark, number, connector (`_`), hyphen or space
 * dropped, each space a hyphen.
 */
export function githubSlug(heading: string): string {
  const text = heading
    .split(/((?<!`)`+(?!`)[^`]*?`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/^`+|`+$/g, '')
        : part
            .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*+/g, '')
            .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1'),
    )
    .join('');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

export interface Heading {
  line: number;
  level: number;
  text: string;
  anchor: string;
}

/** ATX headings outside code blocks, with GitHub's anchors (a repeated one gets -1, -2, …). */
export function headingsOf(text: string): Heading[] {
  const seen = new Map<string, number>();
  const out: Heading[] = [];
  proseLines(text).forEach((line, i) => {
    const m = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!m) return;
    const base = githubSlug(m[2] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push({ line: i + 1, level: m[1].length, text: (m[2] ?? '').trim(), anchor: n === 0 ? base : `${base}-${n}` });
  });
  return out;
}

/** Every anchor a link may name in this text: the headings', and explicit `<a id|name="…">`. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set(headingsOf(text).map((h) => h.anchor));
  for (const m of proseLines(text).join('\n').matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1]);
  return anchors;
}

export interface Link {
  line: number;
  text: string;
  destination: string;
}

/**
 * The links of a Markdown text outside code: inline links and images (`[text](dest "title")`, the
 * text may span lines), reference definitions (`[label]: dest`), and HTML `href` / `src`.
 */
export function linksOf(text: string): Link[] {
  const prose = blankCode(proseLines(text).join('\n'));
  const lineAt = (index: number) => prose.slice(0, index).split('\n').length;
  const out: Link[] = [];
  const inline = /!?\[((?:[^[\]\\]|\\.|\[(?:[^[\]\\]|\\.)*\])*)\]\(\s*(<[^>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
  for (const m of prose.matchAll(inline)) out.push({ line: lineAt(m.index!), text: m[1].replace(/\s+/g, ' '), destination: m[2].replace(/^<|>$/g, '') });
  for (const m of prose.matchAll(/^ {0,3}\[([^\]]+)\]:\s*(<[^>\n]*>|\S+)/gm)) out.push({ line: lineAt(m.index!), text: m[1], destination: m[2].replace(/^<|>$/g, '') });
  for (const m of prose.matchAll(/<(?:a|img)\s[^>]*\b(?:href|src)\s*=\s*["']([^"']*)["']/gi)) out.push({ line: lineAt(m.index!), text: m[0], destination: m[1] });
  return out.sort((a, b) => a.line - b.line);
}

/** A destination with a scheme (https:, mailto:) leaves the repository: not checked here. */
export const isExternal = (destination: string) => /^[a-z][a-z0-9+.-]*:/i.test(destination) || destination.startsWith('//');
