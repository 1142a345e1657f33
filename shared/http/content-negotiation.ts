/**
 * Proactive content negotiation on `Accept` (RFC 9110 §12.5.1) among the representations an endpoint
 * offers, the first being its default. Lenient by design: an Accept that names none of them (a
 * browser's `text/html,…`) gets the default rather than 406, so a client that sends Accept out of
 * habit keeps the answer it always had.
 */
export interface Offered<N extends string = string> {
  name: N;
  /** The media types that select it (the first is the one it is sent as). */
  mediaTypes: readonly string[];
}

interface Range {
  type: string;
  subtype: string;
  q: number;
}

/** `text/csv;q=0.5, any;q=0.1` → its ranges (parameters other than q ignored); malformed ones are skipped. */
function ranges(accept: string): Range[] {
  const out: Range[] = [];
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';');
    const [type, subtype] = (range ?? '').trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((s) => s.trim());
      if (name?.toLowerCase() === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    out.push({ type, subtype, q });
  }
  return out;
}

/** The quality the ranges give a media type: that of the most specific range matching it (exact, then `type/*`, then `*\/*`); 0 when none does. */
function quality(mediaType: string, accepted: readonly Range[]): number {
  const [type, subtype] = mediaType.split('/');
  let best = -1;
  let q = 0;
  for (const r of accepted) {
    const specificity = r.type === type && r.subtype === subtype ? 3 : r.type === type && r.subtype === '*' ? 2 : r.type === '*' && r.subtype === '*' ? 1 : 0;
    if (specificity > best && specificity > 0) {
      best = specificity;
      q = r.q;
    }
  }
  return q;
}

/** The offered representation `accept` prefers most; ties and no match at all go to the earlier one (the default first). */
export function negotiate<N extends string>(accept: string | undefined, offered: readonly [Offered<N>, ...Offered<N>[]]): N {
  const fallback = offered[0].name;
  // The common cases, without parsing.
  if (accept === undefined || accept === '' || accept === '*/*' || accept === offered[0].mediaTypes[0]) return fallback;
  const accepted = ranges(accept);
  let chosen = fallback;
  let best = 0;
  for (const option of offered) {
    const q = Math.max(...option.mediaTypes.map((m) => quality(m, accepted)));
    if (q > best) {
      best = q;
      chosen = option.name;
    }
  }
  return chosen;
}
