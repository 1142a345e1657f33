/** Line charts of figures against corpus size, as plain SVG strings (no dependency). */

export interface ChartSeries {
  label: string;
  /** One value per x; NaN or undefined where not measured (the line skips it). */
  values: readonly (number | undefined)[];
}

export interface LineChart {
  title: string;
  /** The unit of the y axis, e.g. "s", "MB", "req/s". */
  yLabel: string;
  xs: readonly number[];
  series: readonly ChartSeries[];
  /** A horizontal target line, when the figure has one. */
  target?: { value: number; label: string };
  /** Subtitle: the machine, the date, what the figures are (medians, …). */
  note?: string;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
const W = 760;
const H = 440;
const M = { left: 78, right: 24, top: 64, bottom: 120 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A "nice" step (1, 2 or 5 × 10^n) giving about `count` ticks over [0, max]. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

function fmt(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) >= 1_000_000) return `${+(v / 1_000_000).toFixed(2)}M`;
  if (Math.abs(v) >= 1_000) return `${+(v / 1_000).toFixed(1)}k`;
  if (Math.abs(v) >= 10) return String(Math.round(v));
  return String(+v.toFixed(2));
}

/**
 * Both axes linear and from zero, so a figure that grows linearly with the corpus is a straight line
 * through the origin's direction and a constant one is flat.
 */
export function lineChartSvg(chart: LineChart): string {
  const finite = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== undefined && Number.isFinite(v)));
  const yMaxData = Math.max(...finite, chart.target?.value ?? 0, 0);
  const yStep = niceStep(yMaxData > 0 ? yMaxData * 1.08 : 1, 5);
  const yMax = Math.ceil((yMaxData > 0 ? yMaxData * 1.08 : 1) / yStep) * yStep;
  const xMaxData = Math.max(...chart.xs);
  const xStep = niceStep(xMaxData, 6);
  const xMax = Math.ceil((xMaxData * 1.04) / xStep) * xStep;
  // The legend takes two series a row; past four rows the picture grows downwards to hold them.
  const height = H + Math.max(0, Math.ceil(chart.series.length / 2) - 4) * 18;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const X = (x: number) => M.left + (x / xMax) * pw;
  const Y = (y: number) => M.top + ph - (y / yMax) * ph;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${esc(chart.title)}</text>`);
  if (chart.note) out.push(`<text x="${W / 2}" y="44" text-anchor="middle" fill="#555">${esc(chart.note)}</text>`);

  for (let y = 0; y <= yMax + yStep / 2; y += yStep) {
    out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${Y(y).toFixed(1)}" y2="${Y(y).toFixed(1)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${M.left - 6}" y="${(Y(y) + 4).toFixed(1)}" text-anchor="end">${fmt(y)}</text>`);
  }
  for (let x = 0; x <= xMax + xStep / 2; x += xStep) {
    out.push(`<line x1="${X(x).toFixed(1)}" x2="${X(x).toFixed(1)}" y1="${M.top + ph}" y2="${M.top + ph + 5}" stroke="#333"/>`);
    out.push(`<text x="${X(x).toFixed(1)}" y="${M.top + ph + 18}" text-anchor="middle">${fmt(x)}</text>`);
  }
  out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="#333"/>`);
  out.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="#333"/>`);
  out.push(`<text x="${M.left + pw / 2}" y="${M.top + ph + 36}" text-anchor="middle">papers in the corpus</text>`);
  out.push(`<text transform="translate(18 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(chart.yLabel)}</text>`);

  if (chart.target) {
    const ty = Y(chart.target.value).toFixed(1);
    out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${ty}" y2="${ty}" stroke="#888" stroke-dasharray="6 4"/>`);
    out.push(`<text x="${W - M.right - 4}" y="${(Number(ty) - 5).toFixed(1)}" text-anchor="end" fill="#666">${esc(chart.target.label)}</text>`);
  }

  chart.series.forEach((s, si) => {
    const color = COLORS[si % COLORS.length]!;
    const points = chart.xs
      .map((x, i) => [x, s.values[i]] as const)
      .filter((p): p is readonly [number, number] => p[1] !== undefined && Number.isFinite(p[1]));
    if (points.length > 1) {
      out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(' ')}"/>`);
    }
    for (const [x, y] of points) {
      out.push(`<circle cx="${X(x).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3.5" fill="${color}"><title>${esc(`${s.label}: ${fmt(y)} at ${fmt(x)} papers`)}</title></circle>`);
    }
    // Legend: two columns under the plot.
    const col = si % 2;
    const rowN = Math.floor(si / 2);
    const lx = M.left + col * (pw / 2);
    const ly = M.top + ph + 58 + rowN * 18;
    out.push(`<line x1="${lx}" x2="${lx + 22}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"/>`);
    out.push(`<text x="${lx + 28}" y="${ly}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
