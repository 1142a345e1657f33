import { SBT_STATUSES } from '../../services/company-data/company-inputs';
import type { HttpClient } from './http-client';

/** The data-API list endpoints the benchmark measures, with the page size every measured request asks for. */
export const ENDPOINTS = {
  metrics: { path: '/api/v1/gx-metrics', limit: 1000 },
  companies: { path: '/api/v1/companies', limit: 500 },
} as const;
export type EndpointName = keyof typeof ENDPOINTS;

/** A filter of a list endpoint: its query parameters (without limit and offset) and a kind for the report. */
export interface FilterSpec {
  kind: string;
  params: Record<string, string>;
}

export interface ProbedFilter extends FilterSpec {
  /** Matching records (the response's `total`). */
  total: number;
}

/** One measured request: its path and the kind of filter it carries. */
export interface PageRequest {
  path: string;
  kind: string;
  offset: number;
}

/** The TSE 33-sector codes (from the database, via the probe) are tried as industry filters. */
export function metricFilters(options: { years: number[]; industries: string[] }): FilterSpec[] {
  return [
    { kind: 'no filter', params: {} },
    ...options.years.map((year) => ({ kind: 'year', params: { year: String(year) } })),
    ...SBT_STATUSES.map((s) => ({ kind: 'sbt_status', params: { sbt_status: s } })),
    ...options.industries.map((code) => ({ kind: 'industry', params: { industry: code } })),
    ...options.years.flatMap((year) => SBT_STATUSES.map((s) => ({ kind: 'year + sbt_status', params: { year: String(year), sbt_status: s } }))),
  ];
}

export function companyFilters(options: { industries: string[] }): FilterSpec[] {
  return [
    { kind: 'no filter', params: {} },
    ...options.industries.map((code) => ({ kind: 'industry', params: { industry: code } })),
  ];
}

export function pagePath(endpoint: EndpointName, params: Record<string, string>, limit: number, offset: number): string {
  const query = new URLSearchParams({ ...params, limit: String(limit), offset: String(offset) });
  return `${ENDPOINTS[endpoint].path}?${query.toString()}`;
}

/** Asks each filter once (limit=1) for its total; keeps those with at least one full page. */
export async function probeFilters(
  client: HttpClient,
  endpoint: EndpointName,
  filters: readonly FilterSpec[],
): Promise<{ kept: ProbedFilter[]; dropped: ProbedFilter[] }> {
  const kept: ProbedFilter[] = [];
  const dropped: ProbedFilter[] = [];
  for (const filter of filters) {
    const path = pagePath(endpoint, filter.params, 1, 0);
    const res = await client.get(path);
    if (res.status !== 200) throw new Error(`probe GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
    const probed = { ...filter, total: (JSON.parse(res.body) as { total: number }).total };
    (probed.total >= ENDPOINTS[endpoint].limit ? kept : dropped).push(probed);
  }
  return { kept, dropped };
}

/**
 * Every full page of every kept filter: offsets 0, `step`, 2·`step`, … while a whole page still
 * fits, plus the last full page (`total - limit`). Each request therefore returns exactly `limit` records.
 */
export function fullPages(endpoint: EndpointName, filters: readonly ProbedFilter[], step: number): PageRequest[] {
  const { limit } = ENDPOINTS[endpoint];
  const out: PageRequest[] = [];
  for (const f of filters) {
    const offsets = new Set<number>();
    for (let offset = 0; offset + limit <= f.total; offset += step) offsets.add(offset);
    offsets.add(f.total - limit);
    for (const offset of [...offsets].sort((a, b) => a - b)) out.push({ path: pagePath(endpoint, f.params, limit, offset), kind: f.kind, offset });
  }
  return out;
}

/** A fixed pseudo-random order (mulberry32), so kinds and offsets mix evenly over time, the same in every run. */
export function shuffled<T>(items: readonly T[], seed = 0x5eed): T[] {
  let a = seed | 0;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Round-robin over `items` across every caller (so the connections of a load round do not move in lockstep). */
export function cycler<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let i = 0;
  return () => items[i++ % items.length]!;
}

/** Up to `n` requests spread evenly over the list (a sample to check again after the run). */
export function sampleRequests<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}
