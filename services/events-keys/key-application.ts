import { z } from 'zod';
import { bodyField, rule, text } from '../../shared/http/param-schemas';
import { parseBody } from '../../shared/http/request-schema';


// Deliberately plain: one @, no white space, a dot in the domain. Deliverability is the operator's check.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** A required text field of at most `max` characters once trimmed; blank counts as absent. */
const field = (name: 'email' | 'name' | 'organization' | 'purpose', max: number, description: string) =>
  bodyField(
    name,
    text({ error: (issue) => (issue.input === undefined || issue.input === null ? `The field "${name}" is required.` : `The field "${name}" must be a string.`) })
      .check(
        rule<string>((v) => v.trim() !== '', `The field "${name}" is required.`, `missing_field:${name}`),
        rule<string>((v) => v.trim().length <= max, `The field "${name}" may hold at most ${max} characters.`),
      )
      .transform((v) => v.trim()),
    { description, maxLength: max },
  );

/** The body of an application; errors carry the spec's codes (`missing_field:<name>`, `invalid_field:<name>`, `invalid_email`). */
export const keyApplicationSchema = z
  .object({
    email: field('email', 254, 'Where the operator answers; one pending application per address (any case) within 30 days.'),
    name: field('name', 200, 'Your name.'),
    organization: field('organization', 200, 'Your organisation.'),
    purpose: field('purpose', 2000, 'What you will use the data for.'),
  })
  .superRefine((v, ctx) => {
    if (!EMAIL.test(v.email)) ctx.addIssue({ code: 'custom', message: 'The e-mail address is not valid.', params: { code: 'invalid_email' }, input: v.email });
  });

/** An application for a data-API key (`POST /api/keys/applications`). */
export type KeyApplication = z.output<typeof keyApplicationSchema>;

/** Validates an application body (unknown fields are ignored). */
export const parseKeyApplication = (body: unknown): KeyApplication => parseBody(keyApplicationSchema, body);
