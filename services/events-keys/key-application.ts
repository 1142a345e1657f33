import { badRequest } from '../../shared/errors/problem';

/** An application for a data-API key (`POST /api/keys/applications`). */
export interface KeyApplication {
  email: string;
  name: string;
  organization: string;
  purpose: string;
}

const FIELDS: { name: keyof KeyApplication; max: number }[] = [
  { name: 'email', max: 254 },
  { name: 'name', max: 200 },
  { name: 'organization', max: 200 },
  { name: 'purpose', max: 2000 },
];

// Deliberately plain: one @, no white space, a dot in the domain. Deliverability is the operator's check.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Validates an application body; errors carry the spec's codes (`missing_field:<name>`, `invalid_email`). */
export function parseKeyApplication(body: Record<string, unknown>): KeyApplication {
  const out = {} as KeyApplication;
  for (const { name, max } of FIELDS) {
    const value = body[name];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw badRequest(`missing_field:${name}`, `The field "${name}" is required.`);
    }
    if (typeof value !== 'string') throw badRequest(`invalid_field:${name}`, `The field "${name}" must be a string.`);
    if (value.trim().length > max) throw badRequest(`invalid_field:${name}`, `The field "${name}" may hold at most ${max} characters.`);
    out[name] = value.trim();
  }
  if (!EMAIL.test(out.email)) throw badRequest('invalid_email', 'The e-mail address is not valid.');
  return out;
}
