/** Plain-text tables: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The same table in Markdown (first column left-aligned, the others right-aligned), padded so it
 * also reads as text: a report whose table goes into docs/performance.md as it is printed.
 */
export function markdownTable(header: string[], rows: string[][]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const all = [header, ...rows].map((r) => header.map((_, c) => cell(r[c] ?? '')));
  const widths = header.map((_, c) => Math.max(3, ...all.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((text, c) => (c === 0 ? text.padEnd(widths[c]!) : text.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (c === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(all[0]!), rule, ...all.slice(1).map(line)].join('\n');
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const mb = (n: number) => `${n.toFixed(1)} MB`;
export const yesNo = (met: boolean) => (met ? 'yes' : 'NO');
