/** Calendar windows in UTC: a day resets at 00:00 UTC, a month at 00:00 UTC on its first day. */
export type WindowKind = 'daily' | 'monthly';

export interface CalendarWindow {
  kind: WindowKind;
  /** `2026-11-21` or `2026-11`: part of the counter's key, so a new window starts a new counter. */
  id: string;
  resetsAt: Date;
  /** Length of a full window in seconds (for the IETF `w` parameter). */
  seconds: number;
}

export function windowOf(kind: WindowKind, now: Date): CalendarWindow {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (kind === 'daily') {
    const start = Date.UTC(y, m, now.getUTCDate());
    return { kind, id: new Date(start).toISOString().slice(0, 10), resetsAt: new Date(start + 86_400_000), seconds: 86_400 };
  }
  const start = Date.UTC(y, m, 1);
  const end = Date.UTC(y, m + 1, 1);
  return { kind, id: new Date(start).toISOString().slice(0, 7), resetsAt: new Date(end), seconds: (end - start) / 1000 };
}

export const secondsUntil = (when: Date, now: Date) => Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));
