import type { SbtStatus } from '../company-inputs';

/**
 * SBTi's Companies-Taking-Action vocabulary mapped onto the spec's four statuses.
 *
 * - near-term status "Targets set" with a classification starting "1.5°C" → `1.5C`;
 *   "Well-below 2°C" → `WB2C`; "2°C" (older targets; the nearest of the four values) → `WB2C`;
 * - "Committed" → `committed`;
 * - "Commitment removed", or anything else (a set target without a known classification too) → `none`.
 *
 * The original words are kept beside the status (`sbti_status`, `sbti_classification`).
 */
export function mapSbtStatus(nearTermStatus: string | null, classification: string | null): SbtStatus {
  const status = squash(nearTermStatus);
  if (status === 'committed') return 'committed';
  if (status !== 'targetsset') return 'none';
  const kind = squash(classification);
  if (kind.startsWith('1.5c')) return '1.5C';
  if (kind.startsWith('wellbelow2c') || kind.startsWith('2c')) return 'WB2C';
  return 'none';
}

/** Lower case without spaces, hyphens or degree signs: "Well-below 2°C" → "wellbelow2c", "1.5 ℃" → "1.5c". */
function squash(text: string | null): string {
  return (text ?? '').normalize('NFKC').toLowerCase().replace(/[\s\-‐‑–°º˚]/g, '');
}

/** How advanced a status is: 1.5C > WB2C > committed > none. */
export const SBT_STATUS_RANK: Readonly<Record<SbtStatus, number>> = { '1.5C': 3, WB2C: 2, committed: 1, none: 0 };

/**
 * A target year as SBTi writes it: "FY2030" or "2030" → 2030; empty → null. Throws a RangeError
 * naming the field for anything else.
 */
export function parseTargetYear(field: string, value: string | null): number | null {
  if (value == null || value.trim() === '') return null;
  const match = /^(?:FY\s*)?(\d{4})$/i.exec(value.trim());
  const year = match ? Number(match[1]) : NaN;
  if (!(year >= 1990 && year <= 2100)) throw new RangeError(`${field}: "${value}" is not a year (expected like 2030 or FY2030)`);
  return year;
}

/** An ISO calendar date (YYYY-MM-DD) or null; throws a RangeError naming the field for anything else. */
export function parseIsoDate(field: string, value: string | null): string | null {
  if (value == null || value.trim() === '') return null;
  const text = value.trim();
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  const valid = Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
  if (!valid) throw new RangeError(`${field}: "${value}" is not a date (expected YYYY-MM-DD)`);
  return text;
}
