/** Plain-text tables: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const mb = (n: number) => `${n.toFixed(1)} MB`;
export const yesNo = (met: boolean) => (met ? 'yes' : 'NO');
